import Foundation

extension Store {
    /// Imports seed files, idempotently: an app calls it at launch with the content it ships.
    ///
    /// For each document: an id the store does not have is inserted; a stored document with a
    /// lower `contentVersion` is updated, keeping the fields the catalog marks as user-owned
    /// (`timesShown`, `isActive`…); anything else is left alone. Documents the user made (the
    /// catalog's `seeded.userCreated`, or a stored document with no `contentVersion`) are never
    /// touched. Seeded documents missing from a newer file are reported, not deleted.
    ///
    /// Every document is validated before anything is written, and the whole import (all
    /// files, and its record in `store.json`) is one change that survives `kill -9`. An
    /// import that changes nothing writes nothing, and takes no lock.
    ///
    /// ```swift
    /// let seeds = try ["actions_seed.json", "milestones_seed.json"].map {
    ///     try SeedFile(contentsOf: bundle.url(forResource: $0, withExtension: nil)!)
    /// }
    /// let report = try store.importSeeds(seeds)
    /// ```
    /// - Parameters:
    ///   - files: the seed files, imported in order as one change.
    ///   - dryRun: compute and return the report, writing nothing.
    ///   - progress: told of each seed document weighed against the store (phase `planning`;
    ///     the change is then written at once).
    /// - Throws: `.unknownCollection` or `.invalidArgument` naming the file for a collection
    ///   the catalog does not have or does not mark `seeded`; `.invalidDocument` naming the
    ///   file, the document id and the field for a document its schema refuses.
    @discardableResult
    public func importSeeds(_ files: [SeedFile], dryRun: Bool = false, progress: ProgressHandler? = nil) throws -> SeedImportReport {
        try SeedImporter(store: self, progress: progress).importSeeds(files, dryRun: dryRun)
    }
}
