import Foundation

extension Store {
    /// Writes a complete, consistent, independent copy of the store into the new folder `destination`,
    /// while writers carry on.
    ///
    /// The copy is of one instant (a snapshot taken while writers carry on), holds the
    /// documents, attachments, archive, schema, `store.json` and the pre-migration backup that
    /// `rollback` needs, and is a store of its own: open it, `check` it, or copy it back. Files
    /// are copy-on-write clones where the file system has them (APFS, Btrfs, XFS) and plain
    /// copies otherwise, never hard links, so editing a file of the backup in place cannot
    /// change the store. The copy is written beside `destination`, made durable, checked, and
    /// only then renamed into place.
    ///
    /// ```swift
    /// let report = try store.backup(to: backups.appendingPathComponent("2025-02-08"))
    /// ```
    /// - Parameters:
    ///   - destination: a folder that does not exist yet, on any volume.
    ///   - progress: told of each file copied (phase `copying`, its total unknown) and each
    ///     document of the copy checked (phase `checking`).
    /// - Returns: what was written.
    /// - Throws: `.invalidArgument` when `destination` exists or lies inside the store; `.io`;
    ///   `.checkFailed` naming the first problem when the copy does not check clean (then
    ///   nothing is left at `destination`).
    @discardableResult
    public func backup(to destination: URL, progress: ProgressHandler? = nil) throws -> BackupReport {
        try StoreBackup(store: self, progress: progress).backup(to: destination)
    }
}
