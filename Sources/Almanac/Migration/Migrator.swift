import Foundation

/// An app's migrations and the schema they lead to: what reports, plans, applies, rolls
/// back and repairs migrations of a store, as GRDB's `DatabaseMigrator` does for a database.
///
/// Make one when the app launches, from the migrations and schema folders it ships, and
/// migrate before opening the store for writes:
///
/// ```swift
/// let migrator = Migrator(
///     migrations: try MigrationSet(folder: bundle.url(forResource: "migrations", withExtension: nil)!),
///     targetSchema: bundle.url(forResource: "schema", withExtension: nil)!)
/// try migrator.migrate(storeAt: storeURL)
/// let store = try Store(at: storeURL)
/// ```
public struct Migrator: Sendable {
    /// The app's migrations.
    public var migrations: MigrationSet
    /// The schema folder the latest migration leads to; `plan` and `migrate` need it.
    public var targetSchema: URL?
    /// The Swift functions that `custom` operations name.
    public var registry: MigrationRegistry
    /// What ``migrate(storeAt:to:options:progress:)`` does when an applied migration's file says
    /// something else now than when it was applied: ``EditedAppliedFiles/refuse`` (the default).
    public var editedAppliedFiles: EditedAppliedFiles = .refuse

    /// What a migration does when an applied file was edited since it was applied (a change of
    /// meaning: a re-indent or reordered members is no edit, see ``MigrationFile/contentChecksum``).
    public enum EditedAppliedFiles: Sendable {
        /// Refuse to migrate (`invalid-migration`, both checksums shown) until the file is restored
        /// or the change accepted with ``Migrator/repair(storeAt:options:)``, as Flyway's validate does.
        case refuse
        /// Go on with the pending migrations, and list the edited files in
        /// ``MigrationResult/editedAppliedFiles``: for an app that must launch whatever its
        /// developers did to a file already shipped. Nothing the edit says is applied again, and
        /// documents in an older shape are not brought forward (that would run the edited
        /// steps): such a document can still make the migration refuse, naming it.
        case proceed
    }

    /// Creates a migrator.
    ///
    /// - Parameters:
    ///   - migrations: the app's migrations folder, read and checked.
    ///   - targetSchema: the schema folder of the version to migrate to (its catalog's
    ///     `version` must be that version); `nil` for a migrator that only reports status,
    ///     rolls back or repairs.
    ///   - registry: the Swift functions that `custom` operations name.
    public init(migrations: MigrationSet, targetSchema: URL? = nil, registry: MigrationRegistry = MigrationRegistry()) {
        self.migrations = migrations
        self.targetSchema = targetSchema
        self.registry = registry
    }

    /// The store's version, each migration's state (applied with its checksum verified,
    /// edited, missing, pending) and the problems of the migrations folder; with a target
    /// schema, how it differs from the store's copy when both are at the store's version
    /// (``Store/schemaDrift(from:)``). Reads only.
    public func status(of store: Store) -> MigrationStatus {
        var status = store.migrationStatus(migrations)
        if let targetSchema {
            do {
                status.schemaDrift = try store.schemaDrift(from: targetSchema)
            } catch let error as AlmanacError {
                status.problems.append("\(error.path ?? targetSchema.path): \(error.message)")
            } catch {
                status.problems.append("\(targetSchema.path): \(error)")
            }
        }
        return status
    }

    /// What migrating `store` to `version` (default: the latest) would change, with every
    /// resulting document validated against the target schema. Writes nothing.
    ///
    /// - Throws: `.invalidArgument` when the migrator has no target schema;
    ///   `.invalidMigration` when the migrations have problems (an edited applied file, a
    ///   gap) or the schema folder is at another version; `.migrationFailed` naming the
    ///   document and operation that cannot be applied.
    public func plan(for store: Store, to version: Int? = nil) throws -> MigrationPlan {
        try store.migrationPlan(migrations, targetSchema: try requireTargetSchema(), to: version, registry: registry)
    }

