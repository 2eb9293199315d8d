extension StoreReader {
    /// The commit clock value the running read sees: its ``ReadView``'s, or the clock now for
    /// a writer (which alone moves it while it holds the lock).
    var readClock: UInt64 { view?.clock ?? clock.now() }

    /// The id → location index of `collection` at the running read's clock value.
    ///
    /// Built by listing a collection's folders (no file is read), and remembered in
    /// ``ReadCaches`` until a commit moves the clock; this store's own commits record
    /// themselves in it instead.
    func locationIndex(of collection: CollectionDescriptor) throws -> [String: DocumentLocation] {
        try indexes(of: collection).locations
    }

    /// Every file of the document `id` when a sync left it in several (copies, or the id in
    /// more than one date folder); `nil` when it has one file or none.
    func versionFiles(of id: String, in collection: CollectionDescriptor) throws -> DocumentFiles? {
        try indexes(of: collection).versions[DocumentID.key(id)]
    }

    /// Whether the id index of `collection` is already built at the running read's clock value.
    func hasLocationIndex(of collection: CollectionDescriptor) -> Bool {
        let now = readClock
        return caches.withLock { $0.clock == now && $0.locations[collection.name] != nil }
    }

    /// Forgets the id index of `collection` (a file moved or vanished under it: a hand edit).
    func forgetLocationIndex(of collection: CollectionDescriptor) {
        caches.withLock { $0.locations[collection.name] = nil }
    }

    private func indexes(of collection: CollectionDescriptor) throws -> (locations: [String: DocumentLocation], versions: [String: DocumentFiles]) {
        let now = readClock
        let name = collection.name
        if let known = caches.withLock({ caches -> ([String: DocumentLocation], [String: DocumentFiles])? in
            guard caches.clock == now else { return nil }
            return caches.locations[name].map { ($0, caches.versions[name] ?? [:]) }
        }) {
            return known
        }
        // Listed without the lock: another reader may list the same meanwhile, and the later
        // result is kept; both describe the store at `now`.
        var index: [String: DocumentLocation] = [:]
        var versions: [String: DocumentFiles] = [:]
        for files in try documentFiles(in: collection, days: nil) {
            let key = DocumentID.key(files.id)
            index[key] = files.first
            if files.hasVersions { versions[key] = files }
        }
        // Kept only for a settled clock (even): one odd value lasts while a commit puts its
        // files in place, and its writer records the commit in the indexes of the value before.
        if now % 2 == 0 {
            caches.withLock { caches in
                guard caches.settle(at: now) else { return }
                caches.locations[name] = index
                caches.versions[name] = versions
            }
        }
        return (index, versions)
    }

    /// Looks up a document's location.
    func location(of id: String, in collection: CollectionDescriptor) throws -> DocumentLocation? {
        try locationIndex(of: collection)[DocumentID.key(id)]
    }
}
