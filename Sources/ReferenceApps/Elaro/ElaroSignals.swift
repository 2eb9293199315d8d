import Almanac
import Foundation

/// How well the parent takes to actions they have not tried lately.
public enum NoveltyTolerance: String, Codable, Sendable, CaseIterable, Comparable {
    /// New actions are done much less often than familiar ones.
    case low
    /// A little less often, or too little history to tell (the default).
    case med
    /// About as often as familiar ones.
    case high

    private var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// Orders low < med < high.
    public static func < (lhs: NoveltyTolerance, rhs: NoveltyTolerance) -> Bool { lhs.rank < rhs.rank }
}

/// The derived signals of the data model, per user (and per focus area when the calculator
/// is restricted to one), as of the end of a given day.
public struct ElaroSignals: Sendable, Equatable {
    /// Done over shown per tag, over the 7 days ending with the day.
    public var successRateByTag: [String: Double]
    /// Completion rate per local hour of the day (0…23), over the 28 days ending with the day.
    public var timeOfDayHeatmap: [Int: Double]
    /// The most-selected variant over the 14 days ending with the day; `nil` without picks.
    public var bandwidthPreference: VariantDuration?
    /// Completion of new actions compared with familiar ones.
    public var noveltyTolerance: NoveltyTolerance
    /// The share of the last 7 days' actions that felt hard or whose note mentions stress, 0…1.
    public var frictionIndex: Double
}

/// Computes ``ElaroSignals`` from action instances, templates and analytics events.
///
/// Windows are calendar days ending with (and including) the day asked about, in the store's
/// time zone. Choices where the seed is vague:
/// - **successRateByTag** is done / shown, as seed 001 defines it: *shown* counts the
///   templates `today.shown` events listed, *done* the instances done, per tag of their
///   template; a rate is at most 1, and a tag shown nowhere in the window has none (events are
///   kept on the device; only their upload waits for consent).
/// - **timeOfDayHeatmap** needs clock times, which instances do not have: it reads the
///   outcome events (`today.complete|snooze|skip`) and gives, per local hour, completions over
///   outcomes, over 28 days so that each hour has a few events.
/// - **bandwidthPreference** breaks a tie towards the shorter variant.
/// - **noveltyTolerance**: an instance is *new* when its template was not attempted in the 14
///   days before it, else *familiar*. Over the last 28 days, delta = done rate of new − done
///   rate of familiar; `high` when delta ≥ −0.10, `med` when ≥ −0.30, `low` below; `med`
///   while either group has fewer than 2 instances.
/// - **frictionIndex**: an instance counts once when it felt `hard` or its note contains a
///   stress keyword (``stressKeywords``); the index is those over all instances of the
///   window, 0 without instances. Notes are read on the device only; just the number is kept.
public struct ElaroSignalCalculator: Sendable {
    /// Days of the rolling success rate and friction index.
    public static let successWindow = 7
    /// Days of the bandwidth preference and of "tried lately" for novelty.
    public static let bandwidthWindow = 14
    /// Days of the heatmap and of the novelty comparison.
    public static let longWindow = 28
    /// Words in a note that mark a stressful action (matched case- and accent-insensitively).
    public static let stressKeywords = ["meltdown", "tantrum", "rushed", "stress", "overwhelm", "exhausted",
                                        "crying", "cried", "scream", "yell", "fight", "frustrat", "angry"]

    /// The time zone of the heatmap's hours and of event days.
    public var calendar: StoreCalendar
    /// Templates by id.
    public var templates: [String: ActionTemplate]
    /// The instances considered (restricted to one focus area when asked).
    public var instances: [ActionInstance]
    /// The analytics events considered.
    public var events: [ElaroAnalyticsEvent]

