/// What a seed import did, or would do with `dryRun`, per file.
public struct SeedImportReport: Sendable, Encodable {
    /// Whether nothing was written (a dry run).
    public var dryRun: Bool
    /// One entry per file, in the order given.
    public var files: [File]

    /// Documents inserted, over all files.
    public var inserted: Int { files.reduce(0) { $0 + $1.inserted.count } }
    /// Documents updated, over all files.
    public var updated: Int { files.reduce(0) { $0 + $1.updated.count } }
    /// Whether the import wrote (or would write) anything at all.
    public var changedStore: Bool { files.contains { $0.recorded } }

    /// One seed file's outcome.
    public struct File: Sendable, Encodable {
        /// The file's name.
        public var fileName: String
        /// Its collection.
        public var collection: String
        /// Its content version.
        public var contentVersion: Int
        /// Ids of documents that were not stored before.
        public var inserted: [String]
        /// Ids of stored documents with a lower content version, updated (user-owned fields kept).
        public var updated: [String]
        /// Documents stored at the same or a higher content version, left alone.
        public var unchanged: Int
        /// Ids of documents the user made that share an id with the file: kept, not touched.
        public var userDocumentsKept: [String]
        /// Ids of seeded documents in the store that the file no longer has: reported, not deleted.
        public var missingFromFile: [String]
        /// Ids of documents the user deleted, not added again (`store.json` records each deletion).
        public var keptDeleted: [String]
        /// Ids of new documents not added because the collection already holds seeded ones
        /// (catalog `seeded.addNew` `when-none-seeded`).
        public var notAdded: [String]
        /// Updated documents in which the user's edits were kept: each field the user changed
        /// since the seed last wrote it, whose value the new content version would have replaced.
        public var keptEdits: [KeptEdit]
        /// Whether the import is recorded in `store.json` (something changed, or this exact file was never imported).
        public var recorded: Bool
    }

    /// The fields of one seeded document whose user edits an update kept.
    public struct KeptEdit: Sendable, Encodable, Equatable {
        /// The document's id.
        public var id: String
        /// The fields, sorted.
        public var fields: [String]
    }
}

extension SeedImportReport {
    private enum CodingKeys: String, CodingKey { case dryRun, inserted, updated, changedStore, files }

    /// Encodes the report with its totals (`inserted`, `updated`, `changedStore`) and one
    /// entry per file.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(inserted, forKey: .inserted)
        try container.encode(updated, forKey: .updated)
        try container.encode(changedStore, forKey: .changedStore)
        try container.encode(files, forKey: .files)
    }
}

extension SeedImportReport.File {
    /// The keys `--json` prints: the file's name is the member `file`.
    private enum CodingKeys: String, CodingKey {
        case fileName = "file"
        case collection, contentVersion, inserted, updated, unchanged, userDocumentsKept, missingFromFile, keptDeleted, notAdded, keptEdits, recorded
    }
}
