import Foundation

/// Puts the pre-migration copy back (``Migrator/rollback(storeAt:force:options:)``).
struct RollbackRunner {
    let store: Store

    /// The work of ``Migrator/rollback(storeAt:force:options:)``.
    static func rollback(at url: URL, force: Bool, options: Store.Options) throws -> MigrationRollback {
        let store = try Store(at: url, options: options)
        defer { store.finishWriting() }
        let rollback = try store.writer.swapVersion { try RollbackRunner(store: store).rollbackVersion(force: force) }
        // The index put back with the old version is brought up to date with the folders and
        // written, so that the next read checks signatures and reads no returned file.
        (try? Store(at: url, options: options))?.reader.leaveFolderIndexes(trusting: [], fromScratch: false)
        return rollback
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
        let change: VersionChange
        if let changesName = backup.changes {
            change = try undoing(backup, changesName, in: backupFolder, force: force)
        } else {
            change = try undoingWholeCopy(backup, in: backupFolder, force: force)
        }
        try store.writer.carryCalendar(into: change.incoming.isEmpty ? backupFolder : try backupFolder.openFolder(change.incoming))
        let version = StagedVersion(kind: .rollback, folder: StoreSwap.backupFolder, changes: Self.changesRecord, change: change,
                                    fromVersion: current, toVersion: backup.fromVersion)
        return (version, MigrationRollback(fromVersion: current, toVersion: backup.fromVersion, migrations: backup.migrations))
    }

    /// The rollback's record of changes, in the backup folder.
    static let changesRecord = "rollback-changes.json"
    /// The folder of the backup that receives what the rollback takes out (removed with the backup).
    static let undone = "undone"

    /// The change that undoes a migration's ``VersionChange``: what it moved in goes out,
    /// what it moved out comes back, and nothing else is touched (as a rollback journal keeps
    /// only what its transaction changed). Refused, unless `force`, when a file it wrote no
    /// longer holds what it wrote (read and compared, not judged by inode: a copy of the
    /// store changes those), or when a writer committed since.
    private func undoing(_ backup: MigrationBackup, _ changesName: String, in backupFolder: Directory, force: Bool) throws -> VersionChange {
        let backupPath = ".almanac/\(StoreSwap.backupFolder)"
        guard let bytes = try backupFolder.readFile(changesName) else {
            throw AlmanacError(.io, "the pre-migration copy has no \(changesName); it cannot be restored", path: backupPath + "/" + changesName)
        }
        let migration = try VersionChange(bytes: bytes, path: backupPath + "/" + changesName)
        for name in ["schema", Manifest.fileName] where try backupFolder.openFolder(migration.outgoing)?.entryKind(of: name) == nil {
            throw AlmanacError(.io, "the pre-migration copy has no \(name); it cannot be restored", path: "\(backupPath)/\(migration.outgoing)/\(name)")
        }
        if !force {
            var rewritten: String?
            for (path, digest) in migration.written.sorted(by: { $0.key < $1.key }) {
                guard let parts = VersionChange.components(path) else { continue }
                let bytes = try store.reader.openFolders(Array(parts.dropLast()))?.readFile(parts[parts.count - 1])
                if bytes.map(SHA256.hex) != digest {
                    rewritten = path
                    break
                }
            }
            if let rewritten {
                throw AlmanacError(
                    .rollbackRefused,
                    "documents the migration to version \(backup.toVersion) wrote were changed since (\(rewritten) among them); rolling back would lose those changes. Export what you need, then roll back with force",
                    path: rewritten).with(.rollbackForce)
            }
            if let commits = backup.commits, commits != store.reader.clock.now() {
                throw AlmanacError(
                    .rollbackRefused,
                    "documents were written after the migration to version \(backup.toVersion); a rollback keeps those it did not change as they are, but the schema of version \(backup.fromVersion) may refuse them (a check of the store lists any). Export what you need, then roll back with force",
                    path: "data").with(.rollbackForce)
            }
        }
        let previous = Set(backup.previousFolders ?? [])
        return VersionChange(incoming: migration.outgoing, outgoing: Self.undone,
                             movedOut: migration.movedIn + migration.folders.filter { !previous.contains($0) },
                             movedIn: migration.movedOut, folders: backup.previousFolders ?? [])
    }

    /// The change that puts back a whole copy an earlier version kept (`data/`, `schema/`,
    /// `store.json` in the backup folder), refused, unless `force`, when `data/` changed since.
    private func undoingWholeCopy(_ backup: MigrationBackup, in backupFolder: Directory, force: Bool) throws -> VersionChange {
        let backupPath = ".almanac/\(StoreSwap.backupFolder)"
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
        return VersionChange(incoming: "", outgoing: Self.undone, movedOut: ["data", "schema"], movedIn: ["data", "schema"], folders: [])
    }
}
