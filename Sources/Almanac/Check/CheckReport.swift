/// What `check` found in a store: every problem, with the file and where in it.
public struct CheckReport: Sendable, Equatable, Encodable {
    /// The problems, in the order the store was walked (sorted by path).
    public var problems: [Problem]
    /// How many document files were read and checked.
    public var documentsChecked: Int

    /// Whether no problem is an error (warnings allowed).
    public var isClean: Bool { !problems.contains { $0.severity == .error } }

    /// How many problems are errors.
    public var errors: Int { problems.filter { $0.severity == .error }.count }

    /// How many problems are warnings.
    public var warnings: Int { problems.count - errors }

    /// One problem found by `check`.
    public struct Problem: Sendable, Equatable, Encodable, CustomStringConvertible {
        /// Whether the problem makes the store unsound or only deserves a look.
        public enum Severity: String, Sendable, Encodable { case error, warning }

        /// Error or warning.
        public var severity: Severity
        /// A stable name for the kind of problem, e.g. `malformed-json`, `misplaced`, `temporary-file`.
        public var kind: String
        /// The file or folder, relative to the store root.
        public var path: String
        /// What is wrong and what to do.
        public var message: String
        /// The 1-based line, when the problem is inside a file.
        public var line: Int?
        /// The 1-based column, when the problem is inside a file.
        public var column: Int?
        /// The JSON pointer of the value at fault, when known.
        public var pointer: String?
        /// What to do, as a value (the message holds its library words), when it is another operation.
        public var remedy: AlmanacError.Remedy?

        /// `path:line:column: severity: message`.
        public var description: String {
            var location = path
            if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            let at = pointer.map { $0.isEmpty ? "" : "\($0): " } ?? ""
            return "\(location): \(severity.rawValue): \(at)\(message)"
        }
    }
}

extension CheckReport {
    private enum CodingKeys: String, CodingKey { case clean, documentsChecked, errors, warnings, problems }

    /// Encodes the report with its verdict and counts: `clean`, `documentsChecked`, `errors`,
    /// `warnings` and `problems`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isClean, forKey: .clean)
        try container.encode(documentsChecked, forKey: .documentsChecked)
        try container.encode(errors, forKey: .errors)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(problems, forKey: .problems)
    }
}
