/// What `check --fix` did (or, for a dry run, would do) and what is left for a person.
public struct FixReport: Sendable, Equatable, Encodable {
    /// Whether nothing was changed: the repairs are what a real run would make.
    public var dryRun: Bool
    /// The repairs, in path order.
    public var repairs: [Repair]
    /// The store's problems after the repairs (for a dry run: those the repairs would leave),
    /// each with what a person should do.
    public var remaining: CheckReport

    /// One repair.
    public struct Repair: Sendable, Equatable, Encodable, CustomStringConvertible {
        /// What kind: `moved`, `rewritten`, `removed-leftover` or `editor-settings`.
        public var kind: String
        /// The file or folder repaired, relative to the store root.
        public var path: String
        /// Where a moved document went.
        public var destination: String?
        /// What was done, for a person.
        public var message: String

        /// `path: message`.
        public var description: String { "\(path): \(message)" }
    }
}
