import Foundation

/// Stages a migration without the writers' lock and swaps it in holding it (``Migrator/migrate(storeAt:to:options:progress:)``).
struct MigrationRunner {
    let store: Store

    /// The work of ``Migrator/migrate(storeAt:to:options:progress:)``.
    ///
    /// The long part — reading every document, transforming, validating and staging the new
    /// version in a staging folder of its own, `.almanac/migration-<pid>-<n>/` — runs holding
    /// no lock, so other writers go on (an app's widget saving) and an app suspended
    /// mid-migration holds no lock for iOS to kill it over. Then the writers' lock is taken for the
    /// swap alone, after checking that nobody committed meanwhile (the commit clock did not
    /// move, the version is the same). If someone did, the version is staged again from the
    /// new state, up to ``Store/unlockedStagingAttempts`` times; after that, holding the lock
    /// throughout, as a store written faster than it can be staged needs. Readers see the
    /// store wholly before or wholly after, whichever attempt commits.
    @discardableResult
    static func migrate(
        at url: URL, migrations: MigrationSet, targetSchema: URL, to version: Int? = nil,
        registry: MigrationRegistry = MigrationRegistry(), options: Store.Options = Store.Options(),
        acceptingEdits: Bool = false, progress: (@Sendable (MigrationProgress) -> Void)? = nil
    ) throws -> MigrationResult {
        let started = Date()
        for attempt in 0..<(Store.unlockedStagingAttempts + 3) {
            let store = try Store(at: url, options: options)
            defer { store.finishWriting() }
            if let refusal = store.writer.writeRefusal { throw refusal }
            try SchemaCopies.refuseMigration(in: store.root, catalog: store.catalog)
            let work = MigrationWork(migrations: migrations, targetSchema: targetSchema, version: version, registry: registry, acceptingEdits: acceptingEdits,
                                     started: started, progress: progress)
            do {
                let swapped = attempt < Store.unlockedStagingAttempts ? try MigrationRunner(store: store).migrateStagingUnlocked(work) : try MigrationRunner(store: store).migrateStagingLocked(work)
                if var result = swapped?.result {
                    // The index the migration leaves says what it wrote, so that the next read
                    // lists the new folders and reads none of their files.
                    if result.migrated, let written = swapped?.written { (try? Store(at: url, options: options))?.reader.leaveFolderIndexes(trusting: written) }
                    // Nothing to migrate: records written before content checksums get theirs
                    // now (once), so that a later re-indent of a file that is unchanged today is no edit.
                    if result.fromVersion == result.toVersion { try MigrationRunner(store: store).recordContentChecksums(migrations) }
                    // Measured once the new version is in place: the commit is part of the run.
                    result.duration = Date().timeIntervalSince(started)
                    return result
                }
            } catch let error as AlmanacError where error.code == .storeChanged {
                // The lock's previous holder migrated the store while this one waited for it:
                // open the store again, at its new version, and see what is left to do.
                continue
            }
        }
        throw AlmanacError(.locked, "the store kept changing version while the migration waited; retry when other migrations are done", path: url.path)
    }

    /// Adds the content checksum to the records of applied migrations whose files are
    /// unchanged byte for byte (``MigrationRepairer/withContentChecksums(_:with:)``), as one small change.
    private func recordContentChecksums(_ migrations: MigrationSet) throws {
        guard MigrationRepairer.withContentChecksums(store.manifest.migrations, with: migrations) != nil else { return }
        try store.write { transaction in
            // Read again holding the lock: another process may have done it meanwhile.
            guard let upgraded = MigrationRepairer.withContentChecksums(try Manifest.required(in: store.root).migrations, with: migrations) else { return }
            try transaction.updateManifest { $0.migrations = upgraded }
        }
    }

    /// Stages without the writers' lock and commits holding it, with the files it moved in;
    /// `nil` when another writer committed meanwhile (the staged version is dropped, and the
    /// caller stages again).
    private func migrateStagingUnlocked(_ work: MigrationWork) throws -> (result: MigrationResult, written: [String])? {
        guard let clockBefore = store.reader.clock.settled(), try store.reader.versionOnDisk() == store.schemaVersion else { return nil }
        let staged: StagedMigration
        do {
            staged = try stageMigration(work)
        } catch {
            // A writer moving or removing a file being read is no error of the migration's: stage again.
            if store.reader.clock.now() != clockBefore { return nil }
            throw error
        }
        let result: MigrationResult?
        var written: [String] = []
        do {
            result = try store.writer.swapVersion { () throws -> (version: StagedVersion?, outcome: MigrationResult?) in
                guard store.reader.clock.now() == clockBefore, try store.reader.versionOnDisk() == store.schemaVersion else { return (nil, nil) }
                TestHooks.crashPoint("migrate", "locked-unchanged")
                let swapped = try swap(staged, work)
                written = swapped.version.map { Array($0.change.written.keys) } ?? []
                return (swapped.version, swapped.outcome)
            }
        } catch {
            // Not swapped in (no journal names it): the staged version is no one's.
            if case .staged(_, _, let staging, _) = staged { store.writer.discardStaging(staging.name) }
            throw error
        }
        if result == nil, case .staged(_, _, let staging, _) = staged { store.writer.discardStaging(staging.name) }
        return result.map { ($0, written) }
    }

