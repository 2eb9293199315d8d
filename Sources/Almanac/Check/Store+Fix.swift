import Foundation

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
    /// - Parameters:
    ///   - dryRun: report the repairs without making them. A dry run reads like any read (one
    ///     committed state, no file lock), and is checked as the real run's commit would be.
    ///   - schemaFolder: the app's schema folder, when at hand: an edit of it that no migration
    ///     carries is listed in ``FixReport/remaining`` (as ``check(schemaFolder:progress:)`` does); only a
    ///     migration can take it in.
    ///   - progress: told of each document read (phase `checking`): once to plan the repairs,
    ///     and once more after a real run, for what remains.
    /// - Throws: `.locked` (a real run, when another writer keeps the lock), `.storeTooNew`, `.io`.
    public func fix(dryRun: Bool = false, schemaFolder: URL? = nil, progress: ProgressHandler? = nil) throws -> FixReport {
        var report = try StoreFixer(store: self, progress: progress).fix(dryRun: dryRun)
        if let schemaFolder, let drift = try schemaDrift(from: schemaFolder) {
            report.remaining.problems.insert(.schemaDrift(drift), at: 0)
        }
        return report
    }
}
