extension Transaction {
    /// Checks what depends on the whole change (unique fields, the catalog's rules over
    /// many documents, references): what a commit refuses, without writing anything.
    func checkChange() throws {
        guard !isRepair else { return }
        let writes = pending.allWrites
        for write in writes {
            try writer.checkUnique(write, against: writes, changed: pending)
        }
        try checkChangeRules()
    }

    /// Checks the change, then commits it: one durability point for all of it.
    func commit() throws {
        try checkChange()
        let change = pending.atomicChange
        try writer.commit(change, state, crashPointKind: crashPointKind, progress: commitProgress)
        try writer.sweepLeftovers(pending.leftovers, state)
        if pending.rewritesEditorSettings { try EditorSettings.update(in: reader.root, catalog: reader.catalog) }
    }
}
