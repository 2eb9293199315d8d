/// The readers' caches as the writer changes them: only here, and only as the effect of a
/// commit (or of a failed one, or of recovery, which forget them). Readers fill them as they read.
extension StoreWriter {
    /// Records a commit this store made in the readers' id indexes, which move from clock value
    /// `before` to the value now; indexes at any other value were another's and are dropped.
    func recordInCaches(_ change: AtomicChange, from before: UInt64) {
        let now = clock.now()
        let archives = change.archiveCollections
        // The folders the change wrote in or removed from, per collection, with the files it
        // wrote: filed where their dates say, so the index need not read them again.
        var written: [String: [String: Set<String>]] = [:]
        for removed in change.removals {
            written[removed.collection, default: [:]][FolderIndex.path(removed.folders), default: []].formUnion([])
        }
        for write in change.writes {
            let location = write.location
            written[location.collection, default: [:]][FolderIndex.path(location.folders), default: []].insert(location.fileName)
            for other in [write.previous].compactMap({ $0 }) + write.superseded {
                written[other.collection, default: [:]][FolderIndex.path(other.folders), default: []].formUnion([])
            }
        }
        reader.caches.withLock { caches in
            guard caches.clock == before else { return caches.invalidate() }
            caches.clock = now
            // An archive the change wrote into or removed from is listed afresh on its next read.
            for name in archives { caches.archived[name] = nil }
            // Noted before the lock is let go: no read at the new value may miss them.
            for (name, folders) in written { caches.folderIndexes[name]?.noteWritten(folders) }
        }
    }

    /// Forgets what this store's writer and readers remember of the files (a migration or
    /// rollback swapped them), and moves the clock so other stores on the folder forget too.
    func dropCaches(_ state: StoreState) {
        state.folders.removeAll()
        forgetCaches()
        _ = try? clock.advance()
        _ = try? clock.advance()
    }

    /// Forgets every cache of this store's readers: after a change that failed part way, or a
    /// recovery, nothing they remember can be trusted.
    func forgetCaches() {
        reader.caches.withLock { $0.invalidate() }
    }
}
