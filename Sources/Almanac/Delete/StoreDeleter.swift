import Foundation

/// Deletes documents by selection, or everything (``Store/delete(_:dryRun:overridingFinalStates:)``).
struct StoreDeleter {
    let store: Store

    @discardableResult
    func delete(_ selection: DeleteSelection, dryRun: Bool = false, overridingFinalStates: Bool = false) throws -> DeleteReport {
        if case .all = selection { return try deleteEverything(dryRun: dryRun) }
        if dryRun {
            var report = try store.writer.dryRun { try $0.delete(selection, overridingFinalStates: overridingFinalStates) }
            report.dryRun = true
            return report
        }
        return try store.write { transaction in
            transaction.crashPointKind = "delete"
            return try transaction.delete(selection, overridingFinalStates: overridingFinalStates)
        }
    }

    /// Removes every document, attachment, archived document and pre-migration backup, keeping
    /// `store.json`, the schema and the collection folders: the store stays usable at its version.
    ///
    /// A journal written first commits the delete; a crash after it is finished on the next open.
    private func deleteEverything(dryRun: Bool) throws -> DeleteReport {
        var labels: [String] = []
        var attachmentCount = 0
        for collection in store.catalog.collections {
            try store.reader.walkDocuments(of: collection, days: nil, readingDocuments: false) { location, _ in
                labels.append(location.id.map { "\(collection.name)/\($0)" } ?? collection.name)
                if collection.attachments { attachmentCount += try store.reader.attachments(at: location, readingBytes: false).count }
            }
        }
        let report = DeleteReport(dryRun: dryRun, deleted: labels.sorted(), nullified: [], attachments: attachmentCount, removedArchiveAndBackup: true)
        if dryRun { return report }
        try store.writer.deleteEverything()
        return report
    }
}
