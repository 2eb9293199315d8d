import Foundation

extension Store {
    /// Saves `document` durably, replacing the stored one with the same id; when its date
    /// changed, the file moves to the new date folder and no copy stays behind.
    ///
    /// - Throws: ``AlmanacError`` with `.invalidID`, `.invalidDocument`, `.idCollision`,
    ///   `.uniqueViolation`, `.ruleViolation`, `.missingReference`, `.locked`, `.storeTooNew` or `.io`.
    public func save<D: Document>(_ document: D) throws {
        try save(contentsOf: [document])
    }

    /// Saves many documents as one transaction: all of them are durable together, or none.
    ///
    /// Every document is encoded and checked before the first file is written. To save
    /// documents of several types at once, use ``write(_:)``.
    /// - Throws: as ``save(_:)-(Document)``; nothing is written when a document is refused.
    public func save<D: Document>(contentsOf documents: some Sequence<D>) throws {
        try write { try $0.save(contentsOf: documents) }
    }

    /// Saves documents of any mix of types (and collections) as one transaction: all of them are
    /// durable together, or none.
    ///
    /// ```swift
    /// try store.save(contentsOf: [commitment, escalationState, notification] as [any Document])
    /// ```
    /// - Throws: as ``save(_:)-(Document)``; nothing is written when a document is refused.
    public func save(contentsOf documents: [any Document]) throws {
        try write { try $0.save(contentsOf: documents) }
    }

    /// The document of type `D` with `id`, or `nil` when there is none.
    ///
    /// - Throws: `.malformedJSON` (path, line, column) or `.invalidDocument` (path, JSON
    ///   pointer) when the stored file cannot be read as a `D`.
    public func document<D: Document>(_ type: D.Type, id: D.ID) throws -> D? {
        let descriptor = try documentCollection(for: D.self)
        guard let stored = try document(json: try idString(id), in: descriptor.name) else { return nil }
        return try decode(D.self, stored)
    }

    /// Every document of type `D`, oldest first.
    public func documents<D: Document>(_ type: D.Type) throws -> [D] {
        let descriptor = try documentCollection(for: D.self)
        return try scan(descriptor) { try self.decode(D.self, $0) }
    }

    /// The documents of type `D` dated on the days `from` through `to` (inclusive) in the
    /// store's time zone, oldest first. Only the folders of those days are read.
    public func documents<D: Document>(_ type: D.Type, from: CalendarDate, to: CalendarDate) throws -> [D] {
        guard from <= to else { return [] }
        let descriptor = try documentCollection(for: D.self)
        return try scan(descriptor, days: from...to) { try self.decode(D.self, $0) }
    }

    /// The documents of type `D` whose timestamp is at or after `from` and before `to`,
    /// oldest first. Only the folders of the days in range are read.
    public func documents<D: Document>(_ type: D.Type, from: Date, to: Date) throws -> [D] {
        guard from < to else { return [] }
        let descriptor = try documentCollection(for: D.self)
        return try scan(descriptor, instants: from..<to) { try self.decode(D.self, $0) }
    }

    /// The documents of type `D` for which `isIncluded` is true, oldest first.
    ///
    /// Reads the whole collection; prefer a date range when the condition is about dates.
    public func documents<D: Document>(_ type: D.Type, where isIncluded: (D) throws -> Bool) throws -> [D] {
        try documents(D.self).filter(isIncluded)
    }

    /// Deletes the document of type `D` with `id`; returns false when there was none.
    @discardableResult
    public func delete<D: Document>(_ type: D.Type, id: D.ID) throws -> Bool {
        let descriptor = try documentCollection(for: D.self)
        return try delete(id: try idString(id), in: descriptor.name)
    }

    /// The document of a singleton collection, or `nil` when it was never saved.
    public func singleton<S: SingletonDocument>(_ type: S.Type) throws -> S? {
        let descriptor = try singletonCollection(for: S.self)
        guard let stored = try document(json: "", in: descriptor.name) else { return nil }
        return try decode(S.self, stored)
    }

    /// Saves the document of a singleton collection durably.
    public func save<S: SingletonDocument>(_ singleton: S) throws {
        try write { try $0.save(singleton) }
    }

    func documentCollection<D: Document>(for type: D.Type) throws -> CollectionDescriptor {
        let descriptor = try collection(named: D.collection)
        guard !descriptor.isSingleton else {
            throw AlmanacError(.invalidArgument, "\(D.self) names the singleton collection \(D.collection); conform it to SingletonDocument instead of Document")
        }
        return descriptor
    }

    func singletonCollection<S: SingletonDocument>(for type: S.Type) throws -> CollectionDescriptor {
        let descriptor = try collection(named: S.collection)
        guard descriptor.isSingleton else {
            throw AlmanacError(.invalidArgument, "\(S.self) names \(S.collection), which is not a singleton collection in the catalog; conform it to Document instead")
        }
        return descriptor
    }

    func idString<ID>(_ id: ID) throws -> String {
        if let string = id as? String { return string }
        if let uuid = id as? UUID { return uuid.uuidString }
        guard let encodable = id as? any Encodable, case .string(let string) = try DocumentEncoder().encode(encodable) else {
            throw AlmanacError(.invalidID, "document ids must encode as strings (String or UUID), found \(ID.self)")
        }
        return string
    }

    func decode<T: Decodable>(_ type: T.Type, _ stored: StoredDocument) throws -> T {
        do {
            return try DocumentDecoder().decode(T.self, from: stored.value)
        } catch var error as AlmanacError {
            error.path = stored.location.relativePath
            if let pointer = error.pointer, error.line == nil,
               let bytes = try openFolders(stored.location.folderPath)?.readFile(stored.location.fileName),
               let position = JSONPointerLocator.position(of: pointer, in: bytes) {
                error.line = position.line
                error.column = position.column
            }
            throw error
        }
    }
}
