/// What `migrate up` did.
public struct MigrationResult: Sendable, Encodable {
    /// The version the store was at.
    public var fromVersion: Int
    /// The version the store is at now.
    public var toVersion: Int
    /// One step per migration applied, with the documents it changed (as ``MigrationPlan`` lists them).
    public var steps: [MigrationPlan.Step]
    /// Documents written anew because a migration changed them.
    public var documentsWritten: Int
    /// Documents kept as they were (possibly in a new folder).
    public var documentsKept: Int
    /// Documents some migration changed, moved or deleted, counted once.
    public var documentsChanged: Int
    /// Seconds the whole run took.
    public var duration: Double
    /// Files of documents in an older shape brought forward before migrating (see
    /// ``Migrator/bringForward(storeAt:dryRun:options:)``).
    public var broughtForward: [String] = []
    /// Applied migration files edited since they were applied, which this run went past
    /// (``Migrator/editedAppliedFiles`` `.proceed`); empty otherwise.
    public var editedAppliedFiles: [String] = []
    /// When the store was already at the target version: how the target schema folder differs
    /// from the store's copy (an edit no migration carries, which this run could not apply);
    /// `nil` when they agree or the store migrated. Write a migration that carries it.
    public var schemaDrift: SchemaDrift?

    /// Whether the store changed version (false when it was already up to date).
    public var migrated: Bool { fromVersion != toVersion }
}

/// How far a long migration has come, for a progress line.
public struct MigrationProgress: Sendable {
    /// What the migration is doing.
    public enum Phase: String, Sendable {
        /// Reading the documents and applying the operations in memory.
        case transforming
        /// Validating every resulting document against the target schema.
        case validating
        /// Writing the new version beside the old one.
        case staging
        /// Swapping the new version in.
        case committing
    }

    /// What the migration is doing.
    public var phase: Phase
    /// Documents done in this phase.
    public var done: Int
    /// Documents in this phase, or 0 when unknown.
    public var total: Int
}

/// What `migrate rollback` did.
public struct MigrationRollback: Sendable, Encodable {
    /// The version the store was at.
    public var fromVersion: Int
    /// The version it is back at.
    public var toVersion: Int
    /// The migrations undone, by file name.
    public var migrations: [String]
}

/// One change `migrate repair` made to the store's record of applied migrations.
public struct MigrationRepair: Sendable, Equatable, Encodable {
    /// The migration's number.
    public var version: Int
    /// Its file name.
    public var name: String
    /// The checksum recorded before the repair.
    public var previousChecksum: String
    /// The checksum recorded now, or `nil` when the file is missing and its absence was accepted.
    public var acceptedChecksum: String?
}

extension MigrationResult {
    private enum CodingKeys: String, CodingKey {
        case fromVersion, toVersion, migrated, documentsChanged, documentsWritten, documentsKept, durationMs, steps
        case broughtForward, editedAppliedFiles, schemaDrift
    }

    private enum StepKeys: String, CodingKey { case version, name, changedDocuments }

    /// Encodes the result: versions, counts, the duration in whole milliseconds (`durationMs`),
    /// per step its version, name and changed documents; then, when there are any, the
    /// documents brought forward and the schema drift.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(migrated, forKey: .migrated)
        try container.encode(documentsChanged, forKey: .documentsChanged)
        try container.encode(documentsWritten, forKey: .documentsWritten)
        try container.encode(documentsKept, forKey: .documentsKept)
        try container.encode(Int(duration * 1000), forKey: .durationMs)
        var list = container.nestedUnkeyedContainer(forKey: .steps)
        for step in steps {
            var item = list.nestedContainer(keyedBy: StepKeys.self)
            try item.encode(step.version, forKey: .version)
            try item.encode(step.name, forKey: .name)
            try item.encode(step.changedDocuments, forKey: .changedDocuments)
        }
        if !broughtForward.isEmpty { try container.encode(broughtForward, forKey: .broughtForward) }
        if !editedAppliedFiles.isEmpty { try container.encode(editedAppliedFiles, forKey: .editedAppliedFiles) }
        try container.encodeIfPresent(schemaDrift, forKey: .schemaDrift)
    }
}

extension MigrationRollback {
    /// The keys `--json` prints: the file names of the migrations undone are `migrationsUndone`.
    private enum CodingKeys: String, CodingKey {
        case fromVersion, toVersion
        case migrations = "migrationsUndone"
    }
}

extension MigrationRepair {
    private enum CodingKeys: String, CodingKey { case version, name, previousChecksum, acceptedChecksum }

    /// Encodes the repair; `acceptedChecksum` is `null` when the file was accepted as removed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(name, forKey: .name)
        try container.encode(previousChecksum, forKey: .previousChecksum)
        if let acceptedChecksum { try container.encode(acceptedChecksum, forKey: .acceptedChecksum) } else { try container.encodeNil(forKey: .acceptedChecksum) }
    }
}
