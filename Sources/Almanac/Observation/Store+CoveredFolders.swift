/// The folders an observation watches.
extension Store {
    /// The absolute paths of the folders whose changes can change what `subject` reads: for
    /// a query, ``coveredFolders(of:)-(Query)``; for a document found at `location`, the store
    /// root, `data`, the collection's folder and the folders down to its file; for one not
    /// found, every folder of its collection (it may be saved on any day).
    func coveredFolders(of subject: ObservedSubject, at location: DocumentLocation?) throws -> [String] {
        try CoveredFolders(store: self).coveredFolders(of: subject, at: location)
    }

    /// The absolute paths of the folders whose changes can change `query`'s results: the
    /// store's root (a migration swaps `data` there), `data`, the collection's folder, and
    /// each date folder overlapping the query's range, newest first (an Apple-system watcher
    /// can afford only the first few descriptors).
    ///
    /// - Throws: `.unknownCollection`; `.io` when a folder cannot be listed.
    func coveredFolders(of query: Query) throws -> [String] {
        try CoveredFolders(store: self).coveredFolders(of: query)
    }
}
