extension JSONValue {
    /// Parses JSON text strictly per RFC 8259: trailing commas,
    /// comments, NaN, single quotes, control characters and duplicate keys are errors.
    ///
    /// - Throws: `.malformedJSON` with the line and column of the problem.
    public init(parsing bytes: [UInt8]) throws {
        self = try JSONParser.parse(bytes).value
    }

    /// The value in the canonical form of store files: sorted keys, 2-space indent,
    /// unescaped `/`, trailing newline.
    public var prettyJSONBytes: [UInt8] {
        CanonicalJSON.prettyBytes(self)
    }

    /// The value on one line with sorted keys and no trailing newline (JSON Lines).
    public var compactJSONBytes: [UInt8] {
        CanonicalJSON.compactBytes(self)
    }
}
