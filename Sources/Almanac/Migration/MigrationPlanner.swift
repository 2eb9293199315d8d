import Foundation

/// Runs a migration's transforms in memory, to plan it or to stage it.
struct MigrationPlanner {
    let store: Store

    func migrationPlan(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int? = nil, registry: MigrationRegistry = MigrationRegistry()
    ) throws -> MigrationPlan {
        let prepared = try prepareMigration(migrations, targetSchema: targetSchema, to: version, registry: registry)
        var working = MigrationWorkingSet(store: store)
        var steps: [MigrationPlan.Step] = []
        for migration in prepared.pending {
            steps.append(try working.apply(migration, registry: registry))
        }
        let invalid = try working.validate(against: prepared.catalog, schemaFolder: targetSchema)
        var plan = MigrationPlan(fromVersion: store.schemaVersion, toVersion: prepared.target, steps: steps, invalidDocuments: invalid)
        // A collection's arrival or departure changes no document, so no step shows it.
        var renamed: (from: Set<String>, to: Set<String>) = ([], [])
        for case .renameCollection(let from, let to) in prepared.pending.flatMap(\.operations) {
            renamed.from.insert(from)
            renamed.to.insert(to)
        }
        let before = Set(store.catalog.collections.map(\.name)), after = Set(prepared.catalog.collections.map(\.name))
        plan.collectionsAdded = after.subtracting(before).subtracting(renamed.to).sorted()
        plan.collectionsRemoved = before.subtracting(after).subtracting(renamed.from).sorted()
        if prepared.pending.isEmpty { plan.schemaDrift = try store.schemaDrift(from: targetSchema) }
        return plan
    }

    func prepareMigration(
        _ migrations: MigrationSet, targetSchema: URL, to version: Int?, registry: MigrationRegistry, acceptingEdits: Bool = false
    ) throws -> (target: Int, catalog: Catalog, pending: [MigrationFile]) {
        let problems = store.migrationStatus(migrations).blockingProblems(acceptingEdits: acceptingEdits)
        if let problem = problems.first {
            throw AlmanacError(.invalidMigration, problem + (problems.count > 1 ? " (and \(problems.count - 1) more problems; Migrator.status(of:) lists them)" : ""))
                .with(problems.count > 1 ? .migrationStatus : AlmanacError.Remedy.repairMigrations.appearing(in: problem))
        }
        let target = version ?? migrations.latestVersion
        guard target >= store.schemaVersion, target <= migrations.latestVersion else {
            throw AlmanacError(.invalidArgument, "cannot migrate to version \(target): the store is at \(store.schemaVersion) and the last migration is \(migrations.latestVersion); to go back, use Migrator.rollback(storeAt:)").with(.rollBack)
        }
        let catalog = try Catalog.load(folder: targetSchema)
        guard catalog.version == target else {
            throw AlmanacError(.invalidMigration, "the schema folder is at version \(catalog.version) but the migration target is \(target); migrate to \(catalog.version), or use the schema of version \(target)", path: targetSchema.path)
        }
        guard catalog.app == store.app else {
            throw AlmanacError(.invalidMigration, "the schema folder is for app \(catalog.app) but the store belongs to \(store.app); use schema/\(store.app)", path: targetSchema.path)
        }
        let pending = migrations.migrations(after: store.schemaVersion, upTo: target)
        for migration in pending { try registry.requireFunctions(for: migration.operations) }
        return (target, catalog, pending)
    }
}
