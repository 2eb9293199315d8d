import Almanac
import Foundation

/// The figures of one Monday-based week of action instances, with the tweak and texts Elaro
/// suggests for the parent's weekly summary.
///
/// The suggested tweak: `scale_down` when 3 or more actions felt hard or fewer than half were
/// done; otherwise `scale_up` when at least 80 % were done; otherwise `keep` (also for a week
/// without actions).
public struct ElaroWeeklyReview: Sendable, Equatable {
    /// The week.
    public var week: ElaroWeek
    /// Actions logged in the week.
    public var total: Int
    /// Of them done.
    public var done: Int
    /// Of them snoozed.
    public var snoozed: Int
    /// Of them skipped.
    public var skipped: Int
    /// Of them felt hard.
    public var hard: Int
    /// Days of the week with at least one action done.
    public var activeDays: Int
    /// Done and logged per focus area.
    public var byArea: [FocusArea.Name: (done: Int, total: Int)]
    /// The template done most often (ties by id), with its count.
    public var mostDone: (templateId: String, title: String, count: Int)?

    /// The review of `week` from `instances` (others are ignored), titles from `templates`.
    public init(week: ElaroWeek, instances: [ActionInstance], templates: [ActionTemplate]) {
        let titles = Dictionary(templates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let inWeek = instances.filter { week.contains($0.date) }
        self.week = week
        total = inWeek.count
        done = inWeek.filter(\.isSuccess).count
        snoozed = inWeek.filter { $0.status == .snoozed }.count
        skipped = inWeek.filter { $0.status == .skipped }.count
        hard = inWeek.filter { $0.feltDifficulty == .hard }.count
        activeDays = Set(inWeek.filter(\.isSuccess).map(\.date)).count
        var areas: [FocusArea.Name: (done: Int, total: Int)] = [:]
        var doneCounts: [String: Int] = [:]
        for instance in inWeek {
            guard let area = titles[instance.templateId]?.focusId else { continue }
            areas[area, default: (0, 0)].total += 1
            if instance.isSuccess {
                areas[area, default: (0, 0)].done += 1
                doneCounts[instance.templateId, default: 0] += 1
            }
        }
        byArea = areas
        mostDone = doneCounts.min { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { ($0.key, titles[$0.key]?.title ?? $0.key, $0.value) }
    }

    /// The tweak Elaro suggests for next week.
    public var suggestedTweak: WeeklySummary.Tweak {
        guard total > 0 else { return .keep }
        if hard >= 3 || Double(done) < Double(total) / 2 { return .scaleDown }
        return Double(done) >= 0.8 * Double(total) ? .scaleUp : .keep
    }

    /// An auto-suggested "what went well".
    public var suggestedWinText: String {
        guard done > 0 else { return "You kept Elaro in mind this week; every small try counts." }
        var text = "\(done) of \(total) actions done on \(activeDays) day\(activeDays == 1 ? "" : "s")"
        if let mostDone { text += "; “\(mostDone.title)” \(mostDone.count == 1 ? "once" : "\(mostDone.count) times")" }
        return text + "."
    }

    /// An auto-suggested "what was hard".
    public var suggestedHardText: String {
        guard total > 0 else { return "No actions were logged this week." }
        let parts = [hard > 0 ? "\(hard) felt hard" : nil, skipped > 0 ? "\(skipped) skipped" : nil, snoozed > 0 ? "\(snoozed) snoozed" : nil].compactMap { $0 }
        return parts.isEmpty ? "Nothing felt hard this week." : parts.joined(separator: ", ").prefix(1).uppercased() + parts.joined(separator: ", ").dropFirst() + "."
    }

    /// A weekly summary with the suggested texts and tweak, for the parent to edit.
    public func suggestedSummary(id: UUID = UUID()) -> WeeklySummary {
        WeeklySummary(id: id, weekStart: week.start, winText: suggestedWinText, hardText: suggestedHardText, suggestedTweak: suggestedTweak)
    }

    /// Equal when every figure is (the per-area tuples compared by value).
    public static func == (lhs: ElaroWeeklyReview, rhs: ElaroWeeklyReview) -> Bool {
        lhs.week == rhs.week && lhs.total == rhs.total && lhs.done == rhs.done && lhs.snoozed == rhs.snoozed && lhs.skipped == rhs.skipped
            && lhs.hard == rhs.hard && lhs.activeDays == rhs.activeDays && lhs.mostDone?.templateId == rhs.mostDone?.templateId
            && lhs.byArea.mapValues { [$0.done, $0.total] } == rhs.byArea.mapValues { [$0.done, $0.total] }
    }
}
