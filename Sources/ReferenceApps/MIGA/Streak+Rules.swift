import Almanac
import Foundation

extension Streak: ModelRules {
    /// Checks the rules that need no time zone: `currentDayCount ≥ 1` and
    /// `startDate ≤ lastActivityDate` (rule `streak-dates-ordered`).
    ///
    /// The day count can only be checked against the dates on a calendar; use
    /// ``validate(in:)`` with the store's calendar for that.
    /// - Throws: `.ruleViolated` naming the field at fault.
    public func validate() throws {
        if currentDayCount < 1 {
            throw AlmanacError.rule(
                "currentDayCount is \(currentDayCount) but a streak is at least 1 day; with no exit there is no streak, so delete the record instead",
                in: Self.collection, id: id.uuidString, field: "currentDayCount")
        }
        if startDate > lastActivityDate {
            throw AlmanacError.rule(
                "streak-dates-ordered: startDate \(startDate) is later than lastActivityDate \(lastActivityDate); "
                    + "a streak starts with its first exit, so startDate is at or before the latest one",
                in: Self.collection, id: id.uuidString, field: "startDate")
        }
    }

    /// Checks ``validate()`` and rule `streak-day-count`: `currentDayCount` is the number of
    /// calendar days from `startDate` to `lastActivityDate`, both included.
    ///
    /// - Parameter calendar: the store's days (the device's zone, and each move).
    /// - Throws: `.ruleViolated` naming the field at fault.
    public func validate(in calendar: StoreCalendar) throws {
        try validate()
        let days = dayCount(in: calendar)
        if currentDayCount != days {
            throw AlmanacError.rule(
                "streak-day-count: currentDayCount is \(currentDayCount) but \(CalendarDate(startDate, in: calendar)) "
                    + "through \(CalendarDate(lastActivityDate, in: calendar)) are \(days) days in \(calendar); "
                    + "recompute the streak with StreakCalculator",
                in: Self.collection, id: id.uuidString, field: "currentDayCount")
        }
    }

    /// The calendar days from `startDate` through `lastActivityDate` by `calendar`, both included.
    public func dayCount(in calendar: StoreCalendar) -> Int {
        CalendarDate(lastActivityDate, in: calendar).daysSinceEpoch - CalendarDate(startDate, in: calendar).daysSinceEpoch + 1
    }
}
