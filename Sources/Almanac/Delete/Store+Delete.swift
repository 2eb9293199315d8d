import Foundation

extension Store {
    /// Deletes documents with their attachments, applying the catalog's references: a
    /// referring document's field is set to null (`nullify`), the referring document is deleted
    /// too (`cascade`), or the whole delete is refused (`restrict`).
    ///
    /// The delete is one atomic change: a `kill -9` leaves the store as before or as after,
    /// once it is next opened.
    ///
    /// ```swift
    /// try store.delete(.document("recordings", id: recording.id))   // cravings linking to it get recordingId = null
    /// try store.delete(.collection("usage-events", days: start...end))
    /// ```
    /// - Throws: `.invalidArgument` naming the referring documents when a `restrict` reference
    ///   forbids the delete; `.notFound` for a missing document; `.unknownCollection`.
    @discardableResult
    public func delete(_ selection: DeleteSelection, dryRun: Bool = false) throws -> DeleteReport {
        if case .all = selection { return try deleteEverything(dryRun: dryRun) }
        if dryRun {
            var report = try mutex.synchronized { try deletePlan(selection) }.report
            report.dryRun = true
            return report
        }
        return try withWriteLock {
            let plan = try deletePlan(selection)
            try commit(plan.change, crashPointKind: "delete")
            return plan.report
        }
    }

    /// Deletes one document through the reference rules; the fast path when nothing refers to
    /// it and it has no attachments. Call inside ``withWriteLock(_:)``.
    func deleteDocumentApplyingReferences(_ collection: String, id: String) throws {
        let plan = try deletePlan(.document(collection, id: id))
        if plan.change.writes.isEmpty, plan.change.fileRemovals.isEmpty, plan.change.removals.count == 1 {
            try removeDocumentFile(at: plan.change.removals[0], flush: .full)
        } else {
            try commit(plan.change, crashPointKind: "delete")
        }
        for location in plan.change.removals {
            guard let id = location.id else { continue }
            cache.locations[location.collection]?[DocumentID.key(id)] = nil
            recordHints([(id, location.collection, nil)])
        }
    }

    /// Works out the documents to delete, nullify and cascade. Call with `mutex` held.
    private func deletePlan(_ selection: DeleteSelection) throws -> (report: DeleteReport, change: AtomicChange) {
        var targets: [StoredDocument] = []
        switch selection {
        case .all:
            preconditionFailure("handled by deleteEverything")
        case .collection(let name, let days, let filters):
            let descriptor = try collection(named: name)
            targets = try documents(json: descriptor.name, days: days, where: filters)
        case .document(let name, let id):
            let descriptor = try collection(named: name)
            if !descriptor.isSingleton { try DocumentID.validate(id, collection: name) }
            let location = descriptor.isSingleton
                ? DocumentLocation(collection: descriptor.name, folders: [], id: nil)
                : try locationIndex(of: descriptor)[DocumentID.key(id)]
            guard let location, let document = try read(location) else {
                throw AlmanacError(.notFound, "no \(name) document \"\(id)\"", id: id)
            }
            targets = [document]
        }
        var change = AtomicChange()
        var deleted: [String: DocumentLocation] = [:]   // "collection/id key" → location
        var nullified: [String: JSONValue] = [:]         // same key → the document as it will be written
        var nullifiedFields: [String] = []
        var attachmentCount = 0
        var queue = targets
        var referrers: [String: [StoredDocument]] = [:]
        while let target = queue.popLast() {
            let key = target.location.collection + "/" + DocumentID.key(target.location.id ?? "")
            guard deleted[key] == nil else { continue }
            deleted[key] = target.location
            nullified[key] = nil
            for attachment in try attachments(at: target.location, readingBytes: false) {
                change.fileRemovals.append((target.location.folderPath + [Store.attachmentFolderName(target.location.id ?? ""), attachment.name]).joined(separator: "/"))
                attachmentCount += 1
            }
            guard let id = target.location.id else { continue }
            for referring in catalog.collections {
                for reference in referring.references where reference.collection == target.location.collection {
                    if referrers[referring.name] == nil { referrers[referring.name] = try documents(json: referring.name) }
                    for document in referrers[referring.name] ?? []
                    where document.value[reference.field]?.stringValue.map(DocumentID.key) == DocumentID.key(id) {
                        let label = "\(referring.name)/\(document.location.id ?? "")"
                        let referringKey = referring.name + "/" + DocumentID.key(document.location.id ?? "")
                        switch reference.onDelete {
                        case .restrict:
                            throw AlmanacError(
                                .invalidArgument,
                                "\(label) refers to \(target.location.collection)/\(id) through \"\(reference.field)\", which the catalog restricts: delete or change \(label) first",
                                path: document.location.relativePath, id: document.location.id, pointer: "/" + reference.field)
                        case .cascade:
                            queue.append(document)
                        case .nullify:
                            guard deleted[referringKey] == nil, case .object(var members) = nullified[referringKey] ?? document.value else { continue }
                            members[reference.field] = .null
                            nullified[referringKey] = .object(members)
                            nullifiedFields.append("\(label) \(reference.field)")
                        }
                    }
                }
            }
        }
        change.removals = deleted.values.sorted { $0.relativePath < $1.relativePath }
        for (key, document) in nullified.sorted(by: { $0.key < $1.key }) where deleted[key] == nil {
            let name = String(key.prefix(while: { $0 != "/" }))
            do {
                change.writes.append(try prepare(document, in: try collection(named: name)))
            } catch let error as AlmanacError {
                throw error.prefixed("cannot set the reference to null (the schema must allow null there): ")
            }
        }
        let labels = deleted.values.map { location in location.id.map { "\(location.collection)/\($0)" } ?? location.collection }.sorted()
        let report = DeleteReport(dryRun: false, deleted: labels, nullified: nullifiedFields.sorted(), attachments: attachmentCount,
                                  removedArchiveAndBackup: false)
        return (report, change)
    }
}

