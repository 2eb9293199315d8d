import Foundation

/// A consistent view of a store for the length of a `Store/read(_:)` block: every read in
/// the block sees the same committed state, whatever writers in this process or another do
/// meanwhile, and none of them waits for the block.
///
/// A ``Transaction`` is a read transaction too, and its reads see its own pending saves and
/// deletes. Use the value only inside its block; afterwards every call throws.
///
/// ```swift
/// let (commitment, state) = try store.read { db in
///     (try db.document(Commitment.self, id: id), try db.singleton(EscalationState.self))
/// }
/// ```
public class ReadTransaction {
    /// The store's read side: every read of the block goes to it.
    let reader: StoreReader
    var pending = PendingChange()
    /// Whether the running thread is inside a `Store/read(_:)` block, where a write is
    /// refused: it would commit on its own, and make the block run again.
    static let runningBlock = ThreadLocal<Bool>()
    static var isRunningBlock: Bool { runningBlock.value ?? false }
    private var isOpen = true

    init(reader: StoreReader) {
        self.reader = reader
    }

    /// The store's days as this block sees them: the store's calendar, or the one a write
    /// block changed it to (``Transaction/changeTimeZone(to:from:)``).
    public var calendar: StoreCalendar { pending.extra.manifest?.calendar ?? reader.calendar }
    /// Where documents go, by the catalog and ``calendar``.
    var filing: Filing { Filing(catalog: reader.catalog, calendar: calendar) }

    /// Ends the transaction: later calls throw.
    func close() { isOpen = false }

    func requireOpen() throws {
        guard isOpen else {
            throw AlmanacError(.invalidArgument, "this transaction has ended: use it only inside the block of the store's read or write call that gave it")
        }
    }

    // MARK: Untyped reads

    /// The untyped document `id` of `collection`, or `nil` when there is none.
    ///
    /// - Throws: `.invalidID` for an id that breaks the id rules; `.malformedJSON` naming
    ///   the file, line and column when the stored file is damaged.
    public func document(json id: String, in collection: String) throws -> StoredDocument? {
        try requireOpen()
        let descriptor = try reader.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        return try current(descriptor, id: descriptor.isSingleton ? nil : id)
    }

    /// The untyped documents of `collection`, oldest first, with this transaction's changes.
    ///
    /// - Parameters:
    ///   - collection: the collection's name.
    ///   - days: keep documents dated on these days (in the store's calendar).
    ///   - condition: keep documents matching it.
    public func documents(json collection: String, days: ClosedRange<CalendarDate>? = nil,
                          where condition: Condition? = nil) throws -> [StoredDocument] {
        var query = Query(collection)
        query.days = days
        query.condition = condition
        return try documents(matching: query)
    }

    // MARK: Typed reads

    /// The document of type `D` with `id`, or `nil` when there is none.
    public func document<D: Document>(_ type: D.Type, id: D.ID) throws -> D? {
        try requireOpen()
        let descriptor = try reader.documentCollection(for: D.self)
        let id = try reader.idString(id)
        try DocumentID.validate(id, collection: descriptor.name)
        return try current(descriptor, id: id).map { try reader.decode(D.self, $0) }
    }

    /// Every document of type `D`, oldest first.
    public func documents<D: Document>(_ type: D.Type) throws -> [D] {
        let descriptor = try reader.documentCollection(for: D.self)
        return try documents(json: descriptor.name).map { try reader.decode(D.self, $0) }
    }

    /// The documents of type `D` dated on the days `from` through `to` (inclusive), oldest first.
    public func documents<D: Document>(_ type: D.Type, from: CalendarDate, to: CalendarDate) throws -> [D] {
        guard from <= to else { return [] }
        let descriptor = try reader.documentCollection(for: D.self)
        return try documents(json: descriptor.name, days: from...to).map { try reader.decode(D.self, $0) }
    }

    /// The documents of type `D` whose date field falls in `from..<to` (a timestamp field by
    /// its instant, a date field by its day), oldest first.
    public func documents<D: Document>(_ type: D.Type, from: Date, to: Date) throws -> [D] {
        guard from < to else { return [] }
        let descriptor = try reader.documentCollection(for: D.self)
        let calendar = self.calendar
        let days = calendar.day(of: from)...calendar.day(of: to.addingTimeInterval(-0.000_001))
        return try documents(json: descriptor.name, days: days).filter { document in
            guard let members = document.value.objectValue,
                  case .timestamp(let instant)? = try filing.filingDate(of: members, in: descriptor, id: document.location.id)
            else { return true }  // a day in range
            return (from..<to).contains(instant)
        }.map { try reader.decode(D.self, $0) }
    }

    /// The document of a singleton collection, or `nil` when it was never saved.
    public func singleton<S: SingletonDocument>(_ type: S.Type) throws -> S? {
        try requireOpen()
        let descriptor = try reader.singletonCollection(for: S.self)
        return try current(descriptor, id: nil).map { try reader.decode(S.self, $0) }
    }

    // MARK: Internals

    /// The document as the transaction sees it: its own pending change, or the stored file.
    func current(_ descriptor: CollectionDescriptor, id: String?) throws -> StoredDocument? {
        let key = PendingChange.key(descriptor.name, id)
        if let write = pending.write(for: key) {
            return StoredDocument(location: write.location, value: .object(write.members), hadByteOrderMark: false)
        }
        if pending.removals[key] != nil { return nil }
        if descriptor.isSingleton { return try reader.documentFiles(in: descriptor, days: nil).first.flatMap { try reader.read($0, in: nil) } }
        guard let location = try storedLocation(descriptor, id: id) else { return nil }
        if let id, let files = try reader.versionFiles(of: id, in: descriptor) { return try reader.read(files, in: nil) }
        return try reader.read(location)
    }

    /// ``current(_:id:)`` through the store's document cache: a document that many writes look
    /// up (the template every action instance names) costs one `stat` once it has been read.
    func currentRemembered(_ descriptor: CollectionDescriptor, id: String?) throws -> StoredDocument? {
        let key = PendingChange.key(descriptor.name, id)
        if pending.write(for: key) != nil || pending.removals[key] != nil { return try current(descriptor, id: id) }
        guard let location = try storedLocation(descriptor, id: id), let folder = try reader.openFolders(location.folderPath) else { return nil }
        if let id, let files = try reader.versionFiles(of: id, in: descriptor) { return try reader.read(files, in: folder) }
        if let known = try reader.remembered(location, in: folder) { return known }
        return try reader.read(location, in: folder, remembering: true)
    }

    /// Where the document is stored on disk (ignoring this transaction's changes).
    func storedLocation(_ descriptor: CollectionDescriptor, id: String?) throws -> DocumentLocation? {
        guard let id else {
            let location = DocumentLocation(collection: descriptor.name, folders: [], id: nil)
            return try reader.openFolders(location.folderPath)?.entryKind(of: location.fileName) == .file ? location : nil
        }
        return try reader.location(of: id, in: descriptor)
    }
}
