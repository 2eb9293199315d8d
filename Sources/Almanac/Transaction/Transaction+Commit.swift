extension Transaction {
    /// Checks what depends on the whole change (unique fields, the catalog's rules over
    /// many documents, references): what a commit refuses, without writing anything.
    func checkChange() throws {
        guard !isRepair else { return }
        var unique: [String: [PreparedWrite]] = [:]
        for case let write? in pending.writes where !write.collection.unique.isEmpty {
            unique[write.collectionName, default: []].append(write)
        }
        for writes in unique.values {
            for write in writes { try writer.checkUnique(write, against: writes, changed: pending) }
        }
        try checkChangeRules()
        try checkCalendarRules()
    }

    /// Checks the change, then commits it: one durability point for all of it.
    func commit() throws {
        try checkChange()
        let leftovers = pending.leftovers, rewritesEditorSettings = pending.rewritesEditorSettings
        // The transaction is over: the change is held once, by the commit, which lets go of
        // it before a large commit writes the index (a batch of 100,000 would hold both).
        let change = pending.takeAtomicChange()
        storedBefore = [:]
        try writer.commit(consume change, state, crashPointKind: crashPointKind, progress: commitProgress)
        try writer.sweepLeftovers(leftovers, state)
        if rewritesEditorSettings { try EditorSettings.update(in: reader.root, catalog: reader.catalog) }
    }
}
