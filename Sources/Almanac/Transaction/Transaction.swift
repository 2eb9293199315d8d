import Foundation

/// A change to a store made of any number of saves and deletes, in any collections,
/// committed as one by `Store/write(_:)`.
///
/// Inside the block the store is held under the writers' lock: reads see the store as it is
/// plus this transaction's own changes, and no other writer (another thread, another
/// process, the `almanac` tool) changes anything until the block returns. When it returns,
/// every change is durable, all together; a `kill -9` or a power cut at any instant leaves
/// all of them or none. When the block throws, nothing is written.
///
/// ```swift
/// try store.write { db in
///     guard var message = try db.document(Message.self, id: id) else { return }
///     message.timesShown += 1          // no lost update: other writers wait
///     try db.save(message)
///     try db.save(ShownEvent(messageId: id, at: .now))
/// }
/// ```
///
/// What concerns one document (its schema, id and one-document rules) is checked when it is
/// saved into the transaction, so the error names the call that caused it; what concerns
/// several (unique fields, counts and groups, allowed transitions, references) is checked when
/// the block returns, against the store as the whole change leaves it, so two documents may
/// swap a unique value in one transaction.
public final class Transaction: ReadTransaction {
    /// The writer's state, whose lock the transaction holds for the length of its block: what
    /// needs that lock is reached through the transaction.
    let state: StoreState
    /// The name test crash points use for this transaction's commit (`ALMANAC_TEST_CRASH_AT=<kind>:<point>`).
    var crashPointKind = "transaction"
    /// Whether allowed transitions go unchecked: a schema change (bringing a document forward
    /// to the current shape) renames values; it is not a move the app made.
    var isSchemaChange = false
    /// Whether no rule judges the change: a repair (``Store/fix(dryRun:)``) moves documents or
    /// rewrites their bytes with the same content, and leaves what the rules say as it was.
    var isRepair = false
    /// Told of each file the commit writes (phase `writing`): a long batch save's progress.
    var commitProgress: ProgressHandler?
    /// The moment the catalog's rules take as the time of this transaction's saves ("not in
    /// the future", "a settled day"); `nil` for the clock's time as each is checked.
    ///
    /// An app that computes with a moment of its own — a replay, a test, a device whose user
    /// set the time — sets it first, so its rules and the store's judge by one clock:
    ///
    /// ```swift
    /// try store.write { db in
    ///     db.timeOfSave = now
    ///     try db.save(commitment)
    /// }
    /// ```
    public var timeOfSave: Date?
    /// Documents as the transaction found them on disk, read once for the commit's checks
    /// (nothing else writes while the transaction holds the lock).
    var storedBefore: [String: StoredDocument?] = [:]

    /// The store's write side: it prepares each document and commits the change.
    let writer: StoreWriter

    init(writer: StoreWriter, state: StoreState) {
        self.writer = writer
        self.state = state
        super.init(reader: writer.reader)
    }

    // MARK: Saving

    /// Saves `document` when the transaction commits, replacing the document with the same id.
    ///
    /// - Throws: `.invalidDocument`, `.invalidID`, `.idCollision`, `.ruleViolation` (a rule of one
    ///   document); the transaction stays usable and the refused document is not part of it.
    ///   Unique fields, counts, transitions and references are checked when the block returns.
    public func save<D: Document>(_ document: D) throws {
        let descriptor = try reader.documentCollection(for: D.self)
        try save(json: try DocumentEncoder().encode(document), in: descriptor, declaredBy: D.keepsUndeclaredMembers ? D.self : nil)
    }

    /// Saves every document of `documents` when the transaction commits.
    ///
    /// - Throws: as ``save(_:)-(D)``, prefixing the document's position.
    public func save<D: Document>(contentsOf documents: some Sequence<D>) throws {
        let descriptor = try reader.documentCollection(for: D.self)
        let encoder = DocumentEncoder()
        try save(batch: try documents.map { (descriptor, try encoder.encode($0), D.keepsUndeclaredMembers ? D.self : nil) })
    }

    /// Saves documents of any mix of types when the transaction commits.
    ///
    /// - Throws: as ``save(_:)-(D)``, prefixing the document's position.
    public func save(contentsOf documents: [any Document]) throws {
        try save(batch: try documents.map { try encoded($0) })
    }

