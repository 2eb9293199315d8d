import Almanac
import Foundation

/// Counts consecutive calendar days with a conscious exit (MIGA service contract, StreakCalculator).
///
/// Days are calendar days in `timeZone` (the device's), taken from the events' timestamps,
/// never from the clock. Two figures come out of a history:
/// - the **current** streak: the run of consecutive days that ends on the day of the latest
///   exit (what the app shows and stores in ``Streak``);
/// - the **longest** streak: the longest such run anywhere in the history.
///
/// For exits on Day 1, 2, 3 and 5 the current streak is 1 day (it started again on Day 5)
/// and the longest is 3 days (Day 1–3).
public struct StreakCalculator: Sendable {
    /// The time zone whose calendar days count.
    public var timeZone: TimeZone

    /// Creates a calculator for the device's time zone.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// Both streak figures of a history.
    public struct Summary: Sendable, Equatable {
        /// The run ending on the latest exit's day, as the stored ``Streak`` has it.
        public var current: Streak
        /// The length in days of the longest run in the history.
        public var longestDayCount: Int
    }

    /// The current streak of `events` (only `exitToFocus` count), or `nil` when there is no exit.
    public func calculateStreak(from events: [UsageEvent], id: UUID = UUID()) -> Streak? {
        summary(of: events, id: id)?.current
    }

    /// The current and the longest streak of `events`, or `nil` when there is no exit.
    public func summary(of events: [UsageEvent], id: UUID = UUID()) -> Summary? {
        let exits = events.filter { $0.eventType == .exitToFocus }.sorted { $0.timestamp < $1.timestamp }
        guard let first = exits.first else { return nil }
        var streak = Streak(id: id, startDate: first.timestamp, currentDayCount: 1, lastActivityDate: first.timestamp)
        var longest = 1
        for exit in exits.dropFirst() {
            streak = update(streak, with: exit)
            longest = max(longest, streak.currentDayCount)
        }
        return Summary(current: streak, longestDayCount: longest)
    }

    /// The streak after `newEvent` (an `exitToFocus`): unchanged count on the same day as the
    /// last exit, one more on the next day, a new 1-day streak after a gap; a first exit ever
    /// starts one. Other event kinds leave the streak as it is.
    public func updateStreak(_ streak: Streak?, with newEvent: UsageEvent) -> Streak? {
        guard newEvent.eventType == .exitToFocus else { return streak }
        guard let streak else {
            return Streak(startDate: newEvent.timestamp, currentDayCount: 1, lastActivityDate: newEvent.timestamp)
        }
        return update(streak, with: newEvent)
    }

    private func update(_ streak: Streak, with exit: UsageEvent) -> Streak {
        let lastDay = CalendarDate(streak.lastActivityDate, in: timeZone)
        let day = CalendarDate(exit.timestamp, in: timeZone)
        var next = streak
        switch day.daysSinceEpoch - lastDay.daysSinceEpoch {
        case ..<0:
            return streak  // an exit older than the last one changes nothing
        case 0:
            next.lastActivityDate = max(streak.lastActivityDate, exit.timestamp)
        case 1:
            next.currentDayCount += 1
            next.lastActivityDate = exit.timestamp
        default:
            next.startDate = exit.timestamp
            next.currentDayCount = 1
            next.lastActivityDate = exit.timestamp
        }
        return next
    }
}
