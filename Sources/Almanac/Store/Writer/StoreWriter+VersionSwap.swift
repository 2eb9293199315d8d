import Foundation

/// A change of the store's version — what changes in `data/`, with `schema/` and
/// `store.json` — staged in a folder of `.almanac/` for ``StoreWriter/swapVersion(_:)``: a
/// migration's result, or what a rollback puts back.
struct StagedVersion {
    var kind: MigrationJournal.Kind
    /// The staging folder's name in `.almanac/`.
    var folder: String
    /// The file of the staging folder holding the ``VersionChange``.
    var changes: String
    /// The change itself: written to ``changes`` before the journal, and carried out from
    /// memory (recovery reads it back from the file).
    var change: VersionChange
    var fromVersion: Int
    var toVersion: Int
    /// What this device's history (`.almanac/history.json`) records of the swap, once it is in, still holding the lock.
    var history: [String: JSONValue]?
    /// A migration's backup record, given the commit clock as the change leaves it: written
    /// into the staging folder as `backup.json` just before the journal.
    var backupRecord: ((UInt64) throws -> [UInt8])?
}

/// Swapping a whole version in: the writer's commit of a migration or a rollback (DESIGN §5).
/// The staging folder is the writer's to name, create and discard; what goes in it is the
/// migration's.
extension StoreWriter {
    /// A new staging folder in `.almanac/`, for a version staged without the writers' lock
    /// (each process stages in a folder of its own); stagings of killed processes are swept first.
    func newStagingFolder() throws -> (name: String, folder: Directory) {
        let internalFolder = try createFolders([".almanac"])
        try StoreSwap.sweepAbandonedStagings(in: internalFolder)
        let name = StoreSwap.newStagingFolder()
        // Flushed with the staging folder's other entries once it is filled (``finishStaging(_:)``).
        return (name, try internalFolder.openOrCreateFolder(name, synchronize: false).folder)
    }

    /// Makes the staging folder's own entry in `.almanac/` durable, once it is filled.
    func finishStaging(_ name: String) throws {
        try createFolders([".almanac"]).synchronize(.barrier)
    }

    /// Removes the staging folder `name` of a version that will not be swapped in (best effort:
    /// the next migration sweeps what is left).
    func discardStaging(_ name: String) {
        guard !StoreSwap.isPending(root: root), let internalFolder = try? reader.openFolders([".almanac"]) else { return }
        if (try? internalFolder.removeTree(name)) == true { try? internalFolder.synchronize(.barrier) }
    }

    /// The pre-migration copy a rollback puts back, when there is one.
    func rollbackCopy() throws -> Directory? {
        try reader.openFolders([".almanac", StoreSwap.backupFolder])
    }

    /// Runs `stage` holding the writers' lock, then puts in place the version it returns.
    ///
    /// - Parameter stage: checks the store is as the version was staged for (or stages it
    ///   now) and returns the version to swap in, with the outcome to return; a `nil` version
    ///   leaves the store as it is.
    func swapVersion<T>(_ stage: () throws -> (version: StagedVersion?, outcome: T)) throws -> T {
        try withWriteLock { state in
            let staged = try stage()
            guard let version = staged.version else { return staged.outcome }
            let path = ".almanac/\(version.folder)"
            guard let staging = try reader.openFolders([".almanac", version.folder]) else {
                throw AlmanacError(.io, version.kind == .rollback
                    ? "the pre-migration copy vanished; it cannot be restored"
                    : "the staged version vanished; run the migration again", path: path)
            }
            try staging.writeFile(version.changes, try version.change.recordBytes(), folderFlush: .barrier)
            let journal = MigrationJournal(kind: version.kind, fromVersion: version.fromVersion, toVersion: version.toVersion,
                                           stagingFolder: version.folder, changes: version.changes)
            // Every document may move: what this store remembers of the old version goes.
            dropCaches(state)
            state.pendingHints.removeAll()
            if let record = version.backupRecord {
                try staging.writeFile(StoreSwap.backupRecord, try record(clock.now()), folderFlush: .barrier)
            }
            try StoreSwap.commit(root: root, journal: journal, change: version.change)
            if let history = version.history { DeviceHistory.record(version.kind.rawValue, history, root: root) }
            return staged.outcome
        }
    }
}
