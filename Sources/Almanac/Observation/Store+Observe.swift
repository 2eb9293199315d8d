import Foundation

/// Live queries: results delivered now and again whenever they change.
extension Store {
    /// Observes `query`: `onChange` gets the current results at once, then the new results
    /// whenever they change, until the returned handle is cancelled or released.
    ///
    /// Changes saved through this `Store` are delivered at once; changes by other processes
    /// (an app's widget, the `almanac` tool) and hand edits are noticed by watching the
    /// folders the query covers, or by polling (see ``ObservationOptions``). A file that no
    /// longer parses or validates arrives in ``QueryResults/problems``; the observation goes
    /// on. It ends, with `.failure`, only when the store can no longer be read as opened
    /// (`.storeChanged` after a migration: open the store again and observe anew). `onChange`
    /// runs on a private queue, one call at a time; hop to the main actor to update a view.
    ///
    /// ```swift
    /// let handle = try store.observe(Query("usage-events").sorted(by: "timestamp", descending: true).limit(10)) { result in
    ///     if case .success(let results) = result { print(results.documents.count) }
    /// }
    /// ```
    /// - Throws: `.unknownCollection`, or `.invalidArgument` for a query the schema rules out,
    ///   before anything is delivered.
    public func observe(
        _ query: Query, options: ObservationOptions = ObservationOptions(),
        onChange: @escaping @Sendable (Result<QueryResults<StoredDocument>, any Error>) -> Void
    ) throws -> ObservationHandle {
        try reader.check(query, in: try collection(named: query.collection))
        let observer = StoreObserver(store: self, subject: .query(query), options: options, deliver: onChange)
        observer.start()
        return ObservationHandle(observer)
    }

    /// Observes `query` as an asynchronous sequence: the current results first, then new
    /// results whenever they change. Only the newest results wait for a slow consumer.
    ///
    /// ```swift
    /// for try await results in try store.observe(Query("usage-events").sorted(by: "timestamp", descending: true).limit(10)) {
    ///     events = results.documents
    /// }
    /// ```
    /// - Throws: as ``observe(_:options:onChange:)``; the sequence throws when the
    ///   observation ends with an error.
    public func observe(_ query: Query, options: ObservationOptions = ObservationOptions()) throws -> AsyncThrowingStream<QueryResults<StoredDocument>, any Error> {
        try ObservationStreams(store: self).stream({ try self.observe(query, options: options, onChange: $0) }) { $0 }
    }

    /// Observes the documents of type `D` that `query` selects, as an asynchronous sequence;
    /// a document that cannot be decoded as a `D` arrives among the problems.
    ///
    /// - Throws: as ``observe(_:options:onChange:)``, and `.invalidArgument` when `query` is
    ///   over another collection than `D`'s.
    public func observe<D: Document>(
        _ type: D.Type, _ query: Query, options: ObservationOptions = ObservationOptions()
    ) throws -> AsyncThrowingStream<QueryResults<D>, any Error> {
        try reader.checkType(D.self, of: query)
        return try ObservationStreams(store: self).stream({ try self.observe(query, options: options, onChange: $0) }) { try $0.decoded { try self.reader.decode(D.self, $0) } }
    }

    // MARK: One document

    /// Observes the document `id` of `collection`: `onChange` gets it at once (no document
    /// while there is none), then again whenever it is saved, edited, moved to another date
    /// or deleted, by this store, another process or a person in a text editor.
    ///
    /// The folders watched are those down to the document's file (while there is no such
    /// document, the collection's). A file that no longer parses arrives among the problems,
    /// with no document; the observation goes on. For a singleton collection `id` is ignored.
    ///
    /// - Throws: `.unknownCollection`; `.invalidID` for an id that breaks the id rules.
    public func observe(
        json id: String, in collection: String, options: ObservationOptions = ObservationOptions(),
        onChange: @escaping @Sendable (Result<QueryResults<StoredDocument>, any Error>) -> Void
    ) throws -> ObservationHandle {
        let descriptor = try self.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        let observer = StoreObserver(store: self, subject: .document(collection: collection, id: id), options: options, deliver: onChange)
        observer.start()
        return ObservationHandle(observer)
    }

    /// Observes the document `id` of `collection` as an asynchronous sequence of results
    /// holding it (none while there is no such document) and any problem reading it.
    ///
    /// - Throws: as ``observe(json:in:options:onChange:)``.
    public func observe(json id: String, in collection: String, options: ObservationOptions = ObservationOptions()) throws -> AsyncThrowingStream<QueryResults<StoredDocument>, any Error> {
        try ObservationStreams(store: self).stream({ try self.observe(json: id, in: collection, options: options, onChange: $0) }) { $0 }
    }

    /// Observes the document of type `D` with `id`, as an asynchronous sequence of results
    /// holding it (none while there is no such document) and any problem reading it.
    ///
    /// ```swift
    /// for try await results in try store.observe(Recording.self, id: recordingID) {
    ///     recording = results.documents.first
    /// }
    /// ```
    /// - Throws: as ``observe(json:in:options:onChange:)``.
    public func observe<D: Document>(_ type: D.Type, id: D.ID, options: ObservationOptions = ObservationOptions()) throws -> AsyncThrowingStream<QueryResults<D>, any Error> {
        let descriptor = try reader.documentCollection(for: D.self)
        let id = try reader.idString(id)
        return try ObservationStreams(store: self).stream({ try self.observe(json: id, in: descriptor.name, options: options, onChange: $0) }) {
            try $0.decoded { try self.reader.decode(D.self, $0) }
        }
    }

    /// Observes the document of the singleton collection of `S`, as an asynchronous sequence.
    ///
    /// - Throws: as ``observe(json:in:options:onChange:)``.
    public func observe<S: SingletonDocument>(_ type: S.Type, options: ObservationOptions = ObservationOptions()) throws -> AsyncThrowingStream<QueryResults<S>, any Error> {
        let descriptor = try reader.singletonCollection(for: S.self)
        return try ObservationStreams(store: self).stream({ try self.observe(json: "", in: descriptor.name, options: options, onChange: $0) }) {
            try $0.decoded { try self.reader.decode(S.self, $0) }
        }
    }

    // MARK: Internals

    /// What `subject` reads now: a query's results, or the document (none when there is no
    /// such document) with its damage among the problems.
    func results(of subject: ObservedSubject) throws -> QueryResults<StoredDocument> {
        try ObservationStreams(store: self).results(of: subject)
    }
}
