import Foundation

/// What `migrate up` would do, computed without writing anything: per migration and
/// operation, the documents matched and changed, a few before/after diffs, and every result
/// validated against the target schema.
public struct MigrationPlan: Sendable {
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
    public struct Step: Sendable {
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
    public struct OperationCount: Sendable {
        /// The operation's index in the migration file.
        public var index: Int
        /// The operation, in words.
        public var operation: String
        /// Documents it applied to (its collection, and its `where` when there is one).
        public var matched: Int
        /// Documents it changed, moved or deleted.
        public var changed: Int
    }

    /// One document's changes.
    public struct Sample: Sendable {
        /// `collection/id`.
        public var document: String
        /// One line per changed field: `amount: 2.5 → 3`.
        public var diff: [String]
    }

    /// A resulting document that breaks the target schema.
    public struct InvalidDocument: Sendable {
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
    public func migrationPlan(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int? = nil, registry: MigrationRegistry = MigrationRegistry()
    ) throws -> MigrationPlan {
        let status = migrationStatus(migrations)
        if let problem = status.problems.first {
            throw AlmanacError(.invalidMigration, problem + (status.problems.count > 1 ? " (and \(status.problems.count - 1) more problems; see 'almanac migrate status')" : ""))
        }
        let target = version ?? migrations.latestVersion
        guard target >= schemaVersion, target <= migrations.latestVersion else {
            throw AlmanacError(.invalidArgument, "cannot migrate to version \(target): the store is at \(schemaVersion) and the last migration is \(migrations.latestVersion)")
        }
        let catalog = try Catalog.load(folder: targetSchema)
        guard catalog.version == target else {
            throw AlmanacError(.invalidMigration, "the schema folder is at version \(catalog.version) but the migration target is \(target); migrate to \(catalog.version), or use the schema of version \(target)", path: targetSchema.path)
        }
        let pending = migrations.migrations(after: schemaVersion, upTo: target)
        for migration in pending { try registry.requireFunctions(for: migration.operations) }

        var working = MigrationWorkingSet(store: self)
        var steps: [MigrationPlan.Step] = []
        for migration in pending {
            steps.append(try working.apply(migration, registry: registry))
        }
        let invalid = try working.validate(against: catalog, schemaFolder: targetSchema)
        return MigrationPlan(fromVersion: schemaVersion, toVersion: target, steps: steps, invalidDocuments: invalid)
    }
}

/// The store's documents as a migration leaves them, kept in memory for `plan`.
struct MigrationWorkingSet {
    let store: Store
    /// collection → id (`""` for a singleton) → document.
    private var collections: [String: [String: JSONValue]] = [:]

    init(store: Store) {
        self.store = store
    }

    /// The documents of `name` as the migrations so far left them, read from the store on first use.
    private mutating func documents(of name: String) throws -> [String: JSONValue] {
        if let loaded = collections[name] { return loaded }
        var loaded: [String: JSONValue] = [:]
        if let descriptor = store.catalog.collection(named: name) {
            for document in try store.documents(json: descriptor.name) {
                loaded[document.location.id ?? ""] = document.value
            }
        }
        collections[name] = loaded
        return loaded
    }

    mutating func apply(_ migration: MigrationFile, registry: MigrationRegistry) throws -> MigrationPlan.Step {
        var counts = migration.operations.enumerated().map {
            MigrationPlan.OperationCount(index: $0.offset, operation: $0.element.description, matched: 0, changed: 0)
        }
        var changedDocuments: [String] = []
        var samples: [MigrationPlan.Sample] = []
        for name in MigrationTransform.collectionsToRead(migration.operations).sorted() {
            for (id, document) in try documents(of: name).sorted(by: { $0.key < $1.key }) {
                let outcome: MigrationTransform.DocumentOutcome
                do {
                    outcome = try MigrationTransform.apply(migration.operations, to: document, in: name, custom: registry)
                } catch var error as AlmanacError {
                    error.message = "\(migration.fileName): \(error.message)"
                    throw error
                }
                for index in outcome.matchedOperations { counts[index].matched += 1 }
                for index in outcome.changedOperations { counts[index].changed += 1 }
                let label = id.isEmpty ? name : "\(name)/\(id)"
                switch outcome.result {
                case .unchanged:
                    continue
                case .changed(let new):
                    collections[name]?[id] = new
                case .deleted:
                    collections[name]?[id] = nil
                case .moved(let collection, let new):
                    collections[name]?[id] = nil
                    _ = try documents(of: collection)
                    collections[collection]?[id] = new
                }
                changedDocuments.append(label)
                if samples.count < 3 { samples.append(.init(document: label, diff: outcome.diff)) }
            }
        }
        for change in MigrationTransform.collectionChanges(migration.operations) {
            if case .renamed(let from, let to, _) = change, let moved = collections[from], collections[to]?.isEmpty ?? true {
                collections[to] = moved
                collections[from] = [:]
            }
        }
        return MigrationPlan.Step(version: migration.version, name: migration.fileName, description: migration.description,
                                  operations: counts, changedDocuments: changedDocuments.sorted(), samples: samples)
    }

    /// Validates every document of every collection of the target catalog.
    mutating func validate(against catalog: Catalog, schemaFolder: URL) throws -> [MigrationPlan.InvalidDocument] {
        var invalid: [MigrationPlan.InvalidDocument] = []
        for collection in catalog.collections {
            let url = schemaFolder.appendingPathComponent(collection.schema)
            let schema = try JSONSchema(try JSONValue(parsing: Catalog.readExternalFile(url, missing: "\(collection.schema) is missing")), path: url.path)
            for (id, document) in try documents(of: collection.name).sorted(by: { $0.key < $1.key }) {
                let violations = schema.validate(document)
                if !violations.isEmpty {
                    invalid.append(.init(document: id.isEmpty ? collection.name : "\(collection.name)/\(id)", violations: violations))
                }
            }
        }
        return invalid
    }
}
