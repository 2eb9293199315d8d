/// What a ``Transaction`` has changed so far, held in memory until it commits.
///
/// Keys are `collection/lowercased id` (`collection/` for a singleton), so a document saved
/// twice keeps its last value and a document saved then deleted is not written at all.
struct PendingChange {
    /// Documents to write, in the order first saved; `nil` where a later delete dropped one.
    private(set) var writes: [PreparedWrite?] = []
    private var writeIndex: [String: Int] = [:]
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

    static func key(_ collection: String, _ id: String?) -> String {
        collection + "/" + (id.map(DocumentID.key) ?? "")
    }

    var isEmpty: Bool { writeIndex.isEmpty && removals.isEmpty && fileRemovals.isEmpty && extra.isEmpty && leftovers.isEmpty && !rewritesEditorSettings }

    /// The pending write of `key`, if any.
    func write(for key: String) -> PreparedWrite? {
        writeIndex[key].flatMap { writes[$0] }
    }

    /// Whether the transaction has saved or deleted the document `key`.
    func touches(_ key: String) -> Bool {
        writeIndex[key] != nil || removals[key] != nil
    }

    /// Whether the transaction has saved or deleted any document of `collection`.
    func touches(collection: String) -> Bool {
        writes.contains { $0?.collection.name == collection } || removals.keys.contains { $0.hasPrefix(collection + "/") }
    }

    /// The pending writes of `collection`.
    func writes(in collection: String) -> [PreparedWrite] {
        writes.compactMap { $0 }.filter { $0.collection.name == collection }
    }

    /// Every pending write, in order.
    var allWrites: [PreparedWrite] { writes.compactMap { $0 } }

    /// Adds or replaces the write of its document; returns its location as held (sharing its
    /// folders with the batch's other writes).
    @discardableResult
    mutating func put(_ write: PreparedWrite) -> DocumentLocation {
        var write = write
        let key = PendingChange.key(write.collectionName, write.location.id)
        // A batch of many documents is held as bytes, one descriptor for its collection.
        if let last = writes.last ?? nil { write.share(with: last) }
        if writeIndex.count >= PendingChange.parsedWrites { write.dropMembers() }
        if let index = writeIndex[key] {
            writes[index] = write
        } else {
            writeIndex[key] = writes.count
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
        writeIndex.reserveCapacity(writeIndex.count + count)
    }

    /// How many write slots there are (a later save of the same document reuses its slot).
    var writeSlots: Int { writes.count }

    /// The slot of the pending write of `key`, if any.
    func slot(of key: String) -> Int? { writeIndex[key] }

    /// Drops the pending write of `key`; returns it.
    @discardableResult
    mutating func dropWrite(_ key: String) -> PreparedWrite? {
        guard let index = writeIndex.removeValue(forKey: key) else { return nil }
        defer { writes[index] = nil }
        return writes[index]
    }

    /// The whole change, ready for ``StoreWriter/commit(_:_:crashPointKind:)``.
    var atomicChange: AtomicChange {
        var change = extra
        change.writes += allWrites
        change.removals += removals.values.sorted { $0.relativePath < $1.relativePath }
        change.fileRemovals += fileRemovals
        return change
    }
}