extension Store {
    /// Removes every document, attachment, archived document and pre-migration backup, keeping
    /// `store.json`, the schema and the collection folders: the store stays usable at its version.
    ///
    /// A journal written first commits the delete; a crash after it is finished on the next open.
    private func deleteEverything(dryRun: Bool) throws -> DeleteReport {
        var labels: [String] = []
        var attachmentCount = 0
        for collection in catalog.collections {
            try walkDocuments(of: collection, days: nil, readingDocuments: false) { location, _ in
                labels.append(location.id.map { "\(collection.name)/\($0)" } ?? collection.name)
                if collection.attachments { attachmentCount += try attachments(at: location, readingBytes: false).count }
            }
        }
        let report = DeleteReport(dryRun: dryRun, deleted: labels.sorted(), nullified: [], attachments: attachmentCount, removedArchiveAndBackup: true)
        if dryRun { return report }
        try withWriteLock {
            // The commit point: once the journal is durable, the delete is finished even after a power cut.
            try createFolders([".almanac"]).writeFile(Store.journalName, CanonicalJSON.prettyBytes(.object(["kind": .string("delete-all")])), folderFlush: .full)
            MigrationCrashPoint.reached("delete", "after-journal")
            try finishDeletingEverything()
        }
        return report
    }

    /// Carries out a committed delete of everything; idempotent, so recovery can run it again.
    func finishDeletingEverything() throws {
        cache.invalidate()
        let data = try createFolders(["data"])
        for entry in try data.entries() {
            if entry.kind == .folder, let collection = catalog.collection(named: entry.name), !collection.isSingleton,
               let folder = try data.openFolder(entry.name) {
                for child in try folder.entries() { try folder.removeTree(child.name) }
                try folder.synchronize(.barrier)
            } else {
                try data.removeTree(entry.name)
            }
        }
        try data.synchronize(.barrier)
        MigrationCrashPoint.reached("delete", "after-data-removed")
        try root.removeTree("archive")
        try root.synchronize(.barrier)
        let internalFolder = try createFolders([".almanac"])
        try internalFolder.removeTree(StoreSwap.backupFolder)
        try internalFolder.removeTree("ids")
        try internalFolder.synchronize(.barrier)
        try removeJournal()
    }
}
