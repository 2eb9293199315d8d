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
            throw AlmanacError(.invalidMigration, problem + (status.problems.count > 1 ? " (and \(status.problems.count - 1) more problems; see 'almanac migrate status')" : ""))
        }
        let target = version ?? migrations.latestVersion
        guard target >= schemaVersion, target <= migrations.latestVersion else {
            throw AlmanacError(.invalidArgument, "cannot migrate to version \(target): the store is at \(schemaVersion) and the last migration is \(migrations.latestVersion); to go back, use 'almanac migrate rollback'")
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

/// The store's documents as a migration leaves them, kept in memory for `plan`.
struct MigrationWorkingSet {
    let store: Store
    /// One document as the migrations so far left it.
    struct Entry {
        var value: JSONValue
        /// Where the document was read from; its file can be kept (linked) when `changed` is false.
        var source: DocumentLocation?
        /// Whether the document's JSON differs from the file it was read from.
        var changed: Bool
    }

    /// collection → id (`""` for a singleton) → document.
    private(set) var collections: [String: [String: Entry]] = [:]

    init(store: Store) {
        self.store = store
    }

    /// The documents of `name` as the migrations so far left them, read from the store on first use.
    @discardableResult
    mutating func documents(of name: String) throws -> [String: Entry] {
        if let loaded = collections[name] { return loaded }
        var loaded: [String: Entry] = [:]
        if let descriptor = store.catalog.collection(named: name) {
            for document in try store.documents(json: descriptor.name) {
                loaded[document.location.id ?? ""] = Entry(value: document.value, source: document.location, changed: false)
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
        // A collection only renamed is not read document by document; load it so it can move.
        for case .renamed(let from, _, _) in MigrationTransform.collectionChanges(migration.operations) {
            try documents(of: from)
        }
        for name in MigrationTransform.collectionsToRead(migration.operations).sorted() {
            for (id, entry) in try documents(of: name).sorted(by: { $0.key < $1.key }) {
                let outcome: MigrationTransform.DocumentOutcome
                do {
                    outcome = try MigrationTransform.apply(migration.operations, to: entry.value, in: name, custom: registry)
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
                    collections[name]?[id] = Entry(value: new, source: entry.source, changed: true)
                case .deleted:
                    collections[name]?[id] = nil
                case .moved(let collection, let new):
                    collections[name]?[id] = nil
                    try documents(of: collection)
                    collections[collection]?[id] = Entry(value: new, source: entry.source, changed: entry.changed || new != entry.value)
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

    /// Validates every document of every collection of the target catalog: its schema, its
    /// unique fields, the catalog's rules (transitions aside: they judge an app's writes, not a
    /// schema change), ids that differ only in case, the date field that files it, references
    /// to missing documents, and no documents left in a collection the target catalog does not have.
    mutating func validate(against catalog: Catalog, schemaFolder: URL) throws -> [MigrationPlan.InvalidDocument] {
        var invalid: [MigrationPlan.InvalidDocument] = []
        let filing = Filing(catalog: catalog, timeZone: store.timeZone)
        func report(_ label: String, _ pointer: String, _ keyword: String, _ message: String) {
            invalid.append(.init(document: label, violations: [SchemaViolation(pointer: pointer, keyword: keyword, schemaPointer: "", message: message)]))
        }
        for collection in store.catalog.collections { try documents(of: collection.name) }
        for collection in catalog.collections {
            let url = schemaFolder.appendingPathComponent(collection.schema)
            let schema = try JSONSchema(try JSONValue(parsing: Catalog.readExternalFile(url, missing: "\(collection.schema) is missing")), path: url.path)
            var ids: [String: String] = [:]
            var uniqueValues: [String: [String: (id: String, value: JSONValue)]] = [:]
            var ruleDocuments: [(label: String, members: [String: JSONValue])] = []
            let now = Date()
            for (id, stored) in try documents(of: collection.name).sorted(by: { $0.key < $1.key }) {
                let label = id.isEmpty ? collection.name : "\(collection.name)/\(id)"
                // The results are stored as a save would store them: timestamps in UTC.
                var entry = stored
                let normalized = schema.normalizingTimestamps(in: entry.value)
                if normalized != entry.value {
                    entry = Entry(value: normalized, source: entry.source, changed: true)
                    collections[collection.name]?[id] = entry
                }
                let violations = schema.validate(entry.value)
                if !violations.isEmpty {
                    invalid.append(.init(document: label, violations: violations))
                    continue
                }
                if let members = entry.value.objectValue {
                    ruleDocuments.append((label, members))
                    for rule in collection.rules {
                        if let violation = rule.violation(in: members, now: now) { report(label, violation.pointer, "rule", violation.message) }
                    }
                }
                if let other = ids.updateValue(id, forKey: DocumentID.key(id)) {
                    report(label, "/id", "id", "id \"\(id)\" differs only in case from \(collection.name)/\(other); ids are compared ignoring case")
                }
                do {
                    _ = try filing.location(for: entry.value, in: collection)
                } catch let error as AlmanacError {
                    report(label, error.pointer ?? "", "dateField", error.message)
                }
                for field in collection.unique {
                    guard let value = entry.value[field], value != .null else { continue }
                    let key = value.uniquenessKey
                    if let other = uniqueValues[field]?[key], other.value.hasSameValue(as: value) {
                        report(label, "/" + field, "unique", "\"\(field)\" \(value.shortDescription) is also used by \(collection.name)/\(other.id); \"\(field)\" must be unique in \(collection.name)")
                    } else {
                        uniqueValues[field, default: [:]][key] = (id, value)
                    }
                }
            }
            for rule in collection.rules {
                for violation in rule.violations(among: ruleDocuments) {
                    report(violation.label, violation.pointer ?? "", "rule", violation.message)
                }
            }
        }
        try checkReferences(of: catalog, report: report)
        for (name, documents) in collections where catalog.collection(named: name) == nil {
            for id in documents.keys.sorted() {
                report(id.isEmpty ? name : "\(name)/\(id)", "", "collection",
                       "the schema of version \(catalog.version) has no collection \(name); add a migration that moves or deletes its documents")
            }
        }
        return invalid
    }
}

extension JSONValue {
    /// A text equal for values that ``hasSameValue(as:)`` calls equal (numbers by value).
    var uniquenessKey: String {
        switch self {
        case .number(let number): "n:" + String(Double(number.text) ?? .nan)
        case .string(let text): "s:" + text
        default: "j:" + String(decoding: CanonicalJSON.compactBytes(self), as: UTF8.self)
        }
    }
}
