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
    /// documents of several types at once, use `write(_:)`.
    /// - Throws: as ``save(_:)-4mm6``; nothing is written when a document is refused.
    public func save<D: Document>(contentsOf documents: some Sequence<D>) throws {
        let documents = Array(documents)
        try savingBatch(of: documents.count) { try $0.save(contentsOf: documents) }
    }

    /// Saves documents of any mix of types (and collections) as one transaction: all of them are
    /// durable together, or none.
    ///
    /// ```swift
    /// try store.save(contentsOf: [commitment, escalationState, notification] as [any Document])
    /// ```
    /// - Throws: as ``save(_:)-4mm6``; nothing is written when a document is refused.
    public func save(contentsOf documents: [any Document]) throws {
        try savingBatch(of: documents.count) { try $0.save(contentsOf: documents) }
    }

    /// The document of type `D` with `id`, or `nil` when there is none.
    ///
    /// - Throws: `.malformedJSON` (path, line, column) or `.invalidDocument` (path, JSON
    ///   pointer) when the stored file cannot be read as a `D`.
    public func document<D: Document>(_ type: D.Type, id: D.ID) throws -> D? {
        let descriptor = try reader.documentCollection(for: D.self)
        guard let stored = try document(json: try reader.idString(id), in: descriptor.name) else { return nil }
        return try self.reader.decode(D.self, stored)
    }

    /// Every document of type `D`, oldest first.
    ///
    /// All or nothing: the first file that cannot be read as a `D` (a hand edit that broke it)
    /// throws. To fill a list, use ``results(_:matching:)``, which returns the documents it
    /// could read and a problem for each file it could not.
    public func documents<D: Document>(_ type: D.Type) throws -> [D] {
        let descriptor = try reader.documentCollection(for: D.self)
        return try scan(descriptor) { try self.reader.decode(D.self, $0) }
    }

    /// The documents of type `D` dated on the days `from` through `to` (inclusive) in the
    /// store's time zone, oldest first. Only the folders of those days are read.
    ///
    /// All or nothing, as ``documents(_:)``: a list uses ``results(_:matching:)`` with
    /// `Query(D.self).dated(from:through:)` instead.
    public func documents<D: Document>(_ type: D.Type, from: CalendarDate, to: CalendarDate) throws -> [D] {
        guard from <= to else { return [] }
        let descriptor = try reader.documentCollection(for: D.self)
        return try scan(descriptor, days: from...to) { try self.reader.decode(D.self, $0) }
    }

    /// The documents of type `D` whose timestamp is at or after `from` and before `to`,
    /// oldest first. Only the folders of the days in range are read.
    public func documents<D: Document>(_ type: D.Type, from: Date, to: Date) throws -> [D] {
        guard from < to else { return [] }
        let descriptor = try reader.documentCollection(for: D.self)
        return try scan(descriptor, instants: from..<to) { try self.reader.decode(D.self, $0) }
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
        let descriptor = try reader.documentCollection(for: D.self)
        return try delete(id: try reader.idString(id), in: descriptor.name)
    }

    /// The document of a singleton collection, or `nil` when it was never saved.
    public func singleton<S: SingletonDocument>(_ type: S.Type) throws -> S? {
        let descriptor = try reader.singletonCollection(for: S.self)
        guard let stored = try document(json: "", in: descriptor.name) else { return nil }
        return try self.reader.decode(S.self, stored)
    }

    /// Saves the document of a singleton collection durably.
    public func save<S: SingletonDocument>(_ singleton: S) throws {
        try write { try $0.save(singleton) }
    }
}