    /// Stages and commits holding the writers' lock throughout, with the files it moved in;
    /// `nil` when another process migrated between opening the store and locking it.
    private func migrateStagingLocked(_ work: MigrationWork) throws -> (result: MigrationResult, written: [String])? {
        var staged: StagedMigration?
        let result: MigrationResult?
        var written: [String] = []
        do {
            result = try store.writer.swapVersion { () throws -> (version: StagedVersion?, outcome: MigrationResult?) in
                guard try store.reader.versionOnDisk() == store.schemaVersion else { return (nil, nil) }
                let stagedNow = try stageMigration(work)
                staged = stagedNow
                let swapped = try swap(stagedNow, work)
                written = swapped.version.map { Array($0.change.written.keys) } ?? []
                return (swapped.version, swapped.outcome)
            }
        } catch {
            if case .staged(_, _, let staging, _)? = staged { store.writer.discardStaging(staging.name) }
            throw error
        }
        return result.map { ($0, written) }
    }

    /// Reads, transforms, validates and stages the pending migrations in a staging folder of its own,
    /// changing nothing else; `.nothingPending` when the store is at the target already.
    private func stageMigration(_ work: MigrationWork) throws -> StagedMigration {
        let prepared = try store.prepareMigration(work.migrations, targetSchema: work.targetSchema, to: work.version, registry: work.registry,
                                                  acceptingEdits: work.acceptingEdits)
        guard !prepared.pending.isEmpty else { return .nothingPending(drift: try store.schemaDrift(from: work.targetSchema)) }
        work.progress?(MigrationProgress(phase: .transforming, done: 0, total: 0))
        var working = MigrationWorkingSet(store: store)
        var steps: [MigrationPlan.Step] = []
        for migration in prepared.pending {
            steps.append(try working.apply(migration, registry: work.registry))
        }
        work.progress?(MigrationProgress(phase: .validating, done: 0, total: 0))
        let invalid = try working.validate(against: prepared.catalog, schemaFolder: work.targetSchema)
        if !invalid.isEmpty { throw MigrationRunner.invalidResultError(invalid, target: prepared.target) }

        var manifest = try Manifest.required(in: store.root)
        var applied = MigrationRepairer.withContentChecksums(manifest.migrations, with: work.migrations) ?? manifest.migrations
        for (migration, step) in zip(prepared.pending, steps) {
            applied.append(.object([
                "version": .number(JSONNumber(migration.version)), "name": .string(migration.fileName),
                "description": .string(migration.description), "checksum": .string(migration.checksum),
                "contentChecksum": .string(migration.contentChecksum),
                "documentsChanged": .number(JSONNumber(step.changedDocuments.count)),
            ]))
        }
        manifest.migrations = applied
        manifest.schemaVersion = prepared.target

        var stager = MigrationStager(store: store, catalog: prepared.catalog, schemaFolder: work.targetSchema, progress: work.progress)
        do {
            let (staging, outcome) = try stager.stage(working, manifest: manifest)
            return .staged(prepared: prepared, steps: steps, staging: staging, outcome: outcome)
        } catch {
            // Nothing outside the staging folder changed; drop it.
            if let name = stager.stagingName { store.writer.discardStaging(name) }
            throw error
        }
    }

    /// The version to put in place for `staged`, with the run's result (`nil` version: nothing
    /// pending). Runs holding the writers' lock: the record of changes is made from the store
    /// as it is now, with the backup's record beside it.
    private func swap(_ staged: StagedMigration, _ work: MigrationWork) throws -> (version: StagedVersion?, outcome: MigrationResult) {
        guard case .staged(let prepared, let steps, let staging, let outcome) = staged else {
            var result = MigrationResult(fromVersion: store.schemaVersion, toVersion: store.schemaVersion, steps: [], documentsWritten: 0,
                                         documentsKept: 0, documentsChanged: 0, duration: Date().timeIntervalSince(work.started))
            if case .nothingPending(let drift) = staged { result.schemaDrift = drift }
            return (nil, result)
        }
        work.progress?(MigrationProgress(phase: .committing, done: 0, total: 0))
        let change = try outcome.changes.record(root: store.root, incoming: MigrationStager.incoming, outgoing: MigrationStager.outgoing)
        let backup = MigrationBackup(fromVersion: store.schemaVersion, toVersion: prepared.target, migrations: prepared.pending.map(\.fileName),
                                     changes: MigrationStager.changesRecord, commits: 0,
                                     previousFolders: store.catalog.collections.filter { !$0.isSingleton }.map { "data/\($0.name)" })
        // When and how long: this device's own record (store.json is the same on every device).
        let history: [String: JSONValue] = [
            "fromVersion": .number(JSONNumber(store.schemaVersion)), "toVersion": .number(JSONNumber(prepared.target)),
            "migrations": .array(prepared.pending.map { .string($0.fileName) }),
            "durationMs": .number(JSONNumber(Int(Date().timeIntervalSince(work.started) * 1000))),
        ]
        var version = StagedVersion(kind: .migrate, folder: staging.name, changes: MigrationStager.changesRecord, change: change,
                                    fromVersion: store.schemaVersion, toVersion: prepared.target, history: history)
        version.backupRecord = { commits in
            var record = backup
            record.commits = commits
            return try record.recordBytes()
        }
        return (version, MigrationResult(fromVersion: store.schemaVersion, toVersion: prepared.target, steps: steps,
                                         documentsWritten: outcome.written, documentsKept: outcome.kept,
                                         documentsChanged: Set(steps.flatMap(\.changedDocuments)).count,
                                         duration: Date().timeIntervalSince(work.started)))
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
