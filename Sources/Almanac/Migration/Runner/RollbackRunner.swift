import Foundation

/// Puts the pre-migration copy back (``Migrator/rollback(storeAt:force:options:)``).
struct RollbackRunner {
    let store: Store

    /// The work of ``Migrator/rollback(storeAt:force:options:)``.
    static func rollback(at url: URL, force: Bool, options: Store.Options) throws -> MigrationRollback {
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        return try store.writer.swapVersion { try RollbackRunner(store: store).rollbackVersion(force: force) }
    }

    /// The pre-migration copy to swap in, checked (holding the writers' lock), with the rollback's outcome.
    private func rollbackVersion(force: Bool) throws -> (version: StagedVersion?, outcome: MigrationRollback) {
        let backupPath = ".almanac/\(StoreSwap.backupFolder)"
        guard let backupFolder = try store.writer.rollbackCopy(),
              let recordBytes = try backupFolder.readFile(StoreSwap.backupRecord)
        else {
            throw AlmanacError(.notFound, "there is no migration to roll back: no pre-migration copy is kept (a rollback uses it up, and a store that was never migrated has none)", path: backupPath)
        }
        let backup = try MigrationBackup(bytes: recordBytes)
        let current = try store.reader.versionOnDisk()
        guard current == backup.toVersion else {
            throw AlmanacError(.rollbackRefused, "the kept copy undoes the migration from version \(backup.fromVersion) to \(backup.toVersion), but the store is at version \(current); it cannot be restored", path: backupPath)
        }
        for name in ["data", "schema", Manifest.fileName] where try backupFolder.entryKind(of: name) == nil {
            throw AlmanacError(.io, "the pre-migration copy has no \(name); it cannot be restored", path: backupPath + "/" + name)
        }
        if !force {
            let now = try MigrationBackup.fingerprint(of: try store.writer.createFolders(["data"]))
            guard now == backup.fingerprint else {
                throw AlmanacError(
                    .rollbackRefused,
                    "documents were written after the migration to version \(backup.toVersion); rolling back would lose them. Export what you need, then roll back with force",
                    path: "data").with(.rollbackForce)
            }
        }
        let version = StagedVersion(kind: .rollback, folder: StoreSwap.backupFolder, fromVersion: current, toVersion: backup.fromVersion)
        return (version, MigrationRollback(fromVersion: current, toVersion: backup.fromVersion, migrations: backup.migrations))
    }
}
