import Foundation

extension Store {
    /// Puts a backup (a folder written by ``Store/backup(to:progress:)``, or an export file) in place of the
    /// store at `url` in one atomic step, and keeps the replaced store beside it.
    ///
    /// The backup must `check` clean, be of the store's app, and be readable by this code (a
    /// backup newer than it is refused). It is copied beside the store (clones where the file
    /// system has them), made durable, and exchanged with the store under the store's write
    /// lock (`renameat2(RENAME_EXCHANGE)` / `renameatx_np(RENAME_SWAP)`): at every instant the
    /// store's path holds either the old store or the restored one, whatever kills the process.
    /// The old store is then renamed `<name>.replaced-<time>`, where it stays until a person
    /// removes it. A process that still has the old store open keeps writing to that copy.
    ///
    /// ```swift
    /// let report = try Store.restore(from: backups.appendingPathComponent("2025-02-08"), to: storeURL)
    /// print("the replaced store is kept at", report.replaced?.path ?? "-")
    /// ```
    /// - Parameters:
    ///   - backup: a backup's folder or an export file.
    ///   - url: the store to replace (it may not exist yet).
    ///   - options: how to open the stores (lock timeout, the newest version this code reads).
    ///   - progress: told of the backup's documents checked (phase `checking`) and files
    ///     copied (`copying`), or of an export's documents imported and checked.
    /// - Throws: `.checkFailed` for a backup that does not check clean; `.invalidArgument` for a
    ///   backup of another app, or one inside the store; `.storeTooNew`; `.locked`; `.io`.
    @discardableResult
    public static func restore(from backup: URL, to url: URL, options: Options = Options(), progress: ProgressHandler? = nil) throws -> RestoreReport {
        try StoreRestorer.restore(from: backup, to: url, options: options, progress: progress)
    }
}
