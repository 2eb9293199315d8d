extension Store {
    /// Runs `body` as one transaction and commits what it saved and deleted, all together.
    ///
    /// Writers queue: other threads of this process, other processes and the `almanac` tool
    /// wait (up to ``Options/lockTimeout``) until the block has returned and its change is
    /// durable. Reads inside the block see the store plus the block's own changes, so a
    /// read-modify-write loses no update. When `body` throws, nothing is written and the
    /// error is rethrown. After a crash at any instant, the store holds all of the change or
    /// none of it.
    ///
    /// ```swift
    /// try store.write { db in
    ///     try db.save(commitment)
    ///     try db.save(escalationState)      // both, or neither
    /// }
    /// ```
    ///
    /// Inside the block, write through the transaction: a save on the store itself throws
    /// `.invalidArgument` rather than committing on its own.
    /// - Parameter body: the transaction's work; its result is returned.
    /// - Throws: what `body` throws; what the commit's checks refuse (`.uniqueViolation`,
    ///   `.ruleViolation`, `.missingReference`); `.locked`, `.storeTooNew`, `.io`.
    @discardableResult
    public func write<T>(_ body: (Transaction) throws -> T) throws -> T {
        try writer.transaction(body)
    }

    /// Runs `body` with a consistent view of the store: every read in it sees the same
    /// committed state, all of each transaction or none of it (snapshot isolation).
    ///
    /// Neither side waits: writers in this process and others commit while the block runs,
    /// and the block never waits for them. When a commit lands while the block reads, the
    /// block runs again on the newer state, so keep it free of effects beyond its result
    /// (like a retried transaction in FoundationDB). A block that commits overtake
    /// 8 times in a row runs its last time holding the writers' lock.
    ///
    /// ```swift
    /// let (streak, events) = try store.read { db in
    ///     (try db.singleton(Streak.self), try db.documents(UsageEvent.self, from: start, to: today))
    /// }
    /// ```
    /// - Throws: what `body` throws; `.storeChanged` when a migration swapped the store's version.
    public func read<T>(_ body: (ReadTransaction) throws -> T) throws -> T {
        try ReadTransaction.runningBlock.withValue(true) {
            try readingOneVersion {
                let transaction = ReadTransaction(reader: reader)
                defer { transaction.close() }
                return try body(transaction)
            }
        }
    }
}
