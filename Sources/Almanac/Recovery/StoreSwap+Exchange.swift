import Foundation

/// The recovery of a change of version that an earlier Almanac made by exchanging whole
/// folders (its journal records the staged folders' inodes, and no ``VersionChange``): such a
/// journal may still be found in a store that version left, killed mid-swap.
extension StoreSwap {
    /// Finishes or undoes an earlier version's interrupted exchange, by `store.json`'s version.
    static func recoverExchange(root: Directory, journal: MigrationJournal) throws {
        guard let version = try Manifest.current(in: root)?.manifest.schemaVersion else {
            throw AlmanacError(.notAStore, "store.json is missing while a migration was being swapped in; restore the store from a backup", path: Manifest.fileName)
        }
        if version == journal.toVersion {
            let internalFolder = try root.openOrCreateFolder(".almanac").folder
            switch journal.kind {
            case .migrate:
                if try internalFolder.entryKind(of: journal.stagingFolder) == .folder {
                    try internalFolder.removeTree(backupFolder)
                    try internalFolder.rename(journal.stagingFolder, into: internalFolder, as: backupFolder)
                    try internalFolder.synchronize(.barrier)
                }
            case .rollback:
                try internalFolder.removeTree(journal.stagingFolder)
            }
            try finishCleanup(root: root, journal: journal)
        } else if version == journal.fromVersion {
            try undo(root: root, journal: journal)
        } else {
            throw AlmanacError(
                .io,
                "an interrupted \(journal.kind.rawValue) from version \(journal.fromVersion) to \(journal.toVersion) cannot be finished: store.json is at version \(version); restore the store from a backup",
                path: ".almanac/\(MigrationJournal.fileName)")
        }
    }

    /// Puts back every folder swapped in before the commit point, and drops the staged version
    /// of a migration (a rollback's backup stays, ready for another try).
    private static func undo(root: Directory, journal: MigrationJournal) throws {
        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        if let staging = try internalFolder.openFolder(journal.stagingFolder) {
            for (name, inode) in [("data", journal.dataInode), ("schema", journal.schemaInode)] {
                if try root.identity(of: name)?.inode == inode {
                    if try !root.exchangeIfSupported(name, with: staging, name) {
                        // (That version exchanged only where it could, so this is rare: two renames.)
                        try root.rename(name, into: staging, as: name + ".undone")
                        try staging.rename(name, into: root, as: name)
                    }
                    try root.synchronize(.barrier)
                    try staging.synchronize(.barrier)
                }
            }
        }
        if journal.kind == .migrate { try internalFolder.removeTree(journal.stagingFolder) }
        try internalFolder.synchronize(.barrier)
        try internalFolder.removeFile(MigrationJournal.fileName)
        try internalFolder.synchronize(.barrier)
    }

}
