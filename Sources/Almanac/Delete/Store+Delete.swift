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
        try StoreDeleter(store: self).delete(selection, dryRun: dryRun, overridingFinalStates: overridingFinalStates)
    }
}
