extension AlmanacError: Encodable {
    private enum CodingKeys: String, CodingKey { case code, message, path, id, pointer, line, column, cause }

    /// Encodes the error as `almanac --json` prints it under `"error"`: its code, message,
    /// and whichever of path, id, pointer, line, column and cause are known.
    ///
    /// ```json
    /// {"code": "locked", "message": "store is locked by PID 4242 …", "path": "store.json"}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(pointer, forKey: .pointer)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(underlying.map { "\($0)" }, forKey: .cause)
    }
}
