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
///
/// "Breaks if no exit for 24+ hours" (the data model's state transition 3) is read as the
/// contract's calendar rule: the streak breaks when a whole calendar day passes without an
/// exit, so exits at 08:00 on Monday and 22:00 on Tuesday (38 hours apart) continue it.
public struct StreakCalculator: Sendable {
    /// The time zone whose calendar days count.
    public var calendar: StoreCalendar

    /// Creates a calculator for the device's time zone.
    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// Both streak figures of a history.
    public struct Summary: Sendable, Equatable {
        /// The run ending on the latest exit's day, as the stored ``Streak`` has it.
        public var current: Streak
        /// The longest run in the history (the earliest of equally long ones), from its first
        /// exit to its last; the same days as `current` when that is the longest.
        public var longest: Streak

        /// The length in days of the longest run.
        public var longestDayCount: Int { longest.currentDayCount }
    }

    /// The current streak of `events` (only `exitToFocus` count), or `nil` when there is no exit.
    ///
    /// - Parameters:
    ///   - events: any events, in any order.
    ///   - id: the id of the returned record (pass the stored streak's id to update it in place).
    public func calculateStreak(from events: [UsageEvent], id: UUID = UUID()) -> Streak? {
        summary(of: events, id: id)?.current
    }

    /// The current and the longest streak of `events`, or `nil` when there is no exit.
    public func summary(of events: [UsageEvent], id: UUID = UUID()) -> Summary? {
        let exits = events.filter { $0.eventType == .exitToFocus }.sorted { $0.timestamp < $1.timestamp }
        guard let first = exits.first else { return nil }
        var streak = Streak(id: id, startDate: first.timestamp, currentDayCount: 1, lastActivityDate: first.timestamp)
        var longest = streak
        for exit in exits.dropFirst() {
            streak = update(streak, with: exit)
            if streak.currentDayCount > longest.currentDayCount || streak.startDate == longest.startDate {
                longest = streak
            }
        }
        return Summary(current: streak, longest: longest)
    }

    /// The streak after `newEvent`, an `exitToFocus` (the contract's `updateStreak(from:)`).
    ///
    /// Compared with the calendar day of `existing.lastActivityDate`: on the same day the
    /// count stays and `lastActivityDate` moves; on the next day the count grows by one; after
    /// a gap of a day or more the streak starts again at day 1 (`startDate` is the new exit).
    /// The first exit ever starts a 1-day streak. An exit on a day before `lastActivityDate`'s
    /// (recorded late, or the device's clock was set back) never changes the count: the events'
    /// timestamps decide, not the clock; it only moves `startDate` earlier when it falls on the
    /// run's first day before the recorded first exit, so that the record stays what
    /// ``calculateStreak(from:id:)`` derives from the same events.
    /// - Parameters:
    ///   - newEvent: the new exit.
    ///   - existing: the stored streak, or `nil` before the first exit.
    ///   - newID: the id of a streak created for a first exit (a reset keeps `existing.id`).
    /// - Throws: `.ruleViolated` when `newEvent` is not an `exit_to_focus` event.
    public func updateStreak(from newEvent: UsageEvent, existing: Streak?, newID: UUID = UUID()) throws -> Streak {
        guard newEvent.eventType == .exitToFocus else {
            throw AlmanacError.rule(
                "updateStreak takes exit_to_focus events only; \(newEvent.eventType.rawValue) does not change the streak, so do not pass it",
                in: UsageEvent.collection, id: newEvent.id.uuidString, field: "eventType")
        }
        guard let existing else {
            return Streak(id: newID, startDate: newEvent.timestamp, currentDayCount: 1, lastActivityDate: newEvent.timestamp)
        }
        return update(existing, with: newEvent)
    }

    /// The days the stored `streak` still counts on `today`: its count while its last exit was
    /// today or yesterday (an exit today continues it), 0 once a whole day has passed without
    /// one (the next exit will start again at day 1).
    public func activeDayCount(of streak: Streak?, today: CalendarDate) -> Int {
        guard let streak else { return 0 }
        let last = CalendarDate(streak.lastActivityDate, in: calendar)
        return (0...1).contains(today.daysSinceEpoch - last.daysSinceEpoch) ? streak.currentDayCount : 0
    }

    private func update(_ streak: Streak, with exit: UsageEvent) -> Streak {
        let lastDay = CalendarDate(streak.lastActivityDate, in: calendar)
        let day = CalendarDate(exit.timestamp, in: calendar)
        var next = streak
        switch day.daysSinceEpoch - lastDay.daysSinceEpoch {
        case ..<0:
            // An exit recorded late, within the run, can only be an earlier first exit of its
            // first day; before the run (or with the clock set back) it changes nothing.
            if day >= CalendarDate(streak.startDate, in: calendar) { next.startDate = min(streak.startDate, exit.timestamp) }
        case 0:
            next.startDate = min(streak.startDate, exit.timestamp)
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
