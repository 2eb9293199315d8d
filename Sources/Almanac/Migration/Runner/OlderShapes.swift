import Foundation

/// Documents that arrive in the shape of an earlier schema version: a device still on the
/// previous version of the app wrote them after another device migrated the store, and a sync
/// brought them in (DESIGN §12).
///
/// Documents carry no version, so the shape is judged by the schema: a document the current
/// schema rejects, and that the applied migrations' operations turn into one it accepts, is in
/// an older shape. The fewest migrations that do it are applied (the last one, then the last
/// two, …), so a document one version behind is not put through older steps too.
struct OlderShapes {
    let store: Store

    /// One document in an older shape, with the document it becomes.
    struct OlderShape {
        var collection: String
        var id: String?
        var path: String
        /// The other files of a document a sync left in several versions, merged into it.
        var mergedVersions: [String]
        /// The version of the migration the document is brought forward from (its operations
        /// and every later one are applied).
        var fromVersion: Int
        var document: JSONValue
    }

    /// The documents of this store in an older shape, each with its brought-forward version.
    /// A document a sync left in several versions counts when their merge (newer-wins) is.
    /// Files that cannot be read are passed over (`check` reports them).
    ///
    /// - Throws: `.invalidMigration` when `migrations` are not the ones the store recorded (an
    ///   applied file edited or missing, a gap) or need a custom function `registry` lacks:
    ///   documents are rewritten only by the steps the store ran.
    func documentsInOlderShape(_ migrations: MigrationSet, registry: MigrationRegistry) throws -> [OlderShape] {
        if let problem = store.migrationStatus(migrations).problems.first {
            throw AlmanacError(.invalidMigration, "documents in an older shape are not brought forward: \(problem); fix the migrations folder first (Migrator.status(of:) lists its problems)").with(.migrationStatus)
        }
        // Only migrations this store ran (a store created at a later version ran none before it).
        let ran = Set(store.appliedMigrations.map(\.version))
        let applied = migrations.migrations.filter { ran.contains($0.version) && !$0.operations.isEmpty }
        guard !applied.isEmpty else { return [] }
        for migration in applied { try registry.requireFunctions(for: migration.operations) }
        var found: [OlderShape] = []
        for collection in store.catalog.collections {
            let schema = try store.reader.compiledSchema(for: collection)
            _ = try store.forEachDocument(matching: Query(collection.name), keepGoing: true) { stored in
                var value = stored.value
                var merged: [String] = []
                if let conflict = stored.conflict {
                    // Versions a sync left, in an older shape, merge into a document the schema
                    // rejects: merged as `resolve` does when the policy decides alone, then brought
                    // forward (the save replaces every version). Other conflicts wait for `resolve`.
                    guard collection.mergePolicy == .newerWins,
                          let plan = try? store.plan(conflict, descriptor: collection, policy: .newerWins, taking: nil), plan.keep.isEmpty
                    else { return true }
                    value = plan.report.result
                    merged = Array(conflict.paths.dropFirst())
                }
                guard !schema.validate(schema.normalizingTimestamps(in: value)).isEmpty else { return true }
                for start in applied.indices.reversed() {
                    let operations = applied[start...].flatMap(\.operations)
                    // A step that cannot apply to this document (a value that does not convert)
                    // means these steps are not the ones it missed: try one more.
                    guard let outcome = try? MigrationTransform.apply(operations, to: value, in: collection.name, custom: registry),
                          case .changed(let document) = outcome.result,
                          schema.validate(schema.normalizingTimestamps(in: document)).isEmpty
                    else { continue }
                    found.append(OlderShape(collection: collection.name, id: stored.location.id, path: stored.location.relativePath,
                                            mergedVersions: merged, fromVersion: applied[start].version, document: document))
                    break
                }
                return true
            }
        }
        return found
    }

    /// Saves every document in an older shape as the migrations make it, in one transaction.
    /// - Returns: one repair (`brought-forward`) per document brought forward (or that would be, with `dryRun`).
    static func bringForward(
        at url: URL, migrations: MigrationSet, registry: MigrationRegistry, options: Store.Options, dryRun: Bool
    ) throws -> [FixReport.Repair] {
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        func names(_ found: [OlderShape]) -> [FixReport.Repair] {
            found.map { older in
                let steps = migrations.migrations.filter { $0.version >= older.fromVersion && $0.version <= store.schemaVersion }.map(\.fileName)
                let versions = older.mergedVersions.isEmpty ? "" : " (merged first with its versions \(older.mergedVersions.joined(separator: ", ")), newer-wins)"
                return FixReport.Repair(kind: "brought-forward", path: older.path, destination: nil,
                                        message: "brought forward by \(steps.joined(separator: ", ")): it was in the shape before schema version \(older.fromVersion) (a device on an earlier version of the app wrote it after the store was migrated)\(versions)")
            }
        }
        let older = try store.readingOneVersion { try OlderShapes(store: store).documentsInOlderShape(migrations, registry: registry) }
        guard !dryRun, !older.isEmpty else { return names(older) }
        return try store.write { transaction in
            // Found again under the lock: another writer may have changed a document since.
            let older = try OlderShapes(store: store).documentsInOlderShape(migrations, registry: registry)
            transaction.isSchemaChange = true
            for document in older { _ = try transaction.save(json: document.document, in: document.collection) }
            return names(older)
        }
    }
}
