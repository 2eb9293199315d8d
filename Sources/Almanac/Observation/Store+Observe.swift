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
        try check(query, in: try collection(named: query.collection))
        let observer = QueryObserver(store: self, query: query, options: options, deliver: onChange)
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
        let (stream, continuation) = AsyncThrowingStream<QueryResults<StoredDocument>, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let handle = try observe(query, options: options) { result in
            switch result {
            case .success(let results): continuation.yield(results)
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in handle.cancel() }
        return stream
    }

    /// Observes the documents of type `D` that `query` selects, as an asynchronous sequence;
    /// a document that cannot be decoded as a `D` arrives among the problems.
    ///
    /// - Throws: as ``observe(_:options:onChange:)``, and `.invalidArgument` when `query` is
    ///   over another collection than `D`'s.
    public func observe<D: Document>(
        _ type: D.Type, _ query: Query, options: ObservationOptions = ObservationOptions()
    ) throws -> AsyncThrowingStream<QueryResults<D>, any Error> {
        try checkType(D.self, of: query)
        let (stream, continuation) = AsyncThrowingStream<QueryResults<D>, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let handle = try observe(query, options: options) { result in
            switch result {
            case .success(let results):
                do { continuation.yield(try results.decoded { try self.decode(D.self, $0) }) } catch { continuation.finish(throwing: error) }
            case .failure(let error): continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in handle.cancel() }
        return stream
    }
}
