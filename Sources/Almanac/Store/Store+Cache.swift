extension Store {
    /// What the store remembers between calls: where each document of a collection is.
    ///
    /// Built by listing a collection's folders (no file is read) and kept up to date by this
    /// store's own writes. It is thrown away whenever the lock file shows that another
    /// writer (another process or Store instance) has written since it was built.
    struct Cache {
        /// The lock token of the last write this cache has seen.
        var token: String?
        /// collection → lowercased id → location.
        var locations: [String: [String: DocumentLocation]] = [:]
        /// Open folders of the write path, by their path from the store root, so a save does
        /// not re-open `data/<collection>/YYYY/MM/DD` one component at a time.
        var folders: [[String]: Directory] = [:]
        /// True while this Store holds the write lock: the caches are then authoritative
        /// and the lock file need not be read.
        var isWriting = false

        mutating func invalidate() {
            locations.removeAll()
            folders.removeAll()
            token = nil
        }

        /// Forgets the open folder at `path` and every folder below it (they are being removed).
        mutating func forgetFolders(under path: [String]) {
            folders = folders.filter { !$0.key.starts(with: path) }
        }
    }

    /// The id → location index of `collection`, rebuilt when another writer has written since.
    /// Call with `mutex` held.
    func locationIndex(of collection: CollectionDescriptor) throws -> [String: DocumentLocation] {
        if !cache.isWriting {
            let current = lastWriterToken()
            if current != cache.token {
                cache.invalidate()
                cache.token = current
            }
        }
        if let index = cache.locations[collection.name] { return index }
        var index: [String: DocumentLocation] = [:]
        for location in try locations(in: collection, days: nil) {
            let key = DocumentID.key(location.id ?? "")
            if let other = index[key] {
                throw AlmanacError(
                    .idCollision,
                    "two files hold id \"\(location.id ?? "")\" (ignoring case): \(other.relativePath) and \(location.relativePath); run 'almanac check' and remove the stale one",
                    path: location.relativePath, id: location.id)
            }
            index[key] = location
        }
        cache.locations[collection.name] = index
        return index
    }

    /// Looks up a document's location under `mutex`.
    func location(of id: String, in collection: CollectionDescriptor) throws -> DocumentLocation? {
        try mutex.synchronized { try locationIndex(of: collection)[DocumentID.key(id)] }
    }
}

extension Store {
    /// Opens the folders `names` for writing, creating missing ones, through the cache of
    /// open folders. Call inside ``withWriteLock(_:)``.
    func writableFolder(_ names: [String]) throws -> Directory {
        // A folder removed behind our back (by hand) keeps its descriptor valid; writing into it
        // would lose the file, so a cached folder is used only while it is still linked.
        if let open = cache.folders[names], open.isStillLinked { return open }
        if cache.folders.count >= 256 { cache.folders.removeAll() }
        let folder = try createFolders(names)
        cache.folders[names] = folder
        return folder
    }
}
