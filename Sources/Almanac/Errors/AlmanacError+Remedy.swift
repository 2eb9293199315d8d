extension AlmanacError {
    /// What to do about an error, as a value: the CLI renders it as the flag or command a person
    /// types, an app shows the library's words for it, which end the message (``api``).
    ///
    /// The remedies are listed once, below, like the codes; the `almanac` tool keeps its own
    /// table of how each is typed at a terminal.
    ///
    /// ```swift
    /// catch let error as AlmanacError where error.remedy == .longerLockTimeout {
    ///     options.lockTimeout = 30      // the message said "retry with a longer lock timeout"
    /// }
    /// ```
    public struct Remedy: Sendable, Hashable, CustomStringConvertible {
        /// A stable name, e.g. `longer-lock-timeout`.
        public let name: String
        /// The remedy in the library's terms, as the message spells it.
        public let api: String

        /// Creates a remedy.
        public init(name: String, api: String) {
            self.name = name
            self.api = api
        }

        /// The remedy's stable name.
        public var description: String { name }

        /// Every remedy the library's errors carry.
        public static var all: [Remedy] {
            [.longerLockTimeout, .rollbackForce, .withoutRedaction, .overrideFinalStates, .withoutDateRange, .takeOneVersion]
        }

        /// Wait longer for the lock (``Store/Options/lockTimeout``).
        public static let longerLockTimeout = Remedy(name: "longer-lock-timeout", api: "a longer lock timeout")
        /// Roll back anyway, losing what was written since (`rollback(force: true)`).
        public static let rollbackForce = Remedy(name: "rollback-force", api: "roll back with force")
        /// Import an export made without redaction.
        public static let withoutRedaction = Remedy(name: "without-redaction", api: "without redacted fields")
        /// Delete a document in a final state anyway (`overridingFinalStates: true`).
        public static let overrideFinalStates = Remedy(
            name: "override-final-states",
            api: "Delete it anyway by overriding final states (store.delete(_:overridingFinalStates: true)); deleting everything and retention remove it too")
        /// Read an undated collection without a date range.
        public static let withoutDateRange = Remedy(name: "without-date-range", api: "read it without one")
        /// Resolve a conflict by taking one version whole (`resolve(…, taking:)`).
        public static let takeOneVersion = Remedy(name: "take-one-version", api: "by taking one of them (taking: one of")
    }

    /// The message with its remedy's words replaced by `words` (the tool's, say).
    package func message(withRemedyAs words: String) -> String {
        guard let remedy, let range = message.range(of: remedy.api, options: .backwards) else { return message }
        return message.replacingCharacters(in: range, with: words)
    }

    /// A copy that carries `remedy` (its message already ends with the remedy's library words).
    func with(_ remedy: Remedy) -> AlmanacError {
        var copy = self
        copy.remedy = remedy
        return copy
    }
}
