extension Timestamp {
    /// `text` in the stored form — UTC with `Z`, at most three fraction digits — when it is an
    /// RFC 3339 timestamp with another offset, a lowercase `t`/`z` or a finer fraction: the
    /// same instant, with the fraction cut to milliseconds (`.99999999` → `.999`, never the
    /// next second, so never the next day); `nil` when it is not a timestamp, is already in
    /// that form, or names an instant outside the years 0001–9999 (which the schema's
    /// `date-time` check refuses).
    ///
    /// `2025-02-08T10:00:00+01:00` → `2025-02-08T09:00:00Z`; a leap second keeps its `:60`:
    /// `1998-12-31T15:59:60-08:00` → `1998-12-31T23:59:60Z`.
    package static func normalizedUTC(_ text: String) -> String? {
        guard let parts = Parts(text), !parts.isStoredForm, parts.isWithinCalendar else { return nil }
        let days = Int((Double(parts.utcSecond) / 86_400).rounded(.down))
        let rest = parts.utcSecond - days * 86_400
        let seconds = parts.isLeapSecond ? 60 : rest % 60
        return CalendarDate(daysSinceEpoch: days).description + "T"
            + CalendarDate.pad(rest / 3600, 2) + ":" + CalendarDate.pad(rest / 60 % 60, 2) + ":" + CalendarDate.pad(seconds, 2)
            + parts.fraction + "Z"
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
