/// What a ``Transaction`` has changed so far, held in memory until it commits.
///
/// Keys are `collection/lowercased id` (`collection/` for a singleton), so a document saved
/// twice keeps its last value and a document saved then deleted is not written at all.
struct PendingChange {
    /// Documents to write, in the order first saved; `nil` where a later delete dropped one.
    private(set) var writes: [PreparedWrite?] = []
    private var writeIndex = WriteSlots()
    /// Documents stored before the transaction that it removes, by key.
    var removals: [String: DocumentLocation] = [:]
    /// Attachment files removed with deleted documents, store-relative.
    var fileRemovals: [String] = []
    /// What the store's own operations (seed import, retention) change besides documents:
    /// other files (archived documents, attachments) and the new `store.json`.
    var extra = AtomicChange()
    /// Leftovers of interrupted writes to remove once the change is committed (``Transaction/sweepLeftover(atPath:)``).
    var leftovers: [String] = []
    /// Whether the editor settings are written again from the catalog once the change is committed.
    var rewritesEditorSettings = false

    init() {}

    /// An empty change whose write keys hash with `hash` (a test's, giving every key one hash).
    init(hashingKeysWith hash: @escaping @Sendable (String) -> Int) {
        writeIndex = WriteSlots(hash: hash)
    }

    static func key(_ collection: String, _ id: String?) -> String {
        collection + "/" + (id.map(DocumentID.key) ?? "")
    }

    var isEmpty: Bool { writeIndex.isEmpty && removals.isEmpty && fileRemovals.isEmpty && extra.isEmpty && leftovers.isEmpty && !rewritesEditorSettings }

    /// The pending write of `key`, if any.
    func write(for key: String) -> PreparedWrite? {
        writeIndex.slot(of: key, in: writes).flatMap { writes[$0] }
    }

    /// Whether the transaction has saved or deleted the document `key`.
    func touches(_ key: String) -> Bool {
        writeIndex.slot(of: key, in: writes) != nil || removals[key] != nil
    }

    /// Whether the transaction has saved or deleted any document of `collection`.
    func touches(collection: String) -> Bool {
        writes.contains { $0?.collection.name == collection } || removals.keys.contains { $0.hasPrefix(collection + "/") }
    }

    /// The pending writes of `collection`.
    func writes(in collection: String) -> [PreparedWrite] {
        writes.compactMap { $0 }.filter { $0.collection.name == collection }
    }

    /// Adds or replaces the write of its document; returns its location as held (sharing its
    /// folders with the batch's other writes).
    @discardableResult
    mutating func put(_ write: PreparedWrite) -> DocumentLocation {
        var write = write
        let key = PendingChange.key(write.collectionName, write.location.id)
        // A batch of many documents is held as bytes, one descriptor for its collection.
        if let last = writes.last ?? nil { write.share(with: last) }
        if writeIndex.count >= PendingChange.parsedWrites { write.dropMembers() }
        if let index = writeIndex.slot(of: key, in: writes) {
            writes[index] = write
        } else {
            writeIndex.insert(key, slot: writes.count)
            writes.append(write)
        }
        return write.location
    }

    /// How many writes keep their parsed members: a change beyond it holds each later one as
    /// its bytes (read again for a rule), so a batch of 100,000 holds no tree of each.
    static let parsedWrites = 256

    /// Makes room for `count` more writes at once (a batch whose size is known).
    mutating func reserve(_ count: Int) {
        writes.reserveCapacity(writes.count + count)
        writeIndex.reserve(count)
    }

    /// How many write slots there are (a later save of the same document reuses its slot).
    var writeSlots: Int { writes.count }

    /// The slot of the pending write of `key`, if any.
    func slot(of key: String) -> Int? { writeIndex.slot(of: key, in: writes) }

    /// Drops the pending write of `key`; returns it.
    @discardableResult
    mutating func dropWrite(_ key: String) -> PreparedWrite? {
        guard let index = writeIndex.remove(key, in: writes) else { return nil }
        defer { writes[index] = nil }
        return writes[index]
    }

    /// The whole change, ready for ``StoreWriter/commit(_:_:crashPointKind:)``, taken out of
    /// this one, which is left empty. The lookup of the writes goes first, and they move over
    /// into room made for them: a batch of 100,000 is never held twice, nor its key map beside it.
    mutating func takeAtomicChange() -> AtomicChange {
        writeIndex = WriteSlots()
        var change = extra
        change.writes.reserveCapacity(change.writes.count + writes.count)
        for case let write? in writes { change.writes.append(write) }
        change.removals += removals.values.sorted { $0.relativePath < $1.relativePath }
        change.fileRemovals += fileRemovals
        self = PendingChange()
        return change
    }
}
