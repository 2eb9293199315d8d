extension Store {
    /// Saves an untyped document into `collection`, durably; replaces the document with the
    /// same id, moving it when its date changed.
    ///
    /// - Parameters:
    ///   - document: a JSON object with a string `"id"` (not needed in a singleton collection).
    ///   - collection: the collection's name.
    /// - Returns: where the document now lives.
    /// - Throws: `.invalidID`, `.invalidDocument`, `.idCollision`, `.uniqueViolation`,
    ///   `.ruleViolation`, `.missingReference`, `.locked`, `.storeTooNew`, `.io`.
    @discardableResult
    public func save(json document: JSONValue, in collection: String) throws -> DocumentLocation {
        try save(json: [document], in: collection)[0]
    }

    /// Saves many untyped documents into `collection` as one transaction: every document is
    /// checked before any file is written, and all of them are durable together, or none.
    ///
    /// - Parameters:
    ///   - documents: JSON objects, each with a string `"id"`.
    ///   - collection: the collection's name.
    ///   - progress: told of each document checked (phase `checking`), then of each file the
    ///     commit writes (phase `writing`, counted in files), on the calling thread. A batch
    ///     that another writer's commit overtook while it was checked is checked again.
    /// - Returns: the documents' locations, in order.
    @discardableResult
    public func save(json documents: [JSONValue], in collection: String, progress: ProgressHandler? = nil) throws -> [DocumentLocation] {
        let descriptor = try self.collection(named: collection)
        return try savingBatch(of: documents.count, progress: progress) {
            try $0.save(batch: documents.map { (descriptor, $0) }, progress: progress)
        }
    }

    /// Saves every document of `texts` — each one document or an array of them — into
    /// `collection` as one transaction, as ``save(json:in:progress:)-([JSONValue],_,_)`` does,
    /// reading each text one document at a time: a file of 100,000 documents is checked and
    /// committed without holding them all as parsed values.
    ///
    /// - Returns: the documents' locations, in order.
    /// - Throws: `.malformedJSON` naming the text's `source`, line and column, before anything
    ///   is checked; then as ``save(json:in:progress:)-([JSONValue],_,_)``.
    @discardableResult
    public func save(_ texts: [JSONText], in collection: String, progress: ProgressHandler? = nil) throws -> [DocumentLocation] {
        try JSONTextBatch(texts: texts).save(into: self, collection: try self.collection(named: collection), progress: progress)
    }

    /// Deletes the document `id` of `collection` with its attachments, applying the catalog's
    /// references (nullify, cascade, restrict); returns false when there was none.
    ///
    /// - Throws: `.invalidID` for an id that breaks the rules, `.deleteRestricted` when a
    ///   `restrict` reference forbids it, `.locked`, `.storeTooNew`, `.io`.
    @discardableResult
    public func delete(id: String, in collection: String) throws -> Bool {
        let descriptor = try self.collection(named: collection)
        if !descriptor.isSingleton { try DocumentID.validate(id, collection: collection) }
        return try write { try $0.delete(id: id, in: collection) }
    }

    /// Finishes the write session now instead of after the short linger: the lock is
    /// released and id hints are written, so another process can write at once.
    ///
    /// Saves are durable when they return whether or not this is called; call it when a
    /// burst of writes is over and another process may want to write, and on iOS before the
    /// app can be suspended when ``Options/lockLinger`` is above zero (a suspended app holding
    /// a lock in a shared container is killed):
    ///
    /// ```swift
    /// let task = UIApplication.shared.beginBackgroundTask()
    /// try store.save(entry)
    /// store.finishWriting()
    /// UIApplication.shared.endBackgroundTask(task)
    /// ```
    public func finishWriting() {
        writer.finishWriting()
    }
}
