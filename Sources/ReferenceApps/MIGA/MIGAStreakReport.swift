import Almanac
import Foundation

/// `almanac report miga streak`: the current and the longest streak of conscious exits.
///
/// - **current**: the run of consecutive local days with an exit that ends on the latest exit's
///   day — the stored ``Streak`` (the app's record, kept in place even when retention has
///   archived the events it began with). It is **active** while that day is today or
///   yesterday; once a whole day passes without an exit it is broken (``currentDayCount`` 0)
///   and the next exit starts again at day 1. When the stored streak's last exit is later
///   than `now` (a report asked for the past), the current streak is derived from the events
///   up to `now` instead.
/// - **longest**: the longest run in the usage events up to `now` still in the store (the
///   last 90 days once retention has run), and never shorter than the current streak.
public struct MIGAStreakReport: AppReport {
    /// The report's day in the store's time zone.
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
    /// Whether the stored streak record missed later exits (saved without ``MIGAService/record(_:)``):
    /// the report counts them, and the record needs ``MIGAService/recalculateStreak()`` or the next exit.
    public var storedIsBehind = false

    /// Builds the report from the store's streak and events up to `context.now`.
    public static func make(store: Store, context: ReportContext) throws -> MIGAStreakReport {
        let data = MIGAService(store: store)
        let zone = context.timeZone
        let calculator = StreakCalculator(timeZone: zone)
        let events = try data.events(through: context.now)
        let summary = calculator.summary(of: events)
        var current = summary?.current
        var storedIsBehind = false
        if let stored = try data.streak(), stored.lastActivityDate <= context.now {
            // The stored record carries the streak past what retention archived; exits saved
            // after it (by another writer, or `almanac put`) extend it: whichever is later wins.
            var merged = stored
            for exit in events where exit.eventType == .exitToFocus && exit.timestamp > stored.lastActivityDate {
                merged = try calculator.updateStreak(from: exit, existing: merged)
                storedIsBehind = true
            }
            current = merged
        }
        var longest = summary?.longest
        if let current, current.currentDayCount > (longest?.currentDayCount ?? 0) { longest = current }
        let active = calculator.activeDayCount(of: current, today: context.today)
        return MIGAStreakReport(
            today: context.today, currentDayCount: active, isActive: active > 0, lastRunDayCount: current?.currentDayCount ?? 0,
            currentStartDate: current.map { CalendarDate($0.startDate, in: zone) },
            lastActivityDate: current.map { CalendarDate($0.lastActivityDate, in: zone) },
            longestDayCount: longest?.currentDayCount ?? 0,
            longestStartDate: longest.map { CalendarDate($0.startDate, in: zone) },
            longestEndDate: longest.map { CalendarDate($0.lastActivityDate, in: zone) },
            eventsFrom: events.map { CalendarDate($0.timestamp, in: zone) }.min(), storedIsBehind: storedIsBehind)
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
            lines.append("The stored streak record is behind the events (an exit was saved without updating it); the next exit, or recalculating the streak, brings it up to date.")
        }
        if let eventsFrom {
            lines.append("Current: consecutive days ending with the latest exit. Longest: longest run in the events since \(eventsFrom).")
        }
        return lines.joined(separator: "\n")
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
