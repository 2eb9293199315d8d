extension StoreWriter {
    /// Replaces the whole store — the folder `name` in `parent` — by the checked copy in the
    /// sibling folder `staging`, holding the writers' lock so that no writer is half way
    /// through: one exchange of the two names, flushed. The old store is then in `staging`.
    ///
    /// - Parameter stillAllowed: checks, holding the lock, that the store may still be
    ///   replaced (an import replaces only an empty store: a save may have come meanwhile).
    func replaceStore(named name: String, by staging: String, in parent: Directory, crashPointKind: String = "restore",
                      stillAllowed: () throws -> Void = {}) throws {
        try withWriteLock { _ in
            try stillAllowed()
            TestHooks.crashPoint(crashPointKind, "before-exchange")
            try parent.exchange(staging, with: parent, name)
            try parent.synchronize(.full)
            TestHooks.crashPoint(crashPointKind, "after-exchange")
        }
    }
}
