extension StoreReader {
    /// The block running on this thread within which the folder index is checked against the
    /// folders once, and then follows this process's own commits: a hold of the writers' lock
    /// (``StoreWriter/withWriteLock(reading:_:)``), or one command's reads
    /// (``Store/checkingFoldersOnce(_:)``). Outside one, each read attempt checks once.
    static let indexScope = ThreadLocal<UInt64>()
    private static let indexScopes = Counter()

    /// Runs `body` as one such block (inside one already, as part of it).
    ///
    /// - Parameter writing: a hold of the writers' lock. All of them share one scope: a writer
    ///   trusts the index it checked, and then followed through its own commits, until another
    ///   process commits (the clock moves) or a read checks it again, as it trusted the id
    ///   index it kept before the folder index. A save then costs its own folder, not one
    ///   `fstatat` per folder of the collection.
    static func inIndexScope<T>(writing: Bool = false, _ body: () throws -> T) rethrows -> T {
        guard indexScope.value == nil else { return try body() }
        return try indexScope.withValue(writing ? 1 << 62 : UInt64(indexScopes.next()) | 1 << 63, body)
    }

    /// The commit clock value the running read sees: its ``ReadView``'s, or the clock now for
    /// a writer (which alone moves it while it holds the lock).
    var readClock: UInt64 { view?.clock ?? clock.now() }

    /// The folder index of `collection` (``FolderIndex``) at the running read's clock value:
    /// loaded from `.almanac/index/` and checked against the folders, then remembered in
    /// ``ReadCaches`` until a commit moves the clock; this store's own commits note the folders
    /// they changed in it instead, which are listed again on its next use.
    ///
    /// - Parameter area: the collection's live documents, or its archived ones.
    /// - Parameter trusting: files (by path below the collection's folder) a listing takes as
    ///   filed where their dates say, unread, when the index is loaded now: the ones this
    ///   process's commit just wrote.
    func folderIndex(of collection: CollectionDescriptor, area: FolderIndex.Area = .live, trusting: Set<String> = []) throws -> FolderIndex {
        let now = readClock
        let name = collection.name
        let scope = StoreReader.indexScope.value ?? view.map { UInt64($0.attempt) }
        if let known = caches.withLock({ $0.clock == now ? $0[area][name] : nil }) {
            // Not written back here: a write session's end does that, and a process that starts
            // lists what changed since (writing beside every durable save costs its flush).
            try known.revalidate(reader: self, scope: scope, persisting: false)
            return known
        }
        let index = try FolderIndex.load(collection, area: area, reader: self, persisting: view?.overlay == nil, scope: scope, trusting: trusting)
        // Kept only for a settled clock (even): one odd value lasts while a commit puts its
        // files in place, and its writer notes the commit in the indexes of the value before.
        if now % 2 == 0 {
            caches.withLock { caches in
                guard caches.settle(at: now) else { return }
                caches[area][name] = index
            }
        }
        return index
    }

    /// Runs `body` on the folder index of `collection` (of its `area`), loading it again once
    /// when another process rewrote a file of it meanwhile.
    func withFolderIndex<T>(_ collection: CollectionDescriptor, area: FolderIndex.Area = .live, _ body: (FolderIndex) throws -> T) throws -> T {
        do {
            return try body(folderIndex(of: collection, area: area))
        } catch is FolderIndex.Inconsistent {
            caches.withLock { $0[area][collection.name] = nil }
            do {
                return try body(folderIndex(of: collection, area: area))
            } catch is FolderIndex.Inconsistent {
                // Rewritten again under this read: list the folders, trusting nothing on disk.
                return try body(FolderIndex.load(collection, area: area, reader: self, persisting: false, fromScratch: true))
            }
        }
    }

