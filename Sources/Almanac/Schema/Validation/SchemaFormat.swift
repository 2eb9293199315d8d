/// The `format` values the validator checks, and the ones it accepts as annotations.
///
/// Draft 2020-12 makes `format` an annotation by default. Almanac asserts the three formats
/// its stores depend on, because dates and ids are used as folder names, partition keys and
/// references, and a malformed one would misplace a document:
///
/// - `date`: RFC 3339 `full-date`, `YYYY-MM-DD`, with the day valid for the month and year.
/// - `date-time`: RFC 3339 `date-time`, `T`/`Z` in either case, an optional fraction, `Z` or
///   a `±HH:MM` offset, and a leap second only at 23:59:60 UTC.
/// - `uuid`: RFC 9562 text, 8-4-4-4-12 hexadecimal digits in either case.
///
/// The other formats defined by draft 2020-12 (`email`, `uri`, `ipv4`, …) are annotations:
/// accepted and not checked, as the specification's default says. A name outside that list
/// is rejected when the schema is compiled, because it is almost always a typo (`"datetime"`)
/// that would otherwise silently check nothing.
enum SchemaFormat: String, Sendable {
    case date
    case dateTime = "date-time"
    case uuid

    /// Formats defined by draft 2020-12 that are accepted but not checked.
    static let annotationOnly: Set<String> = [
        "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "json-pointer",
        "relative-json-pointer", "regex",
    ]

    /// How the format is described in messages, e.g. `a valid date (YYYY-MM-DD)`.
    var expectation: String {
        switch self {
        case .date: "a valid date (YYYY-MM-DD)"
        case .dateTime: "a valid date-time (RFC 3339, e.g. 2025-01-27T14:03:00Z)"
        case .uuid: "a valid UUID (8-4-4-4-12 hexadecimal digits)"
        }
    }

    /// Why `string` is not valid in this format, or `nil` when it is.
    ///
    /// A store names days 0001-01-01 through 9999-12-31 only (they are folder names), so a
    /// `date` in year 0000 and a `date-time` whose UTC instant leaves those years are refused
    /// too, though RFC 3339 allows them: stored, they would be filed under the wrong day.
    func problem(with string: String) -> String? {
        guard accepts(string) else { return "\(SchemaText.quoted(string)) is not \(expectation)" }
        switch self {
        case .date where string.hasPrefix("0000-"):
            return "\(SchemaText.quoted(string)) is in year 0000; a store holds the years 0001 through 9999"
        case .dateTime:
            guard let parts = Timestamp.Parts(string), !parts.isWithinCalendar else { return nil }
            let side = parts.utcSecond < Timestamp.firstSecond ? "before 0001-01-01T00:00:00Z" : "after 9999-12-31T23:59:59Z"
            return "\(SchemaText.quoted(string)) is \(side) in UTC; a store holds the years 0001 through 9999, so write an instant inside them"
        default:
            return nil
        }
    }

    /// Whether `string` is valid in this format (RFC 3339's grammar and calendar).
    func accepts(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            switch self {
            case .date: Self.isDate(bytes[...])
            case .dateTime: Self.isDateTime(bytes)
            case .uuid: Self.isUUID(bytes)
            }
        }
    }

    private static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }

    /// The value of `count` ASCII digits at `start`, or `nil` if any byte is not one.
    private static func number(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, at start: Int, count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let byte = bytes[bytes.startIndex + index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDate(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count == 10,
              bytes[bytes.startIndex + 4] == UInt8(ascii: "-"), bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
              let year = number(bytes, at: 0, count: 4),
              let month = number(bytes, at: 5, count: 2),
              let day = number(bytes, at: 8, count: 2),
              (1...12).contains(month), day >= 1
        else { return false }
        return day <= daysIn(month: month, year: year)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func isDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // full-date "T" HH:MM:SS [.fraction] ("Z" / ("+" / "-") HH:MM)
        let all = bytes[...]
        guard bytes.count >= 20, isDate(all.prefix(10)),
              bytes[10] | 0x20 == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = number(all, at: 11, count: 2), hour <= 23,
              let minute = number(all, at: 14, count: 2), minute <= 59,
              let second = number(all, at: 17, count: 2), second <= 60
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > fractionStart else { return false }
        }
        guard index < bytes.count else { return false }
        var offsetMinutes = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            guard index + 1 == bytes.count else { return false }
        } else {
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), index + 6 == bytes.count,
                  bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHour = number(all, at: index + 1, count: 2), offsetHour <= 23,
                  let offsetMinute = number(all, at: index + 4, count: 2), offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        if second == 60 {
            // A leap second is inserted at the end of a UTC day, whatever the local offset.
            let utcMinuteOfDay = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utcMinuteOfDay == 23 * 60 + 59
        }
        return true
    }
}
