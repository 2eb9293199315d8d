import Almanac
import Foundation

/// A template at a duration: what a step rule proposes instead of the template it judged.
public struct ElaroCousin: Sendable, Equatable {
    /// The proposed template (the judged one itself when it has no cousin in that direction).
    public var templateId: String
    /// The proposed variant.
    public var duration: VariantDuration
}

/// A step rule that fired for a template.
public struct ElaroStep: Sendable, Equatable {
    /// Which way.
    public enum Direction: String, Sendable, Codable {
        /// ≥ 3 successes in the last 4 attempts with ≤ 1 hard: a slightly harder cousin.
        case up
        /// ≥ 2 hard or ≥ 2 skips in the last 4 attempts: an easier cousin for 3 days.
        case down
    }

    /// Which way.
    public var direction: Direction
    /// The template the attempts were of.
    public var templateId: String
    /// What to offer instead.
    public var cousin: ElaroCousin
    /// The attempts the rule looked at, oldest first.
    public var attempts: [ActionInstance]
    /// The last day the swap holds (step-down only).
    public var through: CalendarDate?
}

/// The friction dampener's state on a day.
public struct ElaroDampener: Sendable, Equatable {
    /// The third consecutive day with a friction index above the threshold.
    public var triggeredOn: CalendarDate
    /// The last day scoring stays paused.
    public var through: CalendarDate
    /// The friction index of the three days, oldest first.
    public var frictionIndices: [Double]
}

/// The seed's adaptation rules over a history of action instances and events.
///
/// Every rule judges the complete days before the day asked about, so a plan does not change
/// while the day's own actions are logged. Choices where the seed is vague:
/// - **Attempts** are a template's instances of any status, newest last; the step-up needs
///   four of them, the step-down looks at up to four.
/// - **Cousins** share the focus area and at least one tag; the harder cousin has the lowest
///   difficulty above, the easier one the highest below (then most shared tags, then id).
///   Without a cousin the same template steps to its next longer (up) or its shortest
///   (down) variant.
/// - **Step-down for 3 days**: the three days after the attempt that triggered it.
/// - **Bandwidth bias**: "consistently" is ≥ 75 % of at least 3 picks of the previous
///   Monday-based week taking the template's shortest variant (bias to 5 minutes) or its
///   longest (bias to 20), counting templates with more than one variant only.
/// - **Friction dampener**: an index above 0.4 on three consecutive days T−2, T−1, T pauses
///   scoring on T+1 … T+3.
/// - **Ritual protection**: a template of an active area serves its ritual when it shares
///   at least two of the ritual block's tags (all, when the block has one); it streaks when
///   done on each of the 3 or more days before the day asked about.
public struct ElaroAdaptationRules: Sendable {
    /// Attempts the step rules look at.
    public static let attemptWindow = 4
    /// Days a step-down swap and the friction dampener hold.
    public static let holdDays = 3
    /// The friction index above which a day counts towards the dampener.
    public static let frictionThreshold = 0.4
    /// Days in a row that make a ritual a streak worth protecting.
    public static let ritualStreakDays = 3
    /// The share of picks that makes a bandwidth habit "consistent".
    public static let consistentShare = 0.75

    /// The signals over the same history (its instances, templates and events).
    public var signals: ElaroSignalCalculator

    /// Creates the rules over a signal calculator's history.
    public init(signals: ElaroSignalCalculator) {
        self.signals = signals
    }

    /// The last (up to) four attempts of `templateId` dated on or before `day`, oldest first.
    public func lastAttempts(of templateId: String, through day: CalendarDate) -> [ActionInstance] {
        Array(signals.instances.filter { $0.templateId == templateId && $0.date <= day }.suffix(Self.attemptWindow))
    }

    /// The step-up for `templateId` on `day`: ≥ 3 successes in its last 4 attempts before
    /// `day` with ≤ 1 hard; `nil` when it does not hold or there is nothing harder to offer.
    public func stepUp(for templateId: String, on day: CalendarDate) -> ElaroStep? {
        let attempts = lastAttempts(of: templateId, through: day.adding(days: -1))
        guard attempts.count == Self.attemptWindow,
              attempts.filter(\.isSuccess).count >= 3,
              attempts.filter({ $0.feltDifficulty == .hard }).count <= 1,
              let template = signals.templates[templateId],
              let cousin = cousin(of: template, harder: true, lastDuration: attempts.last!.variantDuration)
        else { return nil }
        return ElaroStep(direction: .up, templateId: templateId, cousin: cousin, attempts: attempts, through: nil)
    }

