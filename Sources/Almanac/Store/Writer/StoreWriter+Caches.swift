/// The readers' caches as the writer changes them: only here, and only as the effect of a
/// commit (or of a failed one, or of recovery, which forget them). Readers fill them as they read.
extension StoreWriter {
    /// Records a commit this store made in the readers' id indexes, which move from clock value
    /// `before` to the value now; indexes at any other value were another's and are dropped.
    func recordInCaches(_ change: AtomicChange, from before: UInt64) {
        let now = clock.now()
        let archives = change.archiveCollections
        reader.caches.withLock { caches in
            guard caches.clock == before else { return caches.invalidate() }
            caches.clock = now
            // An archive the change wrote into or removed from is listed afresh on its next read.
            for name in archives { caches.archived[name] = nil }
            for removed in change.removals {
                guard let id = removed.id else { continue }
                caches.locations[removed.collection]?[DocumentID.key(id)] = nil
                caches.versions[removed.collection]?[DocumentID.key(id)] = nil
            }
            for write in change.writes {
                guard let id = write.location.id else { continue }
                caches.locations[write.collection.name]?[DocumentID.key(id)] = write.location
                // The write replaced every version a sync had left of the document.
                caches.versions[write.collection.name]?[DocumentID.key(id)] = nil
            }
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