    /// Creates a calculator; with `focus`, only that area's templates' instances and events count.
    public init(calendar: StoreCalendar, templates: [ActionTemplate], instances: [ActionInstance], events: [ElaroAnalyticsEvent] = [],
                focus: FocusArea.Name? = nil) {
        self.calendar = calendar
        self.templates = Dictionary(templates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byId = self.templates
        let inFocus: (String) -> Bool = { id in focus == nil || byId[id]?.focusId == focus }
        self.instances = instances.filter { inFocus($0.templateId) }.sorted { ($0.date, $0.id.uuidString) < ($1.date, $1.id.uuidString) }
        self.events = events.filter { $0.payload.templateIds.isEmpty || $0.payload.templateIds.contains(where: inFocus) }
    }

    /// All signals as of the end of `day`.
    public func signals(on day: CalendarDate) -> ElaroSignals {
        ElaroSignals(successRateByTag: successRateByTag(on: day), timeOfDayHeatmap: timeOfDayHeatmap(on: day),
                     bandwidthPreference: bandwidthPreference(on: day), noveltyTolerance: noveltyTolerance(on: day),
                     frictionIndex: frictionIndex(on: day))
    }

    /// The instances dated in the `length` days ending with `day`.
    public func instances(last length: Int, endingOn day: CalendarDate) -> [ActionInstance] {
        let first = day.adding(days: -(length - 1))
        return instances.filter { first <= $0.date && $0.date <= day }
    }

    /// Done and shown counts per tag over the 7 days ending with `day`, as seed 001 defines
    /// them: *shown* counts each template a `today.shown` event listed (once per event), *done*
    /// each action instance done.
    public func tagCounts(on day: CalendarDate) -> [String: (done: Int, shown: Int)] {
        let first = day.adding(days: -(Self.successWindow - 1))
        var counts: [String: (done: Int, shown: Int)] = [:]
        for event in events {
            guard case .todayShown(let ids) = event.payload else { continue }
            let eventDay = CalendarDate(event.timestamp, in: calendar)
            guard first <= eventDay && eventDay <= day else { continue }
            for id in Set(ids) {
                for tag in Set(templates[id]?.tags ?? []) { counts[tag, default: (0, 0)].shown += 1 }
            }
        }
        for instance in instances(last: Self.successWindow, endingOn: day) where instance.isSuccess {
            for tag in Set(templates[instance.templateId]?.tags ?? []) { counts[tag, default: (0, 0)].done += 1 }
        }
        return counts
    }

    /// Done over shown per tag over the 7 days ending with `day`, at most 1 (an action done
    /// from the library without being shown cannot lift a rate past every time it was);
    /// tags never shown in the window are absent.
    public func successRateByTag(on day: CalendarDate) -> [String: Double] {
        tagCounts(on: day).filter { $0.value.shown > 0 }.mapValues { min(1, Double($0.done) / Double($0.shown)) }
    }

    /// Completions and outcomes per local hour over the 28 days ending with `day`.
    public func hourCounts(on day: CalendarDate, templateId: String? = nil) -> [Int: (completed: Int, outcomes: Int)] {
        let first = day.adding(days: -(Self.longWindow - 1))
        let storeCalendar = self.calendar
        var calendar = Calendar(identifier: .gregorian)
        var counts: [Int: (completed: Int, outcomes: Int)] = [:]
        for event in events {
            let completed: Bool
            switch event.payload {
            case .todayComplete(let id) where templateId == nil || id == templateId: completed = true
            case .todaySnooze(let id) where templateId == nil || id == templateId, .todaySkip(let id) where templateId == nil || id == templateId: completed = false
            default: continue
            }
            let eventDay = CalendarDate(event.timestamp, in: storeCalendar)
            guard first <= eventDay && eventDay <= day else { continue }
            // The hour on the clock of that day's zone.
            calendar.timeZone = storeCalendar.zone(on: eventDay)
            let hour = calendar.component(.hour, from: event.timestamp)
            counts[hour, default: (0, 0)].outcomes += 1
            if completed { counts[hour, default: (0, 0)].completed += 1 }
        }
        return counts
    }

    /// Completion rate per local hour over the 28 days ending with `day`; hours without outcomes are absent.
    public func timeOfDayHeatmap(on day: CalendarDate) -> [Int: Double] {
        hourCounts(on: day).mapValues { Double($0.completed) / Double($0.outcomes) }
    }

    /// The most-selected variant over the 14 days ending with `day` (shorter on a tie).
    public func bandwidthPreference(on day: CalendarDate) -> VariantDuration? {
        var picks: [VariantDuration: Int] = [:]
        for instance in instances(last: Self.bandwidthWindow, endingOn: day) { picks[instance.variantDuration, default: 0] += 1 }
        return picks.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Whether `instance` is new: its template was not attempted in the 14 days before it.
    public func isNovel(_ instance: ActionInstance) -> Bool {
        let first = instance.date.adding(days: -Self.bandwidthWindow)
        return !instances.contains { $0.templateId == instance.templateId && first <= $0.date && $0.date < instance.date }
    }

    /// How new actions fare against familiar ones over the 28 days ending with `day`.
    public func noveltyTolerance(on day: CalendarDate) -> NoveltyTolerance {
        let window = instances(last: Self.longWindow, endingOn: day)
        let novel = window.filter(isNovel)
        let familiar = window.filter { !isNovel($0) }
        guard novel.count >= 2, familiar.count >= 2 else { return .med }
        let rate: ([ActionInstance]) -> Double = { group in Double(group.filter(\.isSuccess).count) / Double(group.count) }
        let delta = rate(novel) - rate(familiar)
        if delta >= -0.10 { return .high }
        return delta >= -0.30 ? .med : .low
    }

    /// Whether a note mentions stress (one of ``stressKeywords``).
    public static func mentionsStress(_ note: String?) -> Bool {
        guard let note else { return false }
        let folded = note.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return stressKeywords.contains { folded.contains($0) }
    }

    /// The share of the 7 days' instances ending with `day` that felt hard or mention stress.
    public func frictionIndex(on day: CalendarDate) -> Double {
        let window = instances(last: Self.successWindow, endingOn: day)
        guard !window.isEmpty else { return 0 }
        let friction = window.filter { $0.feltDifficulty == .hard || Self.mentionsStress($0.note) }
        return Double(friction.count) / Double(window.count)
    }
}
