/// Queries inside a transaction: they see the transaction's own saves and deletes, as its
/// other reads do.
extension ReadTransaction {
    /// The documents `query` selects, in its order and window, with this transaction's changes.
    ///
    /// A query over a collection the transaction has not changed runs as `Store/documents(matching:)`
    /// does, stopping at its window. Over a changed collection, the query's whole range is read
    /// so that the transaction's documents take their place in the order.
    ///
    /// ```swift
    /// try store.write { db in
    ///     let active = try db.documents(MotivationalMessage.self, matching: Query(MotivationalMessage.self)
    ///         .where(.equals(field: "isActive", value: .bool(true))))
    ///     …
    /// }
    /// ```
    /// - Throws: as `Store/documents(matching:)`.
    public func documents(matching query: Query) throws -> [StoredDocument] {
        try requireOpen()
        let descriptor = try reader.collection(named: query.collection)
        try reader.check(query, in: descriptor)
        var documents: [StoredDocument] = []
        guard pending.touches(collection: descriptor.name) else {
            _ = try reader.execute(query, keepGoing: false) { documents.append($0); return true }
            return documents
        }
        var whole = query
        whole.offset = 0
        whole.limit = nil
        _ = try reader.execute(whole, keepGoing: false) { document in
            if !pending.touches(PendingChange.key(descriptor.name, document.location.id)) { documents.append(document) }
            return true
        }
        guard query.limit != 0, let run = try QueryRun(query, descriptor: descriptor, filing: filing) else {
            return []
        }
        var matches = try documents.compactMap(run.match)
        for write in pending.writes(in: descriptor.name) {
            let document = StoredDocument(location: write.location, value: .object(write.members), hadByteOrderMark: false)
            if let match = try run.match(document) { matches.append(match) }
        }
        var window = QueryWindow(offset: query.offset, limit: query.limit)
        var selected: [StoredDocument] = []
        _ = try window.pass(run.sorted(matches)) { selected.append($0); return true }
        return selected
    }

    /// The number of documents `query` selects, with this transaction's changes.
    ///
    /// - Throws: as `Store/documents(matching:)`.
    public func count(matching query: Query) throws -> Int {
        try documents(matching: query).count
    }

    /// The first document `query` selects with this transaction's changes, or nil.
    ///
    /// - Throws: as `Store/documents(matching:)`.
    public func first(matching query: Query) throws -> StoredDocument? {
        try documents(matching: query.limit(1)).first
    }

    /// The documents of type `D` that `query` selects, with this transaction's changes.
    ///
    /// - Throws: as `Store/documents(_:matching:)`.
    public func documents<D: Document>(_ type: D.Type, matching query: Query) throws -> [D] {
        try reader.checkType(D.self, of: query)
        return try documents(matching: query).map { try reader.decode(D.self, $0) }
    }

    /// The first document of type `D` that `query` selects with this transaction's changes, or nil.
    ///
    /// - Throws: as `Store/documents(_:matching:)`.
    public func first<D: Document>(_ type: D.Type, matching query: Query) throws -> D? {
        try documents(D.self, matching: query.limit(1)).first
    }
}
