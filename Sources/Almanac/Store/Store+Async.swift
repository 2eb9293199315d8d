import Dispatch

/// `async` forms of the reads and writes, for code on an actor (the main actor in an app):
/// the file I/O runs on a dispatch queue, never on the caller's actor, and the caller's task
/// is suspended meanwhile.
extension Store {
    /// The documents `query` selects, read off the caller's actor.
    ///
    /// - Throws: as the synchronous `documents(matching:)`.
    public func documents(matching query: Query) async throws -> [StoredDocument] {
        try await offActor { try self.documents(matching: query) }
    }

    /// The documents of type `D` that `query` selects, read off the caller's actor.
    ///
    /// - Throws: as the synchronous `documents(_:matching:)`.
    public func documents<D: Document>(_ type: D.Type, matching query: Query) async throws -> [D] {
        try await offActor { try self.documents(D.self, matching: query) }
    }

    /// The documents `query` selects and the files it could not read, read off the caller's actor.
    public func results(matching query: Query) async throws -> QueryResults<StoredDocument> {
        try await offActor { try self.results(matching: query) }
    }

    /// The number of documents `query` selects, counted off the caller's actor.
    public func count(matching query: Query) async throws -> Int {
        try await offActor { try self.count(matching: query) }
    }

    /// The first document `query` selects, or nil, read off the caller's actor.
    public func first(matching query: Query) async throws -> StoredDocument? {
        try await offActor { try self.first(matching: query) }
    }

    /// Runs `body` as one transaction (as the synchronous `write(_:)`) off the caller's actor.
    ///
    /// ```swift
    /// try await store.write { db in try db.save(event) }
    /// ```
    public func write<T: Sendable>(_ body: @escaping @Sendable (Transaction) throws -> T) async throws -> T {
        try await offActor { try self.write(body) }
    }

    /// Saves `document` durably (as the synchronous `save(_:)`), writing and flushing off the
    /// caller's actor: the main actor never waits on the disk.
    ///
    /// ```swift
    /// try await store.save(event)
    /// ```
    public func save<D: Document>(_ document: D) async throws {
        try await offActor { try self.save(document) }
    }

    /// Saves many documents as one transaction (as the synchronous `save(contentsOf:)`) off the caller's actor.
    public func save<D: Document>(contentsOf documents: [D]) async throws {
        try await offActor { try self.save(contentsOf: documents) }
    }

    /// Saves documents of any mix of types as one transaction, off the caller's actor.
    public func save(contentsOf documents: [any Document]) async throws {
        try await offActor { try self.save(contentsOf: documents) }
    }

    /// Saves the document of a singleton collection durably, off the caller's actor.
    public func save<S: SingletonDocument>(_ singleton: S) async throws {
        try await offActor { try self.save(singleton) }
    }

    /// Deletes the document of type `D` with `id` (as the synchronous `delete(_:id:)`) off the
    /// caller's actor; returns false when there was none.
    @discardableResult
    public func delete<D: Document>(_ type: D.Type, id: D.ID) async throws -> Bool where D.ID: Sendable {
        try await offActor { try self.delete(D.self, id: id) }
    }

    /// Reads one consistent view of the store (as the synchronous `read(_:)`) off the caller's actor.
    public func read<T: Sendable>(_ body: @escaping @Sendable (ReadTransaction) throws -> T) async throws -> T {
        try await offActor { try self.read(body) }
    }

    /// Runs `body` on a global queue and resumes the caller with its result.
    private func offActor<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try body() }) }
        }
    }
}
