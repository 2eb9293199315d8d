import Almanac
import Foundation

/// A Monday-based week, Monday through Sunday, of calendar days in the store's calendar.
public struct ElaroWeek: Sendable, Equatable, Hashable {
    /// The Monday that starts the week.
    public var start: CalendarDate

    /// The week containing `day`.
    public init(containing day: CalendarDate) {
        start = Self.monday(of: day)
    }

    /// The week containing the instant `now` on the wall clocks of `timeZone`.
    public init(containing now: Date, in calendar: StoreCalendar) {
        self.init(containing: CalendarDate(now, in: calendar))
    }

    /// The Sunday that ends the week.
    public var end: CalendarDate { start.adding(days: 6) }

    /// The seven days, Monday first.
    public var days: [CalendarDate] { (0..<7).map { start.adding(days: $0) } }

    /// Whether `day` falls in the week.
    public func contains(_ day: CalendarDate) -> Bool { start <= day && day <= end }

    /// The week before.
    public var previous: ElaroWeek { ElaroWeek(containing: start.adding(days: -7)) }

    /// The Monday of the week containing `day`.
    public static func monday(of day: CalendarDate) -> CalendarDate {
        day.adding(days: -weekdayIndex(of: day))
    }

    /// Days since Monday: 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday, index 3).
    public static func weekdayIndex(of day: CalendarDate) -> Int {
        ((day.daysSinceEpoch + 3) % 7 + 7) % 7
    }
}
