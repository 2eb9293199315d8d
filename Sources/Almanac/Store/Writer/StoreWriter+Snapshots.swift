extension StoreWriter {
    /// The folder of `.almanac/` where pictures of the store are linked for backups and exports.
    static let snapshotsFolderName = "snapshots"

    /// `.almanac/snapshots/`, made on first use: this device's scratch space for pictures of
    /// the store, never part of a change.
    func snapshotsFolder() throws -> Directory {
        try createFolders([".almanac", StoreWriter.snapshotsFolderName])
    }
}
