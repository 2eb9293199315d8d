extension JSONSchema {
    /// The strings of `document` in fields this schema declares `"format": "date-time"` that
    /// are not written in UTC with `Z`, with their JSON pointers.
    ///
    /// Only a declared `date-time` is a timestamp: a note whose text happens to read like one
    /// is the user's words, kept as written. A `date-time` declared only inside `anyOf`,
    /// `oneOf` or `not` is not found, since those branches are only probed.
    func timestampsNotInUTC(in document: JSONValue) -> [(pointer: String, text: String)] {
        // Most documents have none: the cheap scan of their strings settles it.
        guard document.hasTimestampsNotInUTC else { return [] }
        return document.timestampsNotInUTC().filter { declaresDateTime(at: $0.pointer, in: document) }
    }

    /// `document` with each timestamp of a `date-time` field written in UTC with `Z`, the
    /// instant unchanged (`2025-02-08T10:00:00+01:00` → `2025-02-08T09:00:00Z`).
    func normalizingTimestamps(in document: JSONValue) -> JSONValue {
        var result = document
        for (pointer, text) in timestampsNotInUTC(in: document) {
            guard let utc = Timestamp.normalizedUTC(text) else { continue }
            result = result.replacing(at: JSONValue.pointerTokens(pointer)[...], with: .string(utc))
        }
        return result
    }

    /// Whether the schema checks the value at `pointer` as a `date-time`: a value there that
    /// is not one makes it report a `date-time` format violation at that very pointer.
    private func declaresDateTime(at pointer: String, in document: JSONValue) -> Bool {
        let probe = document.replacing(at: JSONValue.pointerTokens(pointer)[...], with: .string("not a date-time"))
        let expectation = SchemaFormat.dateTime.expectation
        return validate(probe).contains { $0.pointer == pointer && $0.keyword == "format" && $0.message.hasSuffix(expectation) }
    }
}