    /// Looks up where the documents `ids` of `collection` are, all at once, ahead of a batch
    /// that looks them up one by one (``FolderIndex/prefetch(keys:reader:)``). Best effort.
    func prefetchLocations(of ids: [String], in collection: CollectionDescriptor) {
        guard !collection.isSingleton, ids.count >= 64 else { return }
        _ = try? withFolderIndex(collection) { try $0.prefetch(keys: Set(ids.map(DocumentID.key)), reader: self) }
    }

    /// Lets go of what ``prefetchLocations(of:in:)`` looked up, once the batch has saved its
    /// documents: a commit knows which of them are new, and needs none of it.
    func forgetPrefetchedLocations(in collection: CollectionDescriptor) {
        caches.withLock { $0.folderIndexes[collection.name] }?.forgetPrefetched()
    }

    /// Every file of the document `id` (several when a sync left copies, or filed it in more
    /// than one date folder); `nil` when there is none.
    func documentFiles(of id: String, in collection: CollectionDescriptor) throws -> DocumentFiles? {
        try withFolderIndex(collection) { try $0.files(ofKey: DocumentID.key(id), reader: self) }
    }

    /// Every file of the document `id` when a sync left it in several (copies, or the id in
    /// more than one date folder); `nil` when it has one file or none.
    func versionFiles(of id: String, in collection: CollectionDescriptor) throws -> DocumentFiles? {
        try documentFiles(of: id, in: collection).flatMap { $0.hasVersions ? $0 : nil }
    }

    /// Where the document `id` is: its own `<id>.json` when there is one.
    func location(of id: String, in collection: CollectionDescriptor) throws -> DocumentLocation? {
        try documentFiles(of: id, in: collection)?.first
    }

    /// Whether the folder index of `collection` is already checked at the running read's clock value.
    func hasLocationIndex(of collection: CollectionDescriptor) -> Bool {
        let now = readClock
        return caches.withLock { $0.clock == now && $0.folderIndexes[collection.name] != nil }
    }

    /// Forgets the folder index of `collection` (a file moved or vanished under it: a hand
    /// edit); the next use checks the folders again.
    func forgetLocationIndex(of collection: CollectionDescriptor) {
        caches.withLock { $0.folderIndexes[collection.name] = nil }
    }

    /// Lists every partitioned collection afresh and writes its folder index, taking the files
    /// at the store-relative paths `written` (a migration's, just swapped in) as filed where
    /// their dates say: the next read lists no folder and reads none of them. Best effort: an
    /// index that cannot be made now is made by the next read.
    ///
    /// - Parameter fromScratch: `false` after a rollback, which put back the index of the
    ///   version it restores: that index is checked against the folders and written, so that
    ///   what it knew of the returned files (renamed back, inodes and all) is kept.
    func leaveFolderIndexes(trusting written: [String], fromScratch: Bool = true) {
        let swapped = DocumentCache.now()
        var byCollection: [String: Set<String>] = [:]
        for path in written {
            let parts = path.split(separator: "/", maxSplits: 2)
            guard parts.count == 3, parts[0] == "data" else { continue }
            byCollection[String(parts[1]), default: []].insert(String(parts[2]))
        }
        // The folders just moved in would be unsure to a listing in the same tick of the clock.
        FolderSignature.waitOutTick(after: swapped)
        for descriptor in catalog.collections where !descriptor.isSingleton && descriptor.partition != nil {
            _ = try? FolderIndex.load(descriptor, reader: self, persisting: true, fromScratch: fromScratch, trusting: byCollection[descriptor.name] ?? [])
        }
    }

    /// Writes back the folder indexes this process's commits changed (when a write session
    /// ends, or after a large commit: then `relisting` the folders it wrote, so that the next
    /// process need not list them).
    func persistFolderIndexes(relisting: Bool = false) {
        let indexes = caches.withLock { Array($0.folderIndexes.values) + Array($0.archiveIndexes.values) }
        for index in indexes { try? index.revalidate(reader: self, scope: nil, persisting: true, onlyWritten: true, relisting: relisting) }
    }
}
