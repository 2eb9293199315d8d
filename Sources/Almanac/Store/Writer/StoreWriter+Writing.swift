extension StoreWriter {
    /// Works out where `document` goes (by `filing`, the store's unless a transaction changed
    /// its calendar) and whether an existing copy must move.
    ///
    /// Timestamps (strings of the schema's `date-time` fields) written with another offset are
    /// stored in UTC with `Z`, the instant unchanged, so that files sort, compare and read the
    /// same everywhere.
    func prepare(_ document: JSONValue, in collection: CollectionDescriptor, filing: Filing? = nil) throws -> PreparedWrite {
        let filing = filing ?? self.filing
        let schema = try reader.compiledSchema(for: collection)
        let document = schema.normalizingTimestamps(in: document)
        let location: DocumentLocation
        do {
            location = try filing.location(for: document, in: collection)
        } catch let error as AlmanacError where error.code == .invalidDocument {
            // The schema knows what the date field must be (a timestamp, or a calendar date)
            // and says it better than the filing can: "not a valid date-time", not "or a date".
            try reader.validate(document, against: schema, in: collection, id: document["id"]?.stringValue)
            throw error
        }
        guard case .object(let members) = document else { preconditionFailure("location(for:) accepts objects only") }
        try reader.validate(document, against: schema, in: collection, id: location.id)
        try Filing.validateAttachmentFields(members, of: collection, id: location.id)
        var previous: DocumentLocation?
        var superseded: [DocumentLocation] = []
        var isNew = location.id != nil
        if let id = location.id, let files = try reader.documentFiles(of: id, in: collection) {
            let existing = files.first
            isNew = false
            if existing.id != id {
                throw AlmanacError(
                    .idCollision,
                    "id \"\(id)\" collides with the existing document \"\(existing.id ?? "")\" (\(existing.relativePath)): ids that differ only in case are the same id; save it as \"\(existing.id ?? "")\" or choose another id",
                    path: existing.relativePath, id: id)
            }
            if existing != location { previous = existing }
            superseded = files.locations.filter { $0 != location && $0 != existing }
        }
        if collection.isSingleton, let files = try reader.documentFiles(in: collection, days: nil).first {
            superseded = files.locations.filter { $0.copyName != nil }
        }
        return PreparedWrite(collection: collection, location: location, members: members,
                             bytes: PreparedWrite.exact(CanonicalJSON.prettyBytes(document)), previous: previous, superseded: superseded, isNew: isNew)
    }

    /// Removes a document file, flushes its folder with `flush` (`.full` when the removal is the
    /// commit point), and removes date folders left empty.
    /// `visibly`: the removal is a whole commit of its own, so readers see the clock odd around it.
    ///
    /// - Parameter reporting: the removal is the whole change (a one-file delete): its error
    ///   says whether it happened, and the empty date folders it leaves are tidied on a best-effort basis.
    func removeDocumentFile(at location: DocumentLocation, flush: Flush, _ state: StoreState, visibly: Bool = false,
                            reporting: Bool = false) throws {
        let path = location.folderPath
        guard let folder = try reader.openFolders(path) else { return }
        do {
            if visibly {
                try changingOneFile { try folder.removeFile(location.fileName) }
            } else {
                try folder.removeFile(location.fileName)
            }
        } catch let error as AlmanacError where reporting {
            throw StoreWriter.failure(error, .nothingChanged)
        }
        do {
            try folder.synchronize(flush)
        } catch let error as AlmanacError where reporting {
            throw StoreWriter.failure(error, .notDurable)
        }
        if reporting {
            // The delete is done and durable; a date folder that cannot go now goes with a later change.
            try? removeEmptyDateFolders(location, state)
        } else {
            try removeEmptyDateFolders(location, state)
        }
    }

    /// Removes the date folders of `location` that are now empty, deepest first.
    func removeEmptyDateFolders(_ location: DocumentLocation, _ state: StoreState) throws {
        var folders = location.folders
        while let last = folders.popLast() {
            let parentPath = ["data", location.collection] + folders
            guard let parent = try reader.openFolders(parentPath) else { return }
            guard parent.removeFolderIfEmpty(last) else { return }
            state.folders.forget(under: parentPath + [last])
            try parent.synchronize(.barrier)
        }
    }
}
