import Foundation

extension Store {
    /// The work of ``Migrator/rollback(storeAt:force:options:)``.
    @discardableResult
    static func rollbackMigration(at url: URL, force: Bool = false, options: Options = Options()) throws -> MigrationRollback {
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        return try store.writer.withWriteLock { try store.rollbackHoldingLock(force: force, $0) }
    }

    private func rollbackHoldingLock(force: Bool, _ state: StoreState) throws -> MigrationRollback {
        let backupPath = ".almanac/\(StoreSwap.backupFolder)"
        guard let backupFolder = try reader.openFolders([".almanac", StoreSwap.backupFolder]),
              let recordBytes = try backupFolder.readFile(StoreSwap.backupRecord)
        else {
            throw AlmanacError(.notFound, "there is no migration to roll back: no pre-migration copy is kept (a rollback uses it up, and a store that was never migrated has none)", path: backupPath)
        }
        let backup = try MigrationBackup(bytes: recordBytes)
        let current = try reader.versionOnDisk()
        guard current == backup.toVersion else {
            throw AlmanacError(.rollbackRefused, "the kept copy undoes the migration from version \(backup.fromVersion) to \(backup.toVersion), but the store is at version \(current); it cannot be restored", path: backupPath)
        }
        for name in ["data", "schema", Manifest.fileName] where try backupFolder.entryKind(of: name) == nil {
            throw AlmanacError(.io, "the pre-migration copy has no \(name); it cannot be restored", path: backupPath + "/" + name)
        }
        if !force {
            let now = try MigrationBackup.fingerprint(of: try writer.createFolders(["data"]))
            guard now == backup.fingerprint else {
                throw AlmanacError(
                    .rollbackRefused,
                    "documents were written after the migration to version \(backup.toVersion); rolling back would lose them. Export what you need, then roll back with force",
                    path: "data").with(.rollbackForce)
            }
        }
        guard let dataInode = try backupFolder.identity(of: "data")?.inode, let schemaInode = try backupFolder.identity(of: "schema")?.inode else {
            throw AlmanacError(.io, "the pre-migration copy is incomplete", path: backupPath)
        }
        let journal = MigrationJournal(kind: .rollback, fromVersion: current, toVersion: backup.fromVersion,
                                       stagingFolder: StoreSwap.backupFolder, dataInode: dataInode, schemaInode: schemaInode)
        writer.dropCaches(state)
        state.pendingHints.removeAll()
        try StoreSwap.commit(root: root, journal: journal)
        return MigrationRollback(fromVersion: current, toVersion: backup.fromVersion, migrations: backup.migrations)
    }
}
