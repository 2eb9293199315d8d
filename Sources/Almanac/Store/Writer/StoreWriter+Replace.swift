extension StoreWriter {
    /// Replaces the whole store — the folder `name` in `parent` — by the checked copy in the
    /// sibling folder `staging`, holding the writers' lock so that no writer is half way
    /// through, and leaves the old store named `kept` beside it.
    ///
    /// Where the file system exchanges two names atomically, one exchange, flushed, then the
    /// old store renamed to `kept`: the store's path holds a whole store at every instant.
    /// Elsewhere (exFAT, FAT, SMB) no rename can replace a folder that is not empty, so the
    /// staged copy is first marked ready (``StoreRecovery/markReadyToReplace(_:)``, durable),
    /// then the old store is renamed to `kept` and the copy to `name`: a cut between the two
    /// leaves no store at the path for a moment, and the next open of the path finishes the
    /// second rename (``StoreRecovery/finishInterruptedReplacement(at:)``).
    ///
    /// - Parameter stillAllowed: checks, holding the lock, that the store may still be
    ///   replaced (an import replaces only an empty store: a save may have come meanwhile).
    func replaceStore(named name: String, by staging: String, in parent: Directory, keepingOldAs kept: String,
                      crashPointKind: String = "restore", stillAllowed: () throws -> Void = {}) throws {
        try withWriteLock { _ in
            try stillAllowed()
            TestHooks.crashPoint(crashPointKind, "before-exchange")
            if try parent.exchangeIfSupported(staging, with: parent, name) {
                try parent.synchronize(.full)
                TestHooks.crashPoint(crashPointKind, "after-exchange")
                try parent.rename(staging, into: parent, as: kept)
                try parent.synchronize(.barrier)
                return
            }
            guard let copy = try parent.openFolder(staging) else {
                throw AlmanacError(.io, "the staged copy vanished before it was put in place", path: parent.childPath(staging))
            }
            // The mark says the copy is whole: everything in it reaches the disk first.
            try copy.synchronizeStagedTree()
            try StoreRecovery.markReadyToReplace(copy)
            TestHooks.crashPoint(crashPointKind, "after-ready")
            try parent.rename(name, into: parent, as: kept)
            try parent.synchronize(.barrier)
            TestHooks.crashPoint(crashPointKind, "after-old-kept")
            try parent.rename(staging, into: parent, as: name)
            try parent.synchronize(.full)
            TestHooks.crashPoint(crashPointKind, "after-exchange")
        }
    }
}
