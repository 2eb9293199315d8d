import Foundation

extension Store {
    /// Applies the catalog's retention rules (see ``RetentionRule``) as of `day`: documents
    /// older than a rule's age are archived to `archive/<collection>/…` (same date folders,
    /// same bytes, out of every query), cleared of the rule's fields (the document stays,
    /// every other field unchanged) or deleted.
    ///
    /// The whole run — every archived copy, removal and rewrite, and its record under
    /// `retention` in `store.json` — is one change that survives `kill -9`: the store is
    /// afterwards wholly as before or wholly as after. Every cleared document is validated
    /// against its schema before anything is written. A run with nothing to do writes
    /// nothing and takes no lock, so running it again changes nothing.
    ///
    /// A collection's rules act on `data/` only. A document an archive or delete rule takes is
    /// reported under that rule alone (its exact bytes are archived); the clear rules apply
    /// to the documents that stay.
    ///
    /// ```swift
    /// let report = try store.applyRetention(asOf: CalendarDate("2026-01-01")!, dryRun: true)
    /// for rule in report.rules { print(rule.collection, rule.rule.summary, rule.ids.count) }
    /// ```
    /// - Parameters:
    ///   - day: the day to apply the rules as of; `nil` means today in the store's calendar.
    ///   - dryRun: compute and return the report, writing nothing. A real run right after
    ///     does exactly what the dry run reported.
    ///   - progress: told of each document old enough for a rule as it is read (phase
    ///     `reading <collection>`, from other threads); the change is then written at once.
    /// - Returns: per rule, in catalog order, the sorted ids of the documents it archives, clears or deletes.
    /// - Throws: `.malformedJSON` or `.invalidDocument` naming a document old enough for a
    ///   rule that cannot be read or whose date is unreadable, or whose cleared form breaks
    ///   its schema (nothing is written); `.locked`, `.storeTooNew`, `.io`. An archived copy of
    ///   a document being archived is replaced by it (an id is one document), never a reason to stop.
    @discardableResult
    public func applyRetention(asOf day: CalendarDate? = nil, dryRun: Bool = false, progress: ProgressHandler? = nil) throws -> RetentionReport {
        try RetentionRunner(store: self, progress: progress).applyRetention(asOf: day, dryRun: dryRun)
    }
}
