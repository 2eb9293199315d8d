import Foundation

/// What `migrate up` would do, computed without writing anything: per migration and
/// operation, the documents matched and changed, a few before/after diffs, and every result
/// validated against the target schema.
public struct MigrationPlan: Sendable, Encodable {
    /// The store's version now.
    public var fromVersion: Int
    /// The version the plan migrates to.
    public var toVersion: Int
    /// One step per pending migration, in order.
    public var steps: [Step]
    /// The documents that would break the target schema, with every violation.
    public var invalidDocuments: [InvalidDocument]

    /// Whether `up` could apply the plan: every resulting document is valid.
    public var isValid: Bool { invalidDocuments.isEmpty }

    /// One migration of the plan.
    public struct Step: Sendable, Encodable {
        /// The migration's number.
        public var version: Int
        /// Its file name.
        public var name: String
        /// Its description.
        public var description: String
        /// Per operation: how many documents it matched and changed.
        public var operations: [OperationCount]
        /// Every document the step changes, moves or deletes: `collection/id` (the collection
        /// before the step), sorted.
        public var changedDocuments: [String]
        /// Up to three documents with their changes, for people.
        public var samples: [Sample]
    }

    /// Documents an operation matched and changed.
    public struct OperationCount: Sendable, Encodable {
        /// The operation's index in the migration file.
        public var index: Int
        /// The operation, in words.
        public var operation: String
        /// Documents it applied to (its collection, and its `where` when there is one).
        public var matched: Int
        /// Documents whose content it changed, or that it deleted.
        public var changed: Int
        /// Documents whose file it moved without changing them (`renameCollection`, `repartition`).
        public var moved: Int
    }

    /// One document's changes.
    public struct Sample: Sendable, Encodable {
        /// `collection/id`.
        public var document: String
        /// One line per changed field: `amount: 2.5 → 3`.
        public var diff: [String]
    }

    /// A resulting document that breaks the target schema.
    public struct InvalidDocument: Sendable, Encodable {
        /// `collection/id` after the migration.
        public var document: String
        /// Every violation.
        public var violations: [SchemaViolation]
    }
}

extension Store {
    /// Computes what migrating to `version` (default: the latest) would change, and validates
    /// every resulting document against the target schema. Reads the store; writes nothing.
    ///
    /// - Parameters:
    ///   - migrations: the app's migrations.
    ///   - targetSchema: the schema folder of the target version (its catalog's `version`
    ///     must equal the target version).
    ///   - version: the version to migrate to; the latest migration when `nil`.
    ///   - registry: the Swift functions that `custom` operations name.
    /// - Throws: `.invalidMigration` when the migrations have problems (an edited applied
    ///   file, a gap…) or the schema folder is at another version; `.migrationFailed` naming
    ///   the document and operation that cannot be applied.
    func migrationPlan(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int? = nil, registry: MigrationRegistry = MigrationRegistry()
    ) throws -> MigrationPlan {
        let prepared = try prepareMigration(migrations, targetSchema: targetSchema, to: version, registry: registry)
        var working = MigrationWorkingSet(store: self)
        var steps: [MigrationPlan.Step] = []
        for migration in prepared.pending {
            steps.append(try working.apply(migration, registry: registry))
        }
        let invalid = try working.validate(against: prepared.catalog, schemaFolder: targetSchema)
        return MigrationPlan(fromVersion: schemaVersion, toVersion: prepared.target, steps: steps, invalidDocuments: invalid)
    }

    /// Checks the migrations and the target schema folder, shared by `plan` and `up`.
    func prepareMigration(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int?, registry: MigrationRegistry
    ) throws -> (target: Int, catalog: Catalog, pending: [MigrationFile]) {
        let status = migrationStatus(migrations)
        if let problem = status.problems.first {
            throw AlmanacError(.invalidMigration, problem + (status.problems.count > 1 ? " (and \(status.problems.count - 1) more problems; Migrator.status(of:) lists them)" : ""))
                .with(status.problems.count > 1 ? .migrationStatus : AlmanacError.Remedy.repairMigrations.appearing(in: problem))
        }
        let target = version ?? migrations.latestVersion
        guard target >= schemaVersion, target <= migrations.latestVersion else {
            throw AlmanacError(.invalidArgument, "cannot migrate to version \(target): the store is at \(schemaVersion) and the last migration is \(migrations.latestVersion); to go back, use Migrator.rollback(storeAt:)").with(.rollBack)
        }
        let catalog = try Catalog.load(folder: targetSchema)
        guard catalog.version == target else {
            throw AlmanacError(.invalidMigration, "the schema folder is at version \(catalog.version) but the migration target is \(target); migrate to \(catalog.version), or use the schema of version \(target)", path: targetSchema.path)
        }
        guard catalog.app == app else {
            throw AlmanacError(.invalidMigration, "the schema folder is for app \(catalog.app) but the store belongs to \(app); use schema/\(app)", path: targetSchema.path)
        }
        let pending = migrations.migrations(after: schemaVersion, upTo: target)
        for migration in pending { try registry.requireFunctions(for: migration.operations) }
        return (target, catalog, pending)
    }
}

extension MigrationPlan {
    private enum CodingKeys: String, CodingKey { case fromVersion, toVersion, valid, steps, invalidDocuments }

    /// Encodes the plan with its verdict (`valid`) beside the steps and invalid documents.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(isValid, forKey: .valid)
        try container.encode(steps, forKey: .steps)
        try container.encode(invalidDocuments, forKey: .invalidDocuments)
    }
}

extension MigrationPlan.InvalidDocument {
    private enum CodingKeys: String, CodingKey { case document, violations }

    /// Encodes the document's path and each violation as the sentence it prints.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(document, forKey: .document)
        try container.encode(violations.map(\.description), forKey: .violations)
    }
}
