/// One document ready to be written: where it goes, its bytes, and where it was before
/// when the save moves it to another date folder.
struct PreparedWrite {
    var collection: CollectionDescriptor
    var location: DocumentLocation
    var members: [String: JSONValue]
    var bytes: [UInt8]
    var previous: DocumentLocation?
    /// Whether no document with this id was stored before.
    var isNew: Bool
}

extension Store {
    /// Saves an untyped document into `collection`, durably; replaces the document with the
    /// same id, moving it when its date changed.
    ///
    /// - Parameters:
    ///   - document: a JSON object with a string `"id"` (not needed in a singleton collection).
    ///   - collection: the collection's name.
    /// - Returns: where the document now lives.
    /// - Throws: `.invalidID`, `.invalidDocument`, `.idCollision`, `.uniqueViolation`,
    ///   `.locked`, `.storeTooNew`, `.io`.
    @discardableResult
    public func save(json document: JSONValue, in collection: String) throws -> DocumentLocation {
        try save(json: [document], in: collection)[0]
    }

    /// Saves many untyped documents into `collection` with one durability point: every
    /// document is checked before any file is written, each file is written and fsynced, and
    /// each touched folder is fsynced once at the end.
    ///
    /// - Returns: the documents' locations, in order.
    @discardableResult
    public func save(json documents: [JSONValue], in collection: String) throws -> [DocumentLocation] {
        let descriptor = try self.collection(named: collection)
        return try withWriteLock {
            try write(documents.map { (descriptor, $0) })
        }
    }

    /// Deletes the document `id` of `collection` with its attachments, applying the catalog's
    /// references (nullify, cascade, restrict); returns false when there was none.
    ///
    /// - Throws: `.invalidID` for an id that breaks the rules, `.invalidArgument` when a
    ///   `restrict` reference forbids it, `.locked`, `.storeTooNew`, `.io`.
    @discardableResult
    public func delete(id: String, in collection: String) throws -> Bool {
        let descriptor = try self.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        return try withWriteLock {
            let exists = descriptor.isSingleton
                ? try !locations(in: descriptor, days: nil).isEmpty
                : try locationIndex(of: descriptor)[DocumentID.key(id)] != nil
            guard exists else { return false }
            try deleteDocumentApplyingReferences(descriptor.name, id: id)
            return true
        }
    }

    /// Checks, then writes, `items`. Call inside ``withWriteLock(_:)``.
    func write(_ items: [(CollectionDescriptor, JSONValue)]) throws -> [DocumentLocation] {
        var prepared: [PreparedWrite] = []
        var claimed: [String: Int] = [:]  // "collection/key" → index in `prepared`
        for (index, (collection, document)) in items.enumerated() {
            do {
                let write = try prepare(document, in: collection)
                if let id = write.location.id {
                    let claim = collection.name + "/" + DocumentID.key(id)
                    if let earlier = claimed[claim] {
                        throw AlmanacError(
                            .idCollision,
                            "documents \(earlier) and \(index) of this batch both have id \"\(id)\" (ignoring case); give each its own id",
                            id: id)
                    }
                    claimed[claim] = prepared.count
                }
                try checkUnique(write, against: prepared)
                prepared.append(write)
            } catch let error as AlmanacError {
                throw items.count > 1 ? error.prefixed("document \(index) of the batch: ") : error
            }
        }
        let moves = prepared.compactMap { write in write.previous.map { ($0, write.location) } }
        if !moves.isEmpty { try writeJournal(moves: moves) }

        // One folder at a time, so a batch across a thousand day folders holds one of them open;
        // each folder is flushed once, the last with the batch's one full flush (its commit point).
        let groups = prepared.indicesGrouped { $0.location.folderPath }
        for (number, (path, indices)) in groups.enumerated() {
            let folder = try writableFolder(path)
            for index in indices {
                try folder.writeFile(prepared[index].location.fileName, prepared[index].bytes, folderFlush: nil)
            }
            try folder.synchronize(number == groups.count - 1 ? commitFlush : .barrier)
        }

        if !moves.isEmpty {
            for (old, new) in moves {
                try FaultInjection.check(.beforeRemovingOldCopy, name: old.fileName)
                try moveAttachments(from: old, to: new)
                try removeDocumentFile(at: old, flush: .barrier)
            }
            try removeJournal()
        }
        var hints: [IDHint] = []
        for write in prepared {
            guard let id = write.location.id else { continue }
            if write.isNew || write.previous != nil { hints.append((id, write.collection.name, write.location)) }
            cache.locations[write.collection.name]?[DocumentID.key(id)] = write.location
        }
        recordHints(hints)
        return prepared.map(\.location)
    }

    /// Works out where `document` goes and whether an existing copy must move.
    func prepare(_ document: JSONValue, in collection: CollectionDescriptor) throws -> PreparedWrite {
        let location = try location(for: document, in: collection)
        guard case .object(let members) = document else { preconditionFailure("location(for:) accepts objects only") }
        try validate(document, in: collection, id: location.id)
        var previous: DocumentLocation?
        var isNew = location.id != nil
        if let id = location.id, let existing = try locationIndex(of: collection)[DocumentID.key(id)] {
            isNew = false
            if existing.id != id {
                throw AlmanacError(
                    .idCollision,
                    "id \"\(id)\" collides with the existing document \"\(existing.id ?? "")\" (\(existing.relativePath)): ids that differ only in case are the same id; save it as \"\(existing.id ?? "")\" or choose another id",
                    path: existing.relativePath, id: id)
            }
            if existing != location { previous = existing }
        }
        return PreparedWrite(collection: collection, location: location, members: members,
                             bytes: CanonicalJSON.prettyBytes(document), previous: previous, isNew: isNew)
    }

    /// Removes a document file, flushes its folder with `flush` (`.full` when the removal is the
    /// commit point), and removes date folders left empty.
    func removeDocumentFile(at location: DocumentLocation, flush: Flush) throws {
        let path = location.folderPath
        guard let folder = try openFolders(path) else { return }
        try folder.removeFile(location.fileName)
        try folder.synchronize(flush)
        try removeEmptyDateFolders(location)
    }

    /// Removes the date folders of `location` that are now empty, deepest first.
    func removeEmptyDateFolders(_ location: DocumentLocation) throws {
        var folders = location.folders
        while let last = folders.popLast() {
            let parentPath = ["data", location.collection] + folders
            guard let parent = try openFolders(parentPath) else { return }
            guard parent.removeFolderIfEmpty(last) else { return }
            cache.forgetFolders(under: parentPath + [last])
            try parent.synchronize(.barrier)
        }
    }
}

extension AlmanacError {
    /// A copy whose message starts with `prefix`.
    func prefixed(_ prefix: String) -> AlmanacError {
        var copy = self
        copy.message = prefix + copy.message
        return copy
    }
}
