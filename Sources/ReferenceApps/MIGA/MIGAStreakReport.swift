import Almanac
import Foundation

/// `almanac report miga streak`: the current and the longest streak of conscious exits.
///
/// - **current**: the run of consecutive local days with an exit that ends on the latest exit's
///   day, derived from the usage events up to `now`, archived ones included. It is **active**
///   while that day is today or yesterday; once a whole day passes without an exit it is
///   broken (``currentDayCount`` 0) and the next exit starts again at day 1. The stored
///   ``Streak`` record must say the same; when it does not, the report says so.
/// - **longest**: the longest run in the same events.
public struct MIGAStreakReport: AppReport {
    /// The report's day in the store's calendar.
    public var today: CalendarDate
    /// The days the current streak counts today; 0 when it is broken or there was never an exit.
    public var currentDayCount: Int
    /// Whether the current streak is still alive today (its last exit was today or yesterday).
    public var isActive: Bool
    /// The length of the latest run, alive or not (what the streak record says).
    public var lastRunDayCount: Int
    /// The first day of the latest run.
    public var currentStartDate: CalendarDate?
    /// The day of the latest exit.
    public var lastActivityDate: CalendarDate?
    /// The longest run's length in days.
    public var longestDayCount: Int
    /// The first day of the longest run.
    public var longestStartDate: CalendarDate?
    /// The last day of the longest run.
    public var longestEndDate: CalendarDate?
    /// The first local day of the usage events the longest run was looked for in.
    public var eventsFrom: CalendarDate?
    /// Whether the stored streak record differs from what the events give (an event saved,
    /// deleted or changed without ``MIGAService``): the report shows the events' figures, and
    /// the record needs ``MIGAService/recalculateStreak()``.
    public var storedIsBehind = false

    /// Builds the report from the store's events up to `context.now` (archived ones included)
    /// and compares the stored streak record with what they give.
    public static func make(store: Store, context: ReportContext) throws -> MIGAStreakReport {
        let data = MIGAService(store: store)
        let calculator = StreakCalculator(calendar: context.calendar)
        let events = try data.allTimeEvents(through: context.now)
        let summary = calculator.summary(of: events)
        let current = summary?.current
        var storedIsBehind = false
        let stored = try data.streak()
        if stored == nil || stored!.lastActivityDate <= context.now {
            // The events decide; the record must say the same. Any difference (an exit saved,
            // deleted or re-classified outside MIGAService, a late exit) is reported, not only
            // newer exits.
            let derived = current.map { Streak(id: stored?.id ?? $0.id, startDate: $0.startDate, currentDayCount: $0.currentDayCount,
                                               lastActivityDate: $0.lastActivityDate) }
            storedIsBehind = derived != stored
        }
        let longest = summary?.longest
        let active = calculator.activeDayCount(of: current, today: context.today)
        return MIGAStreakReport(
            today: context.today, currentDayCount: active, isActive: active > 0, lastRunDayCount: current?.currentDayCount ?? 0,
            currentStartDate: current.map { CalendarDate($0.startDate, in: context.calendar) },
            lastActivityDate: current.map { CalendarDate($0.lastActivityDate, in: context.calendar) },
            longestDayCount: longest?.currentDayCount ?? 0,
            longestStartDate: longest.map { CalendarDate($0.startDate, in: context.calendar) },
            longestEndDate: longest.map { CalendarDate($0.lastActivityDate, in: context.calendar) },
            eventsFrom: events.map { CalendarDate($0.timestamp, in: context.calendar) }.min(), storedIsBehind: storedIsBehind)
    }

    /// The report for a terminal.
    public var text: String {
        var lines = ["MIGA streak on \(today)"]
        guard let start = currentStartDate, let last = lastActivityDate else {
            lines.append("No conscious exit yet: no streak.")
            return lines.joined(separator: "\n")
        }
        if isActive {
            let state = last == today ? "exited today" : "last exit yesterday; exit today to keep it"
            lines.append("Current streak: \(Self.days(currentDayCount)) (\(start) – \(last)), \(state)")
        } else {
            lines.append("Current streak: 0 days — the \(Self.days(lastRunDayCount)) run \(start) – \(last) is broken; the next exit starts day 1")
        }
        if let longestStart = longestStartDate, let longestEnd = longestEndDate {
            lines.append("Longest streak: \(Self.days(longestDayCount)) (\(longestStart) – \(longestEnd))")
        }
        if storedIsBehind {
            lines.append("The stored streak record disagrees with the events (one was saved, deleted or changed without updating it); the figures above come from the events, and recalculating the streak (MIGAService.recalculateStreak) brings the record up to date.")
        }
        if let eventsFrom {
            lines.append("Current: consecutive days ending with the latest exit. Longest: longest run in the events since \(eventsFrom).")
        }
        return lines.joined(separator: "\n")
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
