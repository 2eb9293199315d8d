import Foundation

/// A day on the calendar, with no time and no time zone: encoded as `"YYYY-MM-DD"`.
///
/// Use it for date-only fields such as a Pressure commitment's `date` or an Elaro action
/// instance's day bucket. A ``CalendarDate`` files a document under itself; a `Date`
/// (a timestamp) is filed under its day in the store's calendar.
///
/// ```swift
/// let day = CalendarDate("2025-01-27")!
/// day.adding(days: 7).description   // "2025-02-03"
/// ```
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The year, 1 through 9999.
    public let year: Int
    /// The month, 1 through 12.
    public let month: Int
    /// The day of the month, 1 through the month's length.
    public let day: Int

    /// Creates a date, or returns `nil` when the year, month or day is out of range.
    ///
    /// - Parameters:
    ///   - year: 1 through 9999.
    ///   - month: 1 through 12.
    ///   - day: 1 through the number of days in that month.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`, or returns `nil` for any other text or an impossible day.
    public init?(_ description: String) {
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = CalendarDate.digits(bytes[0..<4]),
              let month = CalendarDate.digits(bytes[5..<7]),
              let day = CalendarDate.digits(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day on which `date` falls in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        self.init(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// The day `daysSinceEpoch` days after 1970-01-01 (negative for earlier days), clamped to years 1…9999.
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days, valid for the proleptic Gregorian calendar.
        let clamped = min(max(daysSinceEpoch, -719_162), 2_932_896)
        let z = clamped + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this day (negative before it).
    public var daysSinceEpoch: Int {
        CalendarDate.daysSinceEpoch(year: year, month: month, day: day)
    }

    /// Days from 1970-01-01 to the given day of the proleptic Gregorian calendar, for any year
    /// (year 0 too: a timestamp written with an offset may start there and end in year 1).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The first instant of this day in `timeZone` (midnight, or the first moment after a
    /// daylight-saving gap that skips midnight).
    public func startDate(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        if let date = calendar.date(from: components) { return calendar.startOfDay(for: date) }
        let utcMidnight = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
        return utcMidnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utcMidnight)))
    }

    /// The last instant of this day in `timeZone` a store can hold: the millisecond before the
    /// next day starts, as stored timestamps keep milliseconds. "As of a day" means up to and
    /// including this instant: `23:59:59.500` local is still that day.
    public func lastInstant(in timeZone: TimeZone) -> Date {
        StoreCalendar(timeZone: timeZone).lastInstant(of: self)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        CalendarDate.pad(year, 4) + "-" + CalendarDate.pad(month, 2) + "-" + CalendarDate.pad(day, 2)
    }

    /// Orders days chronologically.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes `"YYYY-MM-DD"`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a calendar date; write it as YYYY-MM-DD, e.g. \"2025-01-27\"")
        }
        self = date
    }

    /// Encodes `"YYYY-MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
