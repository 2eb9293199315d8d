/// Edits of this device that a last-writer-wins sync took back (``OverwrittenEdit``).
extension Store {
    /// Every edit this device made that a sync replaced with an older version of the document
    /// (by the collection's ``CollectionDescriptor/modifiedField``; collections without one
    /// cannot tell an older version from a later revert, and report nothing).
    ///
    /// Reads the documents this device wrote whose file a sync replaced since, as `check` does.
    public func overwrittenEdits(in collection: String? = nil) throws -> [OverwrittenEdit] {
        try OverwrittenEditFinder(store: self).edits(in: collection)
    }

    /// Brings back every overwritten edit as a new change: each document is saved merged with
    /// the version that replaced it (this device's values where it changed them), as one
    /// transaction; the next sync carries it to the other devices.
    /// - Returns: the edits restored (or that would be, in a dry run).
    @discardableResult
    public func restoreOverwrittenEdits(dryRun: Bool = false) throws -> [OverwrittenEdit] {
        try OverwrittenEditFinder(store: self).restore(dryRun: dryRun)
    }
}
