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
        try withWriteLock { state in
            let transaction = Transaction(store: self, state: state)
            defer { transaction.close() }
            let result = try body(transaction)
            try transaction.commit()
            return result
        }
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
        try ReadTransaction.$isRunningBlock.withValue(true) {
            try readingOneVersion {
                let transaction = ReadTransaction(store: self)
                defer { transaction.close() }
                return try body(transaction)
            }
        }
    }

    /// Runs `body` in a transaction that is checked as a commit would check it, then dropped:
    /// a dry run is refused by what would refuse the real run, and writes nothing.
    ///
    /// Takes this store's lock but not the file lock: like any read, a dry run leaves even
    /// the lock record alone, and another process may write meanwhile.
    func dryRun<T>(_ body: (Transaction) throws -> T) throws -> T {
        if let writeRefusal { throw writeRefusal }
        return try state.withLock { state in
            // Like a write block: a write on the store inside it is refused, not committed.
            state.transactionDepth += 1
            defer { state.transactionDepth -= 1 }
            let transaction = Transaction(store: self, state: state)
            defer { transaction.close() }
            let result = try body(transaction)
            try transaction.checkChange()
            return result
        }
    }
}