    /// The collection and JSON of a document whose type is known only at run time, and the
    /// type whose undeclared members its save keeps.
    private func encoded<D: Document>(_ document: D) throws -> (CollectionDescriptor, JSONValue, (any Decodable.Type)?) {
        (try reader.documentCollection(for: D.self), try DocumentEncoder().encode(document), D.keepsUndeclaredMembers ? D.self : nil)
    }

    /// Saves a batch in which each document may appear once (two with one id are a mistake);
    /// `progress` is told of each document checked (phase `checking`).
    @discardableResult
    func save(batch items: [(CollectionDescriptor, JSONValue)], progress: ProgressHandler? = nil) throws -> [DocumentLocation] {
        try save(batch: items.map { ($0.0, $0.1, nil) }, progress: progress)
    }

    /// As ``save(batch:progress:)``, each document with the type whose undeclared members its
    /// save keeps (`nil`: written as given).
    @discardableResult
    func save(batch items: [(CollectionDescriptor, JSONValue, (any Decodable.Type)?)], progress: ProgressHandler? = nil) throws -> [DocumentLocation] {
        var ids: [String: (CollectionDescriptor, [String])] = [:]
        for (descriptor, document, _) in items {
            guard let id = document["id"]?.stringValue else { continue }
            ids[descriptor.name, default: (descriptor, [])].1.append(id)
        }
        return try save(batchOf: items.count, ids: { Array(ids.values) }, progress: progress) { save in
            for (index, item) in items.enumerated() { try save(index, item.0, item.1, item.2) }
        }
    }

    /// Saves a batch of `count` documents that `documents` hands over one at a time (a JSON
    /// text parsed as it is read), each with its place from 0, its collection and the type
    /// whose undeclared members its save keeps; `ids` are the batch's ids per collection,
    /// looked up in the index all at once before the first save.
    func save(batchOf count: Int, ids: () throws -> [(CollectionDescriptor, [String])], progress: ProgressHandler?,
              _ documents: ((Int, CollectionDescriptor, JSONValue, (any Decodable.Type)?) throws -> Void) throws -> Void) throws -> [DocumentLocation] {
        let checked = ProgressCounter(progress, phase: "checking", total: count)
        let collections = try ids().map { descriptor, batch in
            reader.prefetchLocations(of: batch, in: descriptor)
            return descriptor
        }
        // Held while the documents are saved, not while they are committed.
        defer { for descriptor in collections { reader.forgetPrefetchedLocations(in: descriptor) } }
        pending.reserve(count)
        // Which document of the batch took each write slot from `first` on: a document saved
        // into a slot another one of the batch took is a second document with its id.
        let first = pending.writeSlots
        var claimed: [Int] = []
        claimed.reserveCapacity(count)
        var locations: [DocumentLocation] = []
        locations.reserveCapacity(count)
        try documents { index, descriptor, document, type in
            do {
                let location = try save(json: document, in: descriptor, declaredBy: type)
                checked?.advance()
                guard let slot = pending.slot(of: PendingChange.key(descriptor.name, location.id)), slot >= first else {
                    return locations.append(location)  // replaces what the transaction saved before the batch
                }
                let taken = slot - first
                if taken >= claimed.count { claimed += repeatElement(index, count: taken - claimed.count + 1) }
                if let id = location.id, claimed[taken] != index {
                    let earlier = claimed[taken]
                    throw AlmanacError(
                        .idCollision,
                        "documents \(earlier + 1) and \(index + 1) of this batch are both \(descriptor.name) \"\(id)\" (ids are compared ignoring case); give each its own id",
                        id: id)
                }
                locations.append(location)
            } catch let error as AlmanacError where count > 1 {
                // Positions count from 1, as a person counts; a pointer into the input stays 0-based.
                throw error.prefixed(Transaction.batchPrefix(index, of: count))
            }
        }
        return locations
    }

    /// The words before a batch document's error: its place in the batch, counted from 1.
    static func batchPrefix(_ index: Int, of count: Int) -> String {
        "document \(index + 1) of \(count) in the batch: "
    }

