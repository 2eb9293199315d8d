extension Store {
    /// Runs a read so that it sees one version of the store, never a migration half swapped in.
    ///
    /// A migration or rollback keeps its journal on disk from just before its first swap until
    /// after its cleanup. A read that starts while the journal is there waits for the swap to
    /// end (by taking the write lock, which also recovers a swap whose process died); a read
    /// during which a swap began or a new version was committed is done again, or fails with
    /// `.storeChanged` when this store's catalog no longer describes the documents.
    func readingOneVersion<T>(_ read: () throws -> T) throws -> T {
        try awaitSettledVersion()
        let result = try read()
        guard StoreSwap.isPending(root: root) || manifestWasReplaced else { return result }
        try awaitSettledVersion()
        return try read()
    }

    /// Runs a read whose results already went out as it ran (a streamed listing), so it
    /// cannot be done again: when a migration or rollback swapped the store meanwhile, it
    /// fails with `.storeChanged` afterwards instead.
    func readingStreamed<T>(_ read: () throws -> T) throws -> T {
        try awaitSettledVersion()
        let result = try read()
        if StoreSwap.isPending(root: root) || manifestWasReplaced { try awaitSettledVersion() }
        return result
    }

    /// Whether `store.json` is no longer the file this store read (one `fstatat`).
    private var manifestWasReplaced: Bool {
        (try? root.identity(of: Manifest.fileName))?.inode != manifestInode
    }

    /// Waits for a swap in progress to end, then checks that the store is still at this store's version.
    private func awaitSettledVersion() throws {
        // (Never true inside this store's own write session: the journal exists only while
        // its writer holds the lock, or after that writer died, and then taking the lock recovered it.)
        if StoreSwap.isPending(root: root) {
            try Store.finishInterruptedSwap(root: root, options: options)
        }
        guard manifestWasReplaced else { return }
        let version = try versionOnDisk()
        guard version == schemaVersion else {
            throw AlmanacError(
                .storeChanged,
                "the store went from schema version \(schemaVersion) to \(version) (a migration or rollback) since it was opened; open it again",
                path: url.path)
        }
    }
}
