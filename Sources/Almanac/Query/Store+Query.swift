extension Store {
    /// The documents `query` selects, in its order and window.
    ///
    /// ```swift
    /// let newest = try store.documents(matching: Query("recordings").sorted(by: "timestamp", descending: true).limit(20))
    /// ```
    /// - Throws: `.unknownCollection`; `.invalidQuery` for a field the collection's schema
    ///   does not define, a value of the wrong type, or a date range on a collection without a
    ///   date field; `.malformedJSON` (path, line, column) or `.invalidDocument` for a damaged
    ///   file the query had to read. `results(matching:)` reads past damaged files instead.
    public func documents(matching query: Query) throws -> [StoredDocument] {
        try readingOneVersion {
            var documents: [StoredDocument] = []
            _ = try reader.execute(query, keepGoing: false) { documents.append($0); return true }
            return documents
        }
    }

    /// The documents `query` selects, together with every file in its range that could not be
    /// read (malformed JSON, an unreadable date), instead of failing on the first.
    ///
    /// - Throws: as `documents(matching:)`, except for damaged files, which are returned
    ///   as ``QueryResults/problems``.
    public func results(matching query: Query) throws -> QueryResults<StoredDocument> {
        try readingOneVersion {
            var documents: [StoredDocument] = []
            let problems = try reader.execute(query, keepGoing: true) { documents.append($0); return true }
            return QueryResults(documents: documents, problems: problems, conflicts: documents.compactMap(\.conflict))
        }
    }

    /// The number of documents `query` selects (within its window, when it has one).
    ///
    /// Without a condition or a date range, only folder listings are read, and each file's
    /// permissions: a file this process may not read fails the count as it fails a read.
    /// - Throws: as `documents(matching:)`, naming a file that cannot be read.
    public func count(matching query: Query) throws -> Int {
        let (count, problems) = try StoreQueries(store: self).countReadable(matching: query)
        if let first = problems.first { throw first }
        return count
    }

    /// How many documents `query` selects among those this process can read, with an error
    /// naming each file it could not read (`almanac ls --count --keep-going`).
    package func countReadable(matching query: Query) throws -> (count: Int, problems: [AlmanacError]) {
        try StoreQueries(store: self).countReadable(matching: query)
    }

    /// The first document `query` selects, or nil when it selects none.
    ///
    /// - Throws: as `documents(matching:)`.
    public func first(matching query: Query) throws -> StoredDocument? {
        try documents(matching: query.limit(1)).first
    }

    /// Calls `body` with each document `query` selects, in its order, as it is read: a query
    /// ordered by date (or not ordered) holds one date folder's documents at a time, so a
    /// listing of any size starts at once and its memory stays flat.
    ///
    /// - Parameters:
    ///   - query: the collection, range, condition, order and window.
    ///   - keepGoing: report damaged files in the returned list instead of throwing.
    ///   - body: gets each document; return false to stop.
    /// - Returns: the damaged files met, with `keepGoing`.
    /// - Throws: as `documents(matching:)`; `.storeChanged` when a migration swapped the
    ///   store while the documents were being delivered.
    @discardableResult
    public func forEachDocument(
        matching query: Query, keepGoing: Bool = false, _ body: (StoredDocument) throws -> Bool
    ) throws -> [AlmanacError] {
        try reader.readingStreamed { try reader.execute(query, keepGoing: keepGoing, body) }
    }

    /// The documents of type `D` that `query` selects, in its order and window.
    ///
    /// ```swift
    /// let page = try store.documents(Recording.self, matching: Query(Recording.self)
    ///     .sorted(by: "timestamp", descending: true).offset(20).limit(20))
    /// ```
    /// - Throws: as `documents(matching:)`, and `.invalidArgument` when `query` is over
    ///   another collection than `D`'s; `.invalidDocument` when a file cannot be read as a `D`.
    public func documents<D: Document>(_ type: D.Type, matching query: Query) throws -> [D] {
        try reader.checkType(D.self, of: query)
        return try documents(matching: query).parallelMap(minimumCount: 512) { try reader.decode(D.self, $0) }
    }

    /// The documents of type `D` that `query` selects, with every file that could not be read
    /// or decoded as a `D` among the problems instead of failing on the first.
    public func results<D: Document>(_ type: D.Type, matching query: Query) throws -> QueryResults<D> {
        try reader.checkType(D.self, of: query)
        return try results(matching: query).decoded { try reader.decode(D.self, $0) }
    }

    /// The first document of type `D` that `query` selects, or nil.
    public func first<D: Document>(_ type: D.Type, matching query: Query) throws -> D? {
        try documents(D.self, matching: query.limit(1)).first
    }

    /// Parses the text form of a condition (``Condition/init(parsing:)``) for `collection`,
    /// reading each bare value as the type the schema gives its field (`code=123` is the
    /// string "123" when `code` is a string), and checks it.
    ///
    /// - Throws: `.invalidQuery` naming an unknown operator, a field the schema does not
    ///   define (with the closest declared name), or a value of the wrong type.
    public func condition(parsing text: String, in collection: String) throws -> Condition {
        try reader.condition(parsing: text, in: try self.collection(named: collection))
    }

    /// Runs `body` with every query in it going on past the files it cannot read: a derived
    /// view (a report) over every readable document; returns its result and those files
    /// (`almanac report … --keep-going`). A read of one document by id still fails on its file.
    package func collectingReadProblems<T>(_ body: () throws -> T) throws -> (result: T, problems: [AlmanacError]) {
        let sink = ReadProblemSink()
        let result = try ReadProblemSink.current.withValue(sink) { try body() }
        return (result, sink.collected)
    }
}
