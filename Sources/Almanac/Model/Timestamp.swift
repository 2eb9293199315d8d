import Foundation

/// ISO 8601 / RFC 3339 timestamps as stored in documents: `2025-01-27T14:03:00Z`.
///
/// Written in UTC, with milliseconds only when the instant has a fraction of a second.
/// Read with `Z` or a numeric offset and any number of fractional digits. Hand-written
/// rather than `ISO8601DateFormatter` because it sits on the hot path of every save and
/// read, and formatters are neither cheap nor `Sendable`.
package enum Timestamp {
    /// The first second a store can hold: 0001-01-01T00:00:00Z, in seconds since 1970.
    static let firstSecond = CalendarDate.daysSinceEpoch(year: 1, month: 1, day: 1) * 86_400
    /// The last second a store can hold: 9999-12-31T23:59:59Z (a leap second after it too).
    static let lastSecond = (CalendarDate.daysSinceEpoch(year: 9999, month: 12, day: 31) + 1) * 86_400 - 1

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`, or `YYYY-MM-DDTHH:MM:SS.sssZ` when it has a fraction,
    /// for messages and descriptions: any `Date` gives a string (see ``stored(_:)`` for one
    /// that is written to a file).
    package static func format(_ date: Date) -> String {
        if let text = stored(date) { return text }
        let seconds = date.timeIntervalSince1970
        if seconds.isNaN { return "(not a date: NaN seconds)" }
        return seconds < 0 ? "(before 0001-01-01T00:00:00Z)" : "(after 9999-12-31T23:59:59Z)"
    }

    /// `date` in the stored form, at millisecond precision rounded down, so it never moves
    /// into a later day in any time zone; `nil` when no store can hold it: not finite, or
    /// outside the years 0001–9999.
    ///
    /// A millisecond the `Date` cannot tell apart from its value (a parsed `.123` is a hair
    /// below 0.123 in binary) counts as reached: the tolerance is the `Date`'s own resolution.
    package static func stored(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return nil }
        var dayNumber = (seconds / 86_400).rounded(.down)
        // The division rounds: an instant a hair before midnight can land on the next day's
        // number, so the day is checked against the instant itself (both sides exact).
        if dayNumber * 86_400 > seconds { dayNumber -= 1 }
        // Compared as Doubles: converting an absurd value to Int first would trap.
        guard dayNumber >= Double(firstSecond / 86_400), dayNumber <= Double(lastSecond / 86_400) else { return nil }
        let exact = (seconds - dayNumber * 86_400) * 1000
        let nearest = exact.rounded()
        // A Date holds its instant relative to 2001 and converts to 1970 by an addition, so
        // its resolution is the coarser of the two (libFuzzer: `1968-09-30T08:59:50.538-05:05`
        // came back as .537 with the 1970 one alone).
        let resolution = max(seconds.ulp, date.timeIntervalSinceReferenceDate.ulp) * 2
        let reached = abs(exact - nearest) <= resolution * 1000 ? nearest : exact.rounded(.down)
        let milliseconds = min(max(Int(reached), 0), 86_399_999)
        let day = CalendarDate(daysSinceEpoch: Int(dayNumber))
        let second = milliseconds / 1000
        var text = day.description + "T"
            + CalendarDate.pad(second / 3600, 2) + ":"
            + CalendarDate.pad(second / 60 % 60, 2) + ":"
            + CalendarDate.pad(second % 60, 2)
        if milliseconds % 1000 != 0 {
            text += "." + CalendarDate.pad(milliseconds % 1000, 3)
        }
        return text + "Z"
    }

    /// Parses an RFC 3339 date-time (`T` or `t` separator, `Z`/`z` or `±HH:MM` offset, as
    /// RFC 3339 allows either case; optional fraction of any length, read to the millisecond
    /// and the rest dropped, as a store keeps instants), or returns `nil`,
    /// also for an instant outside the years 0001–9999 in UTC, which no store can file.
    /// (The year is judged by the UTC instant everywhere: `0000-12-31T23:30:00-01:00` is
    /// 0001-01-01T00:30:00Z and is accepted; `0000-12-31T23:59:50Z` is not.)
    package static func parse(_ text: String) -> Date? {
        guard let parts = Parts(text), parts.isWithinCalendar else { return nil }
        // Date cannot represent a leap second (:60): it becomes the last millisecond of its own
        // second :59, as a store keeps milliseconds, so it files under, sorts within and is
        // found by a query of the day it is written on. Not anything finer: far from 1970 a
        // Date resolves only microseconds (and converts through 2001-01-01), so `+ 0.999999`
        // rounded into the next second, and so the next day (year 0100: the fuzzer's finding).
        if parts.isLeapSecond { return Date(timeIntervalSince1970: Double(parts.utcSecond) + 0.999) }
        return Date(timeIntervalSince1970: Double(parts.utcSecond) + parts.fractionValue)
    }

    /// An RFC 3339 date-time taken apart once, for parsing and for rewriting in UTC.
    struct Parts {
        /// The instant in whole seconds since 1970, a leap second counted as the second before it.
        var utcSecond: Int
        /// The fraction as written, with its dot (`.123`), cut to three digits (`.1239` → `.123`:
        /// a store keeps milliseconds, rounded down so an instant never moves into the next
        /// day), or empty.
        var fraction: String
        var fractionValue: Double
        /// Whether the seconds are `60`.
        var isLeapSecond: Bool
        /// Whether the text is already in the stored form: `T` and `Z`, upper case, at most
        /// three fraction digits.
        var isStoredForm: Bool

        /// Whether the UTC instant falls in the years 0001–9999, the only ones a store can name.
        var isWithinCalendar: Bool {
            (Timestamp.firstSecond...Timestamp.lastSecond).contains(utcSecond)
        }

        init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  let year = CalendarDate.digits(bytes[0..<4]),
                  let month = CalendarDate.digits(bytes[5..<7]), (1...12).contains(month),
                  let day = CalendarDate.digits(bytes[8..<10]), day >= 1,
                  day <= CalendarDate.daysInMonth(year: year, month: month),
                  bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  let hour = CalendarDate.digits(bytes[11..<13]), hour < 24,
                  let minute = CalendarDate.digits(bytes[14..<16]), minute < 60,
                  let second = CalendarDate.digits(bytes[17..<19]), second <= 60
            else { return nil }
            var index = 19
            var fraction = ""
            var fractionValue = 0.0
            var fractionDigits = 0
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                var milliseconds = 0
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    if index - start < 3 { milliseconds = milliseconds * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                    index += 1
                }
                fractionDigits = index - start
                guard fractionDigits > 0 else { return nil }
                let kept = min(fractionDigits, 3)
                fraction = String(decoding: bytes[(start - 1)..<(start + kept)], as: UTF8.self)
                for _ in kept..<3 { milliseconds *= 10 }
                fractionValue = Double(milliseconds) / 1000
            }
            guard index < bytes.count else { return nil }
            var offsetSeconds = 0
            switch bytes[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                guard index + 1 == bytes.count else { return nil }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                      let offsetHours = CalendarDate.digits(bytes[(index + 1)..<(index + 3)]), offsetHours < 24,
                      let offsetMinutes = CalendarDate.digits(bytes[(index + 4)..<(index + 6)]), offsetMinutes < 60
                else { return nil }
                offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            default:
                return nil
            }
            let days = CalendarDate.daysSinceEpoch(year: year, month: month, day: day)
            utcSecond = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
            self.fraction = fraction
            self.fractionValue = fractionValue
            isLeapSecond = second == 60
            isStoredForm = bytes[10] == UInt8(ascii: "T") && bytes.last == UInt8(ascii: "Z") && fractionDigits <= 3
        }
    }
}
