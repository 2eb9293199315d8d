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
