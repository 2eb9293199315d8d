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
    /// Collections the target catalog declares and the store's does not (they start empty),
    /// other than the new names of renamed ones.
    public var collectionsAdded: [String] = []
    /// Collections of the store's catalog the target catalog no longer declares, other than
    /// the old names of renamed ones.
    public var collectionsRemoved: [String] = []
    /// With nothing pending: how the target schema folder differs from the store's copy (an
    /// edit no migration carries), or `nil` when they agree.
    public var schemaDrift: SchemaDrift?

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
        try MigrationPlanner(store: self).migrationPlan(migrations, targetSchema: targetSchema, to: version, registry: registry)
    }

    /// Checks the migrations and the target schema folder, shared by `plan` and `up`.
    func prepareMigration(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int?, registry: MigrationRegistry, acceptingEdits: Bool = false
    ) throws -> (target: Int, catalog: Catalog, pending: [MigrationFile]) {
        try MigrationPlanner(store: self).prepareMigration(migrations, targetSchema: targetSchema, to: version, registry: registry, acceptingEdits: acceptingEdits)
    }
}

extension MigrationPlan {
    private enum CodingKeys: String, CodingKey { case fromVersion, toVersion, valid, steps, invalidDocuments, collectionsAdded, collectionsRemoved, schemaDrift }

    /// Encodes the plan with its verdict (`valid`) beside the steps and invalid documents,
    /// and the collections added and removed and the schema drift when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fromVersion, forKey: .fromVersion)
        try container.encode(toVersion, forKey: .toVersion)
        try container.encode(isValid, forKey: .valid)
        try container.encode(steps, forKey: .steps)
        try container.encode(invalidDocuments, forKey: .invalidDocuments)
        if !collectionsAdded.isEmpty { try container.encode(collectionsAdded, forKey: .collectionsAdded) }
        if !collectionsRemoved.isEmpty { try container.encode(collectionsRemoved, forKey: .collectionsRemoved) }
        try container.encodeIfPresent(schemaDrift, forKey: .schemaDrift)
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
