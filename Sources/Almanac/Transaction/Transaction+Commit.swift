extension Transaction {
    /// Checks what depends on the whole change (unique fields, the catalog's rules over
    /// many documents, references), then commits it: one durability point for all of it.
    func commit() throws {
        let writes = pending.allWrites
        for write in writes {
            try store.checkUnique(write, against: writes, changed: pending)
        }
        try checkChangeRules()
        try store.commit(pending.atomicChange, crashPointKind: crashPointKind)
    }
}
