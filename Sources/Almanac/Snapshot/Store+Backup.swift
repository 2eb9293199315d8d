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
    /// only then renamed into place. It is kept whatever the check finds: damaged files,
    /// conflict copies and unknown files are copied as they stand (editors' and volumes' files
    /// are not), and ``BackupReport/check`` lists what the copy holds that needs a person.
    ///
    /// ```swift
    /// let report = try store.backup(to: backups.appendingPathComponent("2025-02-08"))
    /// ```
    /// - Parameters:
    ///   - destination: a folder that does not exist yet, on any volume.
    ///   - progress: told of each file copied (phase `copying`, its total unknown) and each
    ///     document of the copy checked (phase `checking`).
    /// - Returns: what was written, with what a check of the copy found.
    /// - Throws: `.invalidArgument` when `destination` exists or lies inside the store; `.io`
    ///   (then nothing is left at `destination`).
    @discardableResult
    public func backup(to destination: URL, progress: ProgressHandler? = nil) throws -> BackupReport {
        try StoreBackup(store: self, progress: progress).backup(to: destination)
    }
}
