import Foundation

extension Store {
    /// The work of ``Migrator/migrate(storeAt:to:options:progress:)``: opens the store, takes
    /// the write lock, and starts again (at most three times) when another process migrated
    /// the store between the open and the lock.
    @discardableResult
    static func migrate(
        at url: URL, migrations: MigrationSet, targetSchema: URL, to version: Int? = nil,
        registry: MigrationRegistry = MigrationRegistry(), options: Options = Options(),
        progress: (@Sendable (MigrationProgress) -> Void)? = nil
    ) throws -> MigrationResult {
        let started = Date()
        for _ in 0..<3 {
            let store = try Store(at: url, options: options)
            defer { store.finishWriting() }
            let result: MigrationResult?
            do {
                result = try store.writer.withWriteLock { state throws -> MigrationResult? in
                    // Another process may have migrated between opening and locking: start again.
                    guard try store.reader.versionOnDisk() == store.schemaVersion else { return nil }
                    return try store.migrateHoldingLock(migrations, targetSchema: targetSchema, to: version,
                                                        registry: registry, started: started, progress: progress, state)
                }
            } catch let error as AlmanacError where error.code == .storeChanged {
                // The lock's previous holder migrated the store while this one waited for it:
                // open the store again, at its new version, and see what is left to do.
                continue
            }
            if let result { return result }
        }
        throw AlmanacError(.locked, "the store kept changing version while the migration waited; retry when other migrations are done", path: url.path)
    }

    private func migrateHoldingLock(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int?, registry: MigrationRegistry,
        started: Date, progress: (@Sendable (MigrationProgress) -> Void)?, _ state: StoreState
    ) throws -> MigrationResult {
        let prepared = try prepareMigration(migrations, targetSchema: targetSchema, to: version, registry: registry)
        guard !prepared.pending.isEmpty else {
            return MigrationResult(fromVersion: schemaVersion, toVersion: schemaVersion, steps: [], documentsWritten: 0,
                                   documentsKept: 0, documentsChanged: 0, duration: Date().timeIntervalSince(started))
        }
        progress?(MigrationProgress(phase: .transforming, done: 0, total: 0))
        var working = MigrationWorkingSet(store: self)
        var steps: [MigrationPlan.Step] = []
        for migration in prepared.pending {
            steps.append(try working.apply(migration, registry: registry))
        }
        progress?(MigrationProgress(phase: .validating, done: 0, total: 0))
        let invalid = try working.validate(against: prepared.catalog, schemaFolder: targetSchema)
        if !invalid.isEmpty { throw Store.invalidResultError(invalid, target: prepared.target) }

        let changed = Set(steps.flatMap(\.changedDocuments)).count
        var manifest = try Manifest.required(in: root)
        var applied = manifest.migrations
        for (migration, step) in zip(prepared.pending, steps) {
            applied.append(.object([
                "version": .number(JSONNumber(migration.version)), "name": .string(migration.fileName),
                "description": .string(migration.description), "checksum": .string(migration.checksum),
                "documentsChanged": .number(JSONNumber(step.changedDocuments.count)),
            ]))
        }
        manifest.migrations = applied
        manifest.schemaVersion = prepared.target

        let backup = MigrationBackup(fromVersion: schemaVersion, toVersion: prepared.target,
                                     migrations: prepared.pending.map(\.fileName), fingerprint: "")
        var stager = MigrationStager(store: self, catalog: prepared.catalog, schemaFolder: targetSchema, progress: progress)
        let staging: Directory
        let outcome: MigrationStager.Outcome
        do {
            (staging, outcome) = try stager.stage(working, manifest: manifest, backup: backup)
        } catch {
            // Nothing outside the staging folder changed; drop it.
            if let internalFolder = try? reader.openFolders([".almanac"]) { _ = try? internalFolder.removeTree(StoreSwap.stagingFolder) }
            throw error
        }
        progress?(MigrationProgress(phase: .committing, done: 0, total: 0))
        _ = try writer.createFolders(["data"])  // a store cloned from git has no data/ when empty; the swap needs one
        guard let dataInode = try staging.identity(of: "data")?.inode, let schemaInode = try staging.identity(of: "schema")?.inode else {
            throw AlmanacError(.io, "the staged version is incomplete", path: ".almanac/\(StoreSwap.stagingFolder)")
        }
        let journal = MigrationJournal(kind: .migrate, fromVersion: schemaVersion, toVersion: prepared.target,
                                       stagingFolder: StoreSwap.stagingFolder, dataInode: dataInode, schemaInode: schemaInode)
        writer.dropCaches(state)
        state.pendingHints.removeAll()
        try StoreSwap.commit(root: root, journal: journal)
        // When and how long: this device's own record (store.json is the same on every device).
        DeviceHistory.record("migrate", ["fromVersion": .number(JSONNumber(schemaVersion)), "toVersion": .number(JSONNumber(prepared.target)),
                                         "migrations": .array(prepared.pending.map { .string($0.fileName) }),
                                         "durationMs": .number(JSONNumber(Int(Date().timeIntervalSince(started) * 1000)))], root: root)
        return MigrationResult(fromVersion: schemaVersion, toVersion: prepared.target, steps: steps,
                               documentsWritten: outcome.written, documentsKept: outcome.kept, documentsChanged: changed,
                               duration: Date().timeIntervalSince(started))
    }

    /// The error for results that break the target schema: every document, its first violations.
    static func invalidResultError(_ invalid: [MigrationPlan.InvalidDocument], target: Int) -> AlmanacError {
        let lines = invalid.prefix(20).map { document in
            "  \(document.document): " + document.violations.prefix(3).map(\.description).joined(separator: "; ")
        }
        let more = invalid.count > 20 ? "\n  … and \(invalid.count - 20) more (all with Migrator.plan(for:))" : ""
        return AlmanacError(
            .migrationFailed,
            "\(invalid.count) document\(invalid.count == 1 ? "" : "s") would break the schema of version \(target), so nothing was changed; fix the migration (or the documents) and run it again:\n" + lines.joined(separator: "\n") + more,
            id: invalid.first?.document).with(invalid.count > 20 ? .migrationPlan : nil)
    }
}
