import Foundation

/// The store's documents as a migration leaves them, kept in memory for `plan`.
struct MigrationWorkingSet {
    let store: Store
    /// One document as the migrations so far left it.
    struct Entry {
        var value: JSONValue
        /// Where the document was read from; its file stays where it is when `changed` is false and its place is the same.
        var source: DocumentLocation?
        /// Whether the document's JSON differs from the file it was read from.
        var changed: Bool
    }

    /// collection → id (`""` for a singleton) → document.
    private(set) var collections: [String: [String: Entry]] = [:]
    /// Every file read, by its location: what the migration replaces, moves or deletes is among them.
    private(set) var loadedSources: [DocumentLocation] = []

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
                loadedSources.append(document.location)
            }
        }
        collections[name] = loaded
        return loaded
    }

    mutating func apply(_ migration: MigrationFile, registry: MigrationRegistry) throws -> MigrationPlan.Step {
        var counts = migration.operations.enumerated().map {
            MigrationPlan.OperationCount(index: $0.offset, operation: $0.element.description, matched: 0, changed: 0, moved: 0)
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
        // Renaming or refiling a collection moves every one of its files: count them, so the
        // plan says what the operation reaches.
        for change in MigrationTransform.collectionChanges(migration.operations) {
            switch change {
            case .renamed(let from, let to, let index):
                if let documents = collections[from], collections[to]?.isEmpty ?? true {
                    collections[to] = documents
                    collections[from] = [:]
                }
                let moved = collections[to]?.count ?? 0
                (counts[index].matched, counts[index].moved) = (moved, moved)
            case .repartitioned(let collection, _, _, let index):
                let refiled = try documents(of: collection).count
                (counts[index].matched, counts[index].moved) = (refiled, refiled)
            case .schemaOnly:
                continue
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
        let filing = Filing(catalog: catalog, calendar: store.calendar)
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
                if stored.value.isTooDeepToRead {
                    report(label, "", "depth", JSONValue.tooDeepMessage)
                    continue
                }
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
                        if let violation = rule.violation(in: members, now: now, calendar: store.calendar) { report(label, violation.pointer, "rule", violation.message) }
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
                    let compared = collection.uniqueValue(value, of: field)
                    let key = compared.uniquenessKey
                    if let other = uniqueValues[field]?[key], collection.uniqueValue(other.value, of: field).hasSameValue(as: compared) {
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
