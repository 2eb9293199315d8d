import Almanac
import Foundation

/// A wall-clock time of day, `HH:MM`, as Pressure's settings store the commitment deadline
/// and the check-in window close (`"09:00"`, `"22:00"`).
///
/// It has no date and no time zone: ``instant(on:in:)`` places it on a calendar day in a
/// time zone, so 09:00 stays 09:00 local on both sides of a daylight-saving change.
public struct PressureClockTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int

    /// The time `hour:minute`, or `nil` when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (two digits each), or returns `nil`.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes after midnight (09:00 is 540).
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The instant this wall-clock time shows on `date` in `timeZone`.
    ///
    /// Pressure's times (06:00–23:59) never fall into a daylight-saving gap in zones that
    /// change at night; for a time that does, the calendar's next valid instant is used.
    public func instant(on date: CalendarDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        return calendar.date(from: components)
            ?? date.startDate(in: timeZone).addingTimeInterval(Double(minutesSinceMidnight * 60))
    }

    /// Orders times within a day.
    public static func < (lhs: PressureClockTime, rhs: PressureClockTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    /// Reads `HH:MM`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = PressureClockTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a time of day HH:MM")
        }
        self = time
    }

    /// Writes `HH:MM`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