    /// The step-down holding for `templateId` on `day`: an attempt in the 3 days before `day`
    /// whose last 4 attempts had ≥ 2 hard or ≥ 2 skips (the latest such attempt counts).
    public func stepDown(for templateId: String, on day: CalendarDate) -> ElaroStep? {
        guard let template = signals.templates[templateId] else { return nil }
        let recent = signals.instances.filter {
            $0.templateId == templateId && day.adding(days: -Self.holdDays) <= $0.date && $0.date < day
        }
        for trigger in recent.reversed() {
            let window = signals.instances.filter { $0.templateId == templateId && $0.date <= trigger.date }
            guard let end = window.lastIndex(of: trigger) else { continue }
            let attempts = Array(window[...end].suffix(Self.attemptWindow))
            let hard = attempts.filter { $0.feltDifficulty == .hard }.count
            let skips = attempts.filter { $0.status == .skipped }.count
            guard hard >= 2 || skips >= 2,
                  let cousin = cousin(of: template, harder: false, lastDuration: trigger.variantDuration) else { continue }
            return ElaroStep(direction: .down, templateId: templateId, cousin: cousin, attempts: attempts,
                             through: trigger.date.adding(days: Self.holdDays))
        }
        return nil
    }

    /// The slightly harder (or easier) cousin of `template`, or the same template one variant
    /// longer (or at its shortest) when it has none; `nil` when nothing is harder (easier).
    public func cousin(of template: ActionTemplate, harder: Bool, lastDuration: VariantDuration) -> ElaroCousin? {
        let shared: (ActionTemplate) -> Int = { Set($0.tags).intersection(template.tags).count }
        let kin = signals.templates.values.filter {
            $0.id != template.id && $0.focusId == template.focusId && shared($0) > 0
                && (harder ? $0.difficulty > template.difficulty : $0.difficulty < template.difficulty)
        }
        let best = kin.min { a, b in
            let distance = (abs(a.difficulty - template.difficulty), -shared(a), a.id)
            let other = (abs(b.difficulty - template.difficulty), -shared(b), b.id)
            return distance < other
        }
        if let best {
            let nearest = best.duration(nearest: lastDuration)
            let duration = harder ? nearest : (best.durations.last { $0 <= lastDuration } ?? best.durations.first ?? nearest)
            return ElaroCousin(templateId: best.id, duration: duration)
        }
        if harder {
            guard let longer = template.durations.first(where: { $0 > lastDuration }) else { return nil }
            return ElaroCousin(templateId: template.id, duration: longer)
        }
        guard let shortest = template.durations.first else { return nil }
        return ElaroCousin(templateId: template.id, duration: shortest)
    }

    /// The bandwidth bias for the week containing `day`, from the previous Monday-based week:
    /// `.five` when the parent consistently picked the shortest variant, `.twenty` for the longest.
    public func bandwidthBias(on day: CalendarDate) -> VariantDuration? {
        let previous = ElaroWeek(containing: day).previous
        let picks = signals.instances.compactMap { instance -> (VariantDuration, [VariantDuration])? in
            guard previous.contains(instance.date), let durations = signals.templates[instance.templateId]?.durations,
                  durations.count > 1 else { return nil }
            return (instance.variantDuration, durations)
        }
        guard picks.count >= 3 else { return nil }
        let share: (Int) -> Double = { Double($0) / Double(picks.count) }
        if share(picks.filter { $0.0 == $0.1.first }.count) >= Self.consistentShare { return .five }
        if share(picks.filter { $0.0 == $0.1.last }.count) >= Self.consistentShare { return .twenty }
        return nil
    }

    /// The hours with the highest completion rate before `day` (at least 2 outcomes each),
    /// best first, at most `count`: the timing bias suggests these.
    public func bestHours(before day: CalendarDate, count: Int = 2) -> [Int] {
        signals.hourCounts(on: day.adding(days: -1))
            .filter { $0.value.outcomes >= 2 }
            .sorted { (Double($0.value.completed) / Double($0.value.outcomes), $1.key) > (Double($1.value.completed) / Double($1.value.outcomes), $0.key) }
            .prefix(count).map(\.key)
    }

    /// The friction dampener holding on `day`, if any.
    public func frictionDampener(on day: CalendarDate) -> ElaroDampener? {
        for offset in 1...Self.holdDays {
            let trigger = day.adding(days: -offset)
            let indices = (0..<3).reversed().map { signals.frictionIndex(on: trigger.adding(days: -$0)) }
            if indices.allSatisfy({ $0 > Self.frictionThreshold }) {
                return ElaroDampener(triggeredOn: trigger, through: trigger.adding(days: Self.holdDays), frictionIndices: indices)
            }
        }
        return nil
    }

    /// Whether `template` serves the ritual building block of its (active) area.
    public func isRitual(_ template: ActionTemplate, areas: [FocusArea]) -> Bool {
        guard let area = areas.first(where: { $0.name == template.focusId && $0.active }),
              let ritual = area.ritual, !ritual.tags.isEmpty else { return false }
        return Set(ritual.tags).intersection(template.tags).count >= min(2, ritual.tags.count)
    }

    /// Consecutive days up to the day before `day` on which `templateId` was done.
    public func streak(of templateId: String, before day: CalendarDate) -> Int {
        let doneDays = Set(signals.instances.filter { $0.templateId == templateId && $0.isSuccess }.map(\.date))
        var count = 0
        while doneDays.contains(day.adding(days: -(count + 1))) { count += 1 }
        return count
    }
}
