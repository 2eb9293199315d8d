extension Store {
    /// What the store remembers between calls: where each document of a collection is.
    ///
    /// Built by listing a collection's folders (no file is read) and kept up to date by this
    /// store's own writes. It is thrown away whenever the lock file shows that another
    /// writer (another process or Store instance) has written since it was built.
    struct Cache {
        /// `<token>/<state>` of the lock record when the caches were built (see ``Store/lastWriterStamp(_:)``).
        var token: String?
        /// collection → lowercased id → location.
        var locations: [String: [String: DocumentLocation]] = [:]
        /// collection → lowercased id → every file, for the documents a sync left in several.
        var versions: [String: [String: DocumentFiles]] = [:]
        /// collection → lowercased id → where `archive/<collection>/` holds it (folders below that).
        var archived: [String: [String: DocumentLocation]] = [:]
        /// Open folders of the write path, so a save does not re-open
        /// `data/<collection>/YYYY/MM/DD` one component at a time.
        var folders = FolderCache()
        mutating func invalidate() {
            locations.removeAll()
            versions.removeAll()
            archived.removeAll()
            folders.removeAll()
            token = nil
        }

        /// Forgets the open folder at `path` and every folder below it (they are being removed).
        mutating func forgetFolders(under path: [String]) {
            folders.forget(under: path)
        }
    }

    /// The id → location index of `collection`, rebuilt when another writer has written since.
    ///
    /// Outside its own write session a store trusts its caches only while the lock record
    /// shows the same finished writer as when they were built; while another writer's
    /// session is active, documents may appear at any moment, so nothing is cached.
    func locationIndex(of collection: CollectionDescriptor, _ state: StoreState) throws -> [String: DocumentLocation] {
        if state.session == nil {
            let stamp = lastWriterStamp(state)
            if stamp != state.cache.token {
                state.cache.invalidate()
                state.cache.token = stamp
            }
            if stamp?.hasSuffix("/active") == true { return try buildLocationIndex(of: collection).index }
        }
        if let index = state.cache.locations[collection.name] { return index }
        let (index, versions) = try buildLocationIndex(of: collection)
        state.cache.locations[collection.name] = index
        state.cache.versions[collection.name] = versions
        return index
    }

    /// Every file of the document `id` when a sync left it in several (copies, or the id in
    /// more than one date folder); `nil` when it has one file or none.
    func versionFiles(of id: String, in collection: CollectionDescriptor, _ state: StoreState) throws -> DocumentFiles? {
        let index = try locationIndex(of: collection, state)
        guard index[DocumentID.key(id)] != nil else { return nil }
        // While another writer is active nothing is cached: list again.
        guard let versions = state.cache.versions[collection.name] else { return try buildLocationIndex(of: collection).versions[DocumentID.key(id)] }
        return versions[DocumentID.key(id)]
    }

    /// The first file of every document of `collection` by lowercased id, and every file of
    /// the documents a sync left in several.
    private func buildLocationIndex(of collection: CollectionDescriptor) throws -> (index: [String: DocumentLocation], versions: [String: DocumentFiles]) {
        var index: [String: DocumentLocation] = [:]
        var versions: [String: DocumentFiles] = [:]
        for files in try documentFiles(in: collection, days: nil) {
            let key = DocumentID.key(files.id)
            index[key] = files.first
            if files.hasVersions { versions[key] = files }
        }
        return (index, versions)
    }

    /// Looks up a document's location, taking the store's lock for the index.
    func location(of id: String, in collection: CollectionDescriptor) throws -> DocumentLocation? {
        try state.withLock { try locationIndex(of: collection, $0)[DocumentID.key(id)] }
    }
}

extension Store {
    /// Opens the folders `names` for writing, creating missing ones, through the cache of
    /// open folders.
    func writableFolder(_ names: [String], _ state: StoreState) throws -> Directory {
        if let open = try existingFolder(names, state) { return open }
        let folder = try createFolders(names)
        state.cache.folders.insert(folder, at: names)
        return folder
    }

    /// The folders `names` opened through the cache of open folders, or `nil` when they do not exist.
    func existingFolder(_ names: [String], _ state: StoreState) throws -> Directory? {
        // A folder removed behind our back (by hand) keeps its descriptor valid; writing into it
        // would lose the file, so a cached folder is used only while it is still linked.
        if let open = state.cache.folders.folder(at: names), open.isStillLinked { return open }
        guard let folder = try openFolders(names) else { return nil }
        state.cache.folders.insert(folder, at: names)
        return folder
    }
}
