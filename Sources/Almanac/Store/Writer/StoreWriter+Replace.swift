extension StoreWriter {
    /// Replaces the whole store — the folder `name` in `parent` — by the checked copy in the
    /// sibling folder `staging`, holding the writers' lock so that no writer is half way
    /// through: one exchange of the two names, flushed. The old store is then in `staging`.
    func replaceStore(named name: String, by staging: String, in parent: Directory) throws {
        try withWriteLock { _ in
            TestHooks.crashPoint("restore", "before-exchange")
            try parent.exchange(staging, with: parent, name)
            try parent.synchronize(.full)
            TestHooks.crashPoint("restore", "after-exchange")
        }
    }
}
