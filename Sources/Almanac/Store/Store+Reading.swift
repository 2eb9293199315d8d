import Foundation

/// Reading: every read goes to the ``StoreReader``, under its read gate, so that it sees one
/// committed state, whole, and never waits for a writer (DESIGN §4, "Readers").
extension Store {
    /// Runs `read` so that it sees one committed state of the store, whole, without waiting
    /// for a writer; when commits overtake it ``StoreReader/readAttempts`` times in a row, its
    /// last attempt holds the writers' lock, so that it ends (the one case where a read waits).
    func readingOneVersion<T>(_ read: () throws -> T) throws -> T {
        if case .read(let result) = try reader.attemptingOneVersion(read) { return result }
        return try writer.readHoldingLock { try reader.readingAsWriter(read) }
    }

    /// The untyped document `id` of `collection`, or `nil` when there is none.
    ///
    /// Ids are compared ignoring case. For a singleton collection the id is ignored.
    /// - Throws: `.invalidID` before touching the disk when `id` breaks the id rules;
    ///   `.malformedJSON` naming the file, line and column when the file is damaged.
    public func document(json id: String, in collection: String) throws -> StoredDocument? {
        let descriptor = try self.collection(named: collection)
        return try readingOneVersion { try reader.document(json: id, in: descriptor) }
    }

    /// The untyped documents of `collection`, oldest first (by their date field, then id).
    ///
    /// Only the date folders that can hold documents in range are opened.
    /// - Parameters:
    ///   - collection: the collection's name.
    ///   - days: keep documents whose date falls on these days (in the store's calendar).
    ///   - instants: keep documents whose date field is a timestamp in this half-open range.
    ///   - condition: keep documents matching it; checked against the collection's schema.
    /// - Throws: `.invalidArgument` for a date range on a collection without a date field;
    ///   `.malformedJSON` for a damaged file in range; `.invalidDocument` for a document whose date is unreadable.
    public func documents(
        json collection: String, days: ClosedRange<CalendarDate>? = nil, instants: Range<Date>? = nil,
        where condition: Condition? = nil
    ) throws -> [StoredDocument] {
        try scan(try self.collection(named: collection), days: days, instants: instants, where: condition) { $0 }
    }

    /// Reads the documents of `collection` in range on all cores, applying `transform` to each
    /// as soon as it is read (so a typed scan never holds every parsed document at once), and
    /// returns the results oldest first.
    func scan<T: Sendable>(
        _ descriptor: CollectionDescriptor, days: ClosedRange<CalendarDate>? = nil, instants: Range<Date>? = nil,
        where condition: Condition? = nil, transform: @Sendable @escaping (StoredDocument) throws -> T
    ) throws -> [T] {
        try readingOneVersion { try reader.scanFiles(descriptor, days: days, instants: instants, where: condition, transform: transform) }
    }

    /// The documents of `collection` that retention archived (`archive/<collection>/`, in the
    /// same folder layout as `data/`), oldest first: out of every query, kept for totals and
    /// history that must not shrink when retention runs.
    ///
    /// - Throws: `.unknownCollection`; `.malformedJSON` naming the archived file.
    public func archivedDocuments(json collection: String) throws -> [StoredDocument] {
        let descriptor = try self.collection(named: collection)
        return try readingOneVersion { try reader.archivedDocuments(of: descriptor) }
    }

    /// The archived documents of type `D`, oldest first (see ``archivedDocuments(json:)``).
    public func archivedDocuments<D: Document>(_ type: D.Type) throws -> [D] {
        try archivedDocuments(json: D.collection).map { try reader.decode(D.self, $0) }
    }

    /// How a stored document breaks its collection's current schema (empty when it does not):
    /// `get` reports a document a device on an earlier version wrote (an older shape).
    package func schemaViolations(of document: JSONValue, in collection: CollectionDescriptor) throws -> [SchemaViolation] {
        try reader.schemaViolations(of: document, in: collection)
    }
}
