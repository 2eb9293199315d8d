import Foundation

/// A migration's new version, staged in `.almanac/migration-<pid>-<n>/` and not yet swapped in; or
/// nothing, when the store is at the target version already (with how the target schema folder
/// differs from the store's copy, when it does).
enum StagedMigration {
    case nothingPending(drift: SchemaDrift?)
    case staged(prepared: (target: Int, catalog: Catalog, pending: [MigrationFile]), steps: [MigrationPlan.Step],
                staging: (name: String, folder: Directory), outcome: MigrationStager.Outcome)
}

/// What a run of `migrate` was asked to do, kept across its attempts.
struct MigrationWork {
    var migrations: MigrationSet
    var targetSchema: URL
    var version: Int?
    var registry: MigrationRegistry
    /// Whether applied files edited since go on (``Migrator/EditedAppliedFiles/proceed``).
    var acceptingEdits = false
    var started: Date
    var progress: (@Sendable (MigrationProgress) -> Void)?
}