    /// Migrates the store at `url` to `version` (default: the latest migration), all or nothing.
    ///
    /// The pending migrations run as one change: every resulting document is validated
    /// against the target schema (and its unique fields) before anything changes; the new
    /// version is built beside the old one and swapped in. A `kill -9` at any instant leaves
    /// the store wholly at the old or wholly at the new version, and the next open finishes
    /// or undoes the swap. The previous version is kept for ``rollback(storeAt:force:options:)``.
    ///
    /// - Parameters:
    ///   - url: the store's folder.
    ///   - version: the version to migrate to; the latest migration when `nil`.
    ///   - options: how to open the store (the lock timeout applies while another writer works).
    ///   - progress: called now and then during a long run.
    /// - Returns: the versions, the documents changed per step and the time taken; a store
    ///   already at `version` returns a result whose `migrated` is false, with the
    ///   ``MigrationResult/schemaDrift`` of the target schema folder when it differs from the
    ///   store's copy (an edit no migration carries: nothing applies it until one does).
    /// - Throws: `.invalidArgument` when the migrator has no target schema;
    ///   `.invalidMigration` for problems of the migrations or a schema folder at another
    ///   version; `.migrationFailed` naming every document that would be invalid;
    ///   `.locked` when another process writes for longer than the lock timeout. In every
    ///   case the store is at its old version (documents brought forward stay so).
    @discardableResult
    public func migrate(
        storeAt url: URL, to version: Int? = nil, options: Store.Options = Store.Options(),
        progress: (@Sendable (MigrationProgress) -> Void)? = nil
    ) throws -> MigrationResult {
        let targetSchema = try requireTargetSchema()
        // Documents in an older shape would fail the target's validation: bring them forward first.
        var broughtForward: [String] = []
        // Edited applied files gone past (`proceed`): their steps, as they read now, are not
        // run again on documents in an older shape.
        let edited = editedAppliedFiles == .proceed
            ? try Store(at: url, options: options).migrationStatus(migrations).entries.filter { $0.state == .edited }.map(\.name) : []
        if try Store.schemaVersion(at: url) < version ?? migrations.latestVersion, edited.isEmpty {
            broughtForward = try bringForward(storeAt: url, options: options).map(\.path)
        }
        var result = try MigrationRunner.migrate(at: url, migrations: migrations, targetSchema: targetSchema, to: version,
                                       registry: registry, options: options, acceptingEdits: editedAppliedFiles == .proceed, progress: progress)
        result.editedAppliedFiles = edited
        result.broughtForward = broughtForward
        return result
    }

    /// Brings forward the documents a device still on an earlier version of the app wrote after
    /// the store at `url` was migrated (a sync carried them in): each document the current
    /// schema rejects and the applied migrations make valid is saved as they make it, all in
    /// one transaction. ``migrate(storeAt:to:options:progress:)`` does it before migrating.
    ///
    /// Documents carry no version, so a document is judged by the schema: one the current
    /// schema accepts is left alone. Call it after a sync brought in files (or at launch);
    /// `almanac check --fix` and `almanac migrate up` call it.
    ///
    /// - Parameters:
    ///   - url: the store's folder.
    ///   - dryRun: list what would be brought forward without writing.
    ///   - options: how to open the store.
    /// - Returns: one repair of kind `brought-forward` per document, naming its file and the migrations applied.
    /// - Throws: `.invalidMigration` when the migrations are not the ones the store recorded
    ///   (an applied file edited or missing) or need a custom function the registry lacks;
    ///   `.locked` when another writer holds the store; what a save refuses (`.invalidDocument`,
    ///   `.uniqueViolation`, `.ruleViolation`, naming the document); `.storeChanged` when a
    ///   migration swapped the store meanwhile. Files that cannot be read are passed over
    ///   (`Store/check()` reports them).
    @discardableResult
    public func bringForward(storeAt url: URL, dryRun: Bool = false, options: Store.Options = Store.Options()) throws -> [FixReport.Repair] {
        try OlderShapes.bringForward(at: url, migrations: migrations, registry: registry, options: options, dryRun: dryRun)
    }

    /// Restores the version the store at `url` had before its last migration, from the copy
    /// the migration kept: documents, schema and `store.json` come back byte for byte.
    ///
    /// Like a migration it is all or nothing and survives `kill -9`. The kept copy is used
    /// up: a second rollback needs another migration first. It needs no migration files.
    ///
    /// - Parameters:
    ///   - url: the store's folder.
    ///   - force: roll back even though documents were written after the migration (they are lost).
    ///   - options: how to open the store.
    /// - Throws: `.notFound` when no copy was kept; `.rollbackRefused` when documents were
    ///   written since the migration and `force` is false, or the store is no longer at the
    ///   version the copy undoes.
    @discardableResult
    public func rollback(storeAt url: URL, force: Bool = false, options: Store.Options = Store.Options()) throws -> MigrationRollback {
        try RollbackRunner.rollback(at: url, force: force, options: options)
    }

    /// Accepts applied migration files that were edited or removed since they were applied:
    /// records their checksums now (and marks missing files as removed). Changes no document.
    ///
    /// - Returns: one entry per migration whose record changed; empty when all matched.
    /// - Throws: `.invalidMigration` when the migrations folder has other problems (a gap, a
    ///   duplicate number); `.locked` when another writer holds the store.
    @discardableResult
    public func repair(storeAt url: URL, options: Store.Options = Store.Options()) throws -> [MigrationRepair] {
        try MigrationRepairer.repair(at: url, migrations: migrations, options: options)
    }

    private func requireTargetSchema() throws -> URL {
        guard let targetSchema else {
            throw AlmanacError(.invalidArgument, "this migrator has no target schema; create it with Migrator(migrations:targetSchema:) to plan or migrate")
        }
        return targetSchema
    }
}
