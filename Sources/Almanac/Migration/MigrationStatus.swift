/// Where a store stands against a folder of migrations: what was applied (with its checksum
/// verified), what is pending, and what is wrong.
///
/// ```swift
/// let status = store.migrationStatus(try MigrationSet(folder: URL(fileURLWithPath: "migrations/miga")))
/// if !status.problems.isEmpty { print(status.problems) }   // an edited applied file: both checksums
/// ```
public struct MigrationStatus: Sendable, Encodable {
    /// The schema version the store is at.
    public var storeVersion: Int
    /// The number of the last migration file.
    public var latestVersion: Int
    /// One entry per migration version, in order.
    public var entries: [Entry]
    /// Everything that stops `migrate up`: problems of the folder (gaps, duplicates…),
    /// applied files edited or missing, a store newer than the migrations.
    public var problems: [String]
    /// How the migrator's target schema differs from the store's copy at the store's version,
    /// when it does (a schema edited with no migration to carry the change); `nil` without a
    /// target schema.
    public var schemaDrift: SchemaDrift?

    /// The problems among ``problems`` that are applied files edited since (not other problems).
    var editedFileProblems: Set<String> = []

    /// ``problems`` without those of edited applied files when `acceptingEdits` (``Migrator/EditedAppliedFiles/proceed``).
    func blockingProblems(acceptingEdits: Bool) -> [String] {
        acceptingEdits ? problems.filter { !editedFileProblems.contains($0) } : problems
    }

    /// Whether the store is at the latest version, its schema is the target schema, and nothing is wrong.
    public var isUpToDate: Bool { storeVersion == latestVersion && problems.isEmpty && schemaDrift == nil }

    /// The versions not applied yet.
    public var pending: [Entry] { entries.filter { $0.state == .pending } }

    /// One migration as the store sees it.
    public struct Entry: Sendable, Equatable, Encodable {
        /// The migration's number.
        public var version: Int
        /// Its file name, or the name recorded when the file is missing.
        public var name: String
        /// What the store knows of it.
        public var state: State
        /// The checksum recorded in `store.json` when it was applied.
        public var recordedChecksum: String?
        /// The checksum of the file now.
        public var fileChecksum: String?
    }

    /// The state of one migration for one store.
    public enum State: String, Sendable, Equatable, Encodable {
        /// Applied, and the file is unchanged since.
        case applied
        /// At or below the version the store was created at: part of its starting schema.
        case baseline
        /// Applied, but the file changed since (checksums differ); `repair` accepts it.
        case edited
        /// Applied, but the file is gone.
        case missing
        /// Applied; its file is gone and `repair` accepted that.
        case removed
        /// Not applied yet.
        case pending
    }
}

extension Store {
    /// The migrations recorded in `store.json`: version, name and checksums of each applied
    /// file (`contentChecksum` is missing from records written before it existed).
    var appliedMigrations: [(version: Int, name: String, checksum: String, contentChecksum: String?, fileRemoved: Bool)] {
        manifest.migrations.compactMap { entry in
            guard let version = entry["version"]?.numberValue?.int64Value, let checksum = entry["checksum"]?.stringValue else { return nil }
            return (Int(version), entry["name"]?.stringValue ?? "", checksum, entry["contentChecksum"]?.stringValue, entry["fileRemoved"] == .bool(true))
        }
    }

    /// Compares the store with `migrations`: applied files are verified against the checksums
    /// recorded when they were applied. Reads only `store.json`; changes nothing.
    func migrationStatus(_ migrations: MigrationSet) -> MigrationStatus {
        MigrationStatusReader(store: self).migrationStatus(migrations)
    }
}

extension MigrationStatus {
    private enum CodingKeys: String, CodingKey { case storeVersion, latestVersion, upToDate, migrations, problems, schemaDrift }

    /// Encodes the status: versions, `upToDate`, one entry per migration, the problems and, when
    /// there is one, the schema drift.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storeVersion, forKey: .storeVersion)
        try container.encode(latestVersion, forKey: .latestVersion)
        try container.encode(isUpToDate, forKey: .upToDate)
        try container.encode(entries, forKey: .migrations)
        try container.encode(problems, forKey: .problems)
        try container.encodeIfPresent(schemaDrift, forKey: .schemaDrift)
    }
}
