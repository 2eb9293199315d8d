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

        mutating func invalidate() {
            locations.removeAll()
            token = nil
        }
    }

    /// The id → location index of `collection`, rebuilt when another writer has written since.
    /// Call with `mutex` held.
    func locationIndex(of collection: CollectionDescriptor) throws -> [String: DocumentLocation] {
        let current = lastWriterToken()
        if current != cache.token {
            cache.invalidate()
            cache.token = current
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
