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

    /// Runs `body` with a consistent view of the store: no writer changes it until `body` returns.
    ///
    /// Takes the writers' lock, so writers wait for the block (keep it short). Reads outside
    /// a `read` block see each document whole, but a change of several documents may be seen
    /// half made; inside one they are seen all or not at all.
    ///
    /// ```swift
    /// let (streak, events) = try store.read { db in
    ///     (try db.singleton(Streak.self), try db.documents(UsageEvent.self, from: start, to: today))
    /// }
    /// ```
    /// - Throws: what `body` throws; `.locked` after ``Options/lockTimeout``.
    public func read<T>(_ body: (ReadTransaction) throws -> T) throws -> T {
        try withWriteLock(reading: true) { state in
            let transaction = ReadTransaction(store: self, state: state)
            defer { transaction.close() }
            return try body(transaction)
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