    /// The batch index (from 0) an error of ``batchPrefix(_:of:)`` names, and its message without it.
    static func batchDocument(of error: AlmanacError) -> (index: Int, message: String)? {
        let words = error.message.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
        guard words.count == 7, words[0] == "document", let number = Int(words[1]), words[2] == "of", let count = Int(words[3]),
              words[4] == "in", words[5] == "the", words[6].hasPrefix("batch: "), error.message.hasPrefix(batchPrefix(number - 1, of: count))
        else { return nil }
        return (number - 1, String(error.message.dropFirst(batchPrefix(number - 1, of: count).count)))
    }

    /// Saves the document of a singleton collection when the transaction commits.
    public func save<S: SingletonDocument>(_ singleton: S) throws {
        let descriptor = try reader.singletonCollection(for: S.self)
        try save(json: try DocumentEncoder().encode(singleton), in: descriptor, declaredBy: S.keepsUndeclaredMembers ? S.self : nil)
    }

    /// Saves an untyped document into `collection` when the transaction commits.
    ///
    /// - Parameters:
    ///   - document: a JSON object with a string `"id"` (not needed in a singleton collection).
    ///   - collection: the collection's name.
    /// - Returns: where the document will live.
    @discardableResult
    public func save(json document: JSONValue, in collection: String) throws -> DocumentLocation {
        try save(json: document, in: try reader.collection(named: collection))
    }

    @discardableResult
    func save(json document: JSONValue, in descriptor: CollectionDescriptor, declaredBy type: (any Decodable.Type)? = nil) throws -> DocumentLocation {
        try requireOpen()
        var write: PreparedWrite
        var merged = false
        do {
            write = try writer.prepare(document, in: descriptor, filing: filing)
        } catch let error as AlmanacError where type != nil && error.code == .invalidDocument {
            // The encoding alone may lack a field the schema requires that the stored document
            // holds (an older build's type): the merge is what is saved, so it is what is checked.
            let id = descriptor.isSingleton ? nil : document["id"]?.stringValue
            guard let type, pending.removals[PendingChange.key(descriptor.name, id)] == nil,
                  let stored = try current(descriptor, id: id)?.value, DeclaredMembers.storedHasMore(stored, than: document)
            else { throw error }
            write = try writer.prepare(DeclaredMembers.merging(document, over: stored, declared: DeclaredMembers.of(type, encoded: document)), in: descriptor, filing: filing)
            merged = true
        }
        let key = PendingChange.key(descriptor.name, write.location.id)
        // A typed save replacing a document keeps the members its type does not declare: read
        // only when something is replaced, decoded only when the stored one holds more.
        if let type, !merged, !write.isNew || pending.write(for: key) != nil, pending.removals[key] == nil,
           let stored = try current(descriptor, id: write.location.id)?.value, DeclaredMembers.storedHasMore(stored, than: document) {
            let merged = DeclaredMembers.merging(document, over: stored, declared: DeclaredMembers.of(type, encoded: document))
            if merged != document { write = try writer.prepare(merged, in: descriptor, filing: filing) }
        }
        if let earlier = pending.write(for: key)?.location.id, let id = write.location.id, earlier != id {
            throw AlmanacError(
                .idCollision,
                "id \"\(id)\" collides with \"\(earlier)\", saved earlier in this transaction: ids that differ only in case are the same id; save it as \"\(earlier)\" or choose another id",
                id: id)
        }
        if let removed = pending.removals[key] {
            // Deleted earlier in this transaction (with its attachments), saved again: a new document.
            if removed == write.location { pending.removals[key] = nil }
            write.previous = nil
            write.isNew = true
        }
        try checkDocumentRules(write)
        if write.isNew, let id = write.location.id, let archived = try reader.archivedLocation(of: id, in: descriptor) {
            // The id is archived: this save brings that document back (one move), never a second copy.
            let path = (["archive", archived.collection] + archived.folders + [archived.fileName]).joined(separator: "/")
            if !pending.fileRemovals.contains(path) { pending.fileRemovals.append(path) }
        }
        return pending.put(write)
    }

    // MARK: Deleting

