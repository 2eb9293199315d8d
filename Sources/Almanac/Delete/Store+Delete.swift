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
    /// - Parameters:
    ///   - selection: what to delete.
    ///   - dryRun: report what would go, change nothing.
    ///   - overridingFinalStates: also delete documents whose one-way field (a catalog
    ///     `transitions` rule, such as Pressure's status) reached a final value; without it they
    ///     are kept, since deleting one and saving it again would rewrite that value.
    /// - Throws: `.deleteRestricted` naming every referring document when a `restrict` reference
    ///   forbids the delete; `.ruleViolation` for a document in a final state; `.notFound` for
    ///   a missing document; `.unknownCollection`.
    @discardableResult
    public func delete(_ selection: DeleteSelection, dryRun: Bool = false, overridingFinalStates: Bool = false) throws -> DeleteReport {
        if case .all = selection { return try deleteEverything(dryRun: dryRun) }
        if dryRun {
            var report = try writer.dryRun { try $0.delete(selection, overridingFinalStates: overridingFinalStates) }
            report.dryRun = true
            return report
        }
        return try write { transaction in
            transaction.crashPointKind = "delete"
            return try transaction.delete(selection, overridingFinalStates: overridingFinalStates)
        }
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
            try reader.walkDocuments(of: collection, days: nil, readingDocuments: false) { location, _ in
                labels.append(location.id.map { "\(collection.name)/\($0)" } ?? collection.name)
                if collection.attachments { attachmentCount += try reader.attachments(at: location, readingBytes: false).count }
            }
        }
        let report = DeleteReport(dryRun: dryRun, deleted: labels.sorted(), nullified: [], attachments: attachmentCount, removedArchiveAndBackup: true)
        if dryRun { return report }
        try writer.deleteEverything()
        return report
    }
}
