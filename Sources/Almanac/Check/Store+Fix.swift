extension Store {
    /// Repairs what has one right answer, as one atomic change, and reports the rest.
    ///
    /// Repaired: a document whose date was edited by hand moves to the folder its date files it
    /// in (its attachments with it); a document whose bytes are not canonical (a hand edit's
    /// spacing or key order, a byte order mark, a timestamp in another offset) is rewritten
    /// canonically with the same content; leftover temporary files go; the editor settings are
    /// written. What needs a person (two files with one id, malformed JSON, a schema violation,
    /// a sync conflict copy, an unknown file) is left alone and listed in ``FixReport/remaining``
    /// with the next step. Operating-system files are ignored.
    ///
    /// ```swift
    /// let report = try store.fix(dryRun: true)
    /// for repair in report.repairs { print(repair) }
    /// ```
    /// - Parameter dryRun: report the repairs without making them. A dry run reads like any
    ///   read (one committed state, no file lock), and is checked as the real run's commit would be.
    /// - Throws: `.locked` (a real run, when another writer keeps the lock), `.storeTooNew`, `.io`.
    public func fix(dryRun: Bool = false) throws -> FixReport {
        try StoreFixer(store: self).fix(dryRun: dryRun)
    }
}