    /// Deletes the document of type `D` with `id` when the transaction commits, applying the
    /// catalog's references; returns false when there is none.
    @discardableResult
    public func delete<D: Document>(_ type: D.Type, id: D.ID) throws -> Bool {
        let descriptor = try reader.documentCollection(for: D.self)
        return try delete(id: try reader.idString(id), in: descriptor.name)
    }

    /// Deletes the document `id` of `collection` with its attachments when the transaction
    /// commits, applying the catalog's references (nullify, cascade, restrict); returns false
    /// when there is none.
    ///
    /// - Throws: `.invalidID`; `.deleteRestricted` naming every referring document when a `restrict` reference forbids it.
    @discardableResult
    public func delete(id: String, in collection: String) throws -> Bool {
        try requireOpen()
        let descriptor = try reader.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        guard try current(descriptor, id: descriptor.isSingleton ? nil : id) != nil else { return false }
        try delete(.document(collection, id: id))
        return true
    }

    /// Deletes the documents `selection` names when the transaction commits, applying the
    /// catalog's references; ``DeleteSelection/all`` is not a transaction's (use ``Store/delete(_:dryRun:overridingFinalStates:)``).
    ///
    /// - Returns: what is deleted and set to null.
    /// - Parameters:
    ///   - selection: what to delete.
    ///   - overridingFinalStates: also delete documents whose one-way field (a catalog
    ///     `transitions` rule) reached a final value, which are otherwise kept (`.ruleViolation`).
    @discardableResult
    public func delete(_ selection: DeleteSelection, overridingFinalStates: Bool = false) throws -> DeleteReport {
        try requireOpen()
        if case .all = selection {
            throw AlmanacError(.invalidArgument, "deleting everything is not part of a transaction; call store.delete(.all) on its own")
        }
        let plan = try deletePlan(selection, overridingFinalStates: overridingFinalStates)
        var seeded: [StoredDocument] = []
        for (key, location) in plan.deleted {
            let descriptor = try reader.collection(named: location.collection)
            pending.dropWrite(key)
            guard let stored = try storedLocation(descriptor, id: location.id) else { continue }
            if descriptor.isSeeded, let document = try reader.read(stored) { seeded.append(document) }
            if pending.removals[key] == nil {
                pending.removals[key] = stored
                // Every version a sync left of it goes too.
                if let id = stored.id, let files = try reader.versionFiles(of: id, in: descriptor) {
                    pending.fileRemovals += files.locations.filter { $0 != stored }.map(\.relativePath)
                }
                for attachment in try reader.attachments(at: stored, readingBytes: false) {
                    pending.fileRemovals.append((stored.folderPath + [Filing.attachmentFolderName(stored.id ?? ""), attachment.name]).joined(separator: "/"))
                }
            }
        }
        try recordSeedDeletions(seeded)
        for (key, document) in plan.nullified.sorted(by: { $0.key < $1.key }) where plan.deleted[key] == nil {
            let name = String(key.prefix(while: { $0 != "/" }))
            do {
                try save(json: document, in: try reader.collection(named: name))
            } catch let error as AlmanacError {
                throw error.prefixed("cannot set the reference to null (the schema must allow null there): ")
            }
        }
        return plan.report
    }

    // MARK: Store operations

    /// Adds what another transaction planned (a large batch, encoded and checked in a dry run
    /// without the lock) to this one.
    ///
    /// Its documents join the transaction's own, so its reads, rules and references see them.
    func include(_ other: consuming PendingChange) throws {
        if pending.isEmpty {
            // The usual case, a batch planned alone: taken whole, not copied write by write.
            for case let write? in other.writes { try checkDocumentRules(write) }
            pending = other
            return
        }
        let leftovers = other.leftovers
        let change = other.takeAtomicChange()
        for write in change.writes {
            try checkDocumentRules(write)
            pending.put(write)
        }
        for removal in change.removals {
            let key = PendingChange.key(removal.collection, removal.id)
            pending.dropWrite(key)
            pending.removals[key] = removal
        }
        pending.extra.files += change.files
        pending.extra.fileRemovals += change.fileRemovals
        pending.extra.manifestCopyRemovals += change.manifestCopyRemovals
        if let manifest = change.manifest { pending.extra.manifest = manifest }
        pending.leftovers += leftovers
    }
}
