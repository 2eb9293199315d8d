extension Timestamp {
    /// `text` written in UTC with `Z` when it is an RFC 3339 timestamp with another offset (or
    /// a lowercase `t`/`z`), naming the same instant with the same fractional digits; `nil`
    /// when it is not a timestamp or already in that form.
    ///
    /// `2025-02-08T10:00:00+01:00` → `2025-02-08T09:00:00Z`.
    package static func normalizedUTC(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              parse(text) != nil
        else { return nil }
        if bytes[10] == UInt8(ascii: "T"), bytes.last == UInt8(ascii: "Z") { return nil }
        var index = 19
        var fraction = ""
        if bytes[index] == UInt8(ascii: ".") {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            fraction = String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var offset = 0
        if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
           let hours = CalendarDate.digits(bytes[(index + 1)..<(index + 3)]),
           let minutes = CalendarDate.digits(bytes[(index + 4)..<(index + 6)]) {
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        guard let day = CalendarDate(String(decoding: bytes[0..<10], as: UTF8.self)),
              let hour = CalendarDate.digits(bytes[11..<13]), let minute = CalendarDate.digits(bytes[14..<16]),
              let second = CalendarDate.digits(bytes[17..<19]), second < 60  // a leap second stays as written
        else { return nil }
        let total = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        let days = Int((Double(total) / 86_400).rounded(.down))
        let rest = total - days * 86_400
        return CalendarDate(daysSinceEpoch: days).description + "T"
            + CalendarDate.pad(rest / 3600, 2) + ":" + CalendarDate.pad(rest / 60 % 60, 2) + ":" + CalendarDate.pad(rest % 60, 2)
            + fraction + "Z"
    }
}

extension JSONValue {
    /// Whether some string of the value reads as a timestamp not written in UTC with `Z` (cheap:
    /// most strings are ruled out by their length and their 11th character). Whether it is a
    /// timestamp is the schema's to say (see `JSONSchema.timestampsNotInUTC(in:)`).
    var hasTimestampsNotInUTC: Bool {
        switch self {
        case .string(let text):
            let utf8 = text.utf8
            guard utf8.count >= 20 else { return false }
            let separator = utf8[utf8.index(utf8.startIndex, offsetBy: 10)]
            guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") else { return false }
            return Timestamp.normalizedUTC(text) != nil
        case .array(let items): return items.contains { $0.hasTimestampsNotInUTC }
        case .object(let members): return members.values.contains { $0.hasTimestampsNotInUTC }
        default: return false
        }
    }

    /// JSON pointers of the strings that read as timestamps not written in UTC with `Z`.
    func timestampsNotInUTC(at pointer: String = "") -> [(pointer: String, text: String)] {
        switch self {
        case .string(let text): Timestamp.normalizedUTC(text) == nil ? [] : [(pointer, text)]
        case .array(let items): items.enumerated().flatMap { $1.timestampsNotInUTC(at: pointer + "/\($0)") }
        case .object(let members): members.sorted { $0.key < $1.key }.flatMap { $1.timestampsNotInUTC(at: pointer + "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")) }
        default: []
        }
    }
}
