/// Transactions as the writer runs them: under its lock, one commit at the end of the block.
extension StoreWriter {
    /// Runs `body` as one transaction holding the writers' lock, then commits what it saved
    /// and deleted, all together (``Store/write(_:)``).
    func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        try withWriteLock { state in
            let transaction = Transaction(writer: self, state: state)
            defer { transaction.close() }
            let result = try body(transaction)
            try transaction.commit()
            return result
        }
    }

    /// Runs `body` in a transaction that is checked as a commit would check it, then dropped:
    /// a dry run is refused by what would refuse the real run, and writes nothing.
    ///
    /// Takes this store's lock but not the file lock: like any read, a dry run leaves even
    /// the lock record alone, and another process may write meanwhile.
    func dryRun<T>(_ body: (Transaction) throws -> T) throws -> T {
        if let refusal = writeRefusal { throw refusal }
        return try state.withLock { state in
            // Like a write block: a write on the store inside it is refused, not committed.
            state.transactionDepth += 1
            defer { state.transactionDepth -= 1 }
            let transaction = Transaction(writer: self, state: state)
            defer { transaction.close() }
            let result = try body(transaction)
            try transaction.checkChange()
            return result
        }
    }
}
