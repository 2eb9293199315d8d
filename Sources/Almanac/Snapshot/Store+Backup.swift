import Foundation

extension Store {
    /// Writes a complete, consistent, independent copy of the store into the new folder `destination`,
    /// while writers carry on.
    ///
    /// The copy is of one instant (a snapshot taken under the writers' lock), holds the
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
    /// - Parameter destination: a folder that does not exist yet, on any volume.
    /// - Returns: what was written.
    /// - Throws: `.invalidArgument` when `destination` exists or lies inside the store; `.io`;
    ///   `.checkFailed` naming the first problem when the copy does not check clean (then
    ///   nothing is left at `destination`).
    @discardableResult
    public func backup(to destination: URL) throws -> BackupReport {
        let target = destination.standardizedFileURL
        let storePath = url.standardizedFileURL.path
        guard target.path != storePath, !target.path.hasPrefix(storePath + "/") else {
            throw AlmanacError(.invalidArgument, "a backup cannot go inside the store it copies; choose a folder outside it", path: destination.path)
        }
        if FileManager.default.fileExists(atPath: target.path) {
            throw AlmanacError(.invalidArgument, "already exists; back up into a new folder (a backup never replaces anything)", path: destination.path)
        }
        let parentPath = target.deletingLastPathComponent().path
        let parent: Directory
        do {
            parent = try Directory.openRoot(atPath: parentPath)
        } catch let error as AlmanacError {
            throw error.prefixed("the backup's parent folder cannot be opened (create it first): ")
        }
        let snapshot = try makeSnapshot(includingRollbackBackup: true)
        defer { snapshot.remove() }
        let staging = Directory.temporaryName(for: target.lastPathComponent)
        do {
            let copyRoot = try parent.openOrCreateFolder(staging, synchronize: false).folder
            // The copy keeps the store's data protection class: its files inherit the folder's.
            try FileProtection.inForce(at: root.descriptor)?.apply(toFolderAt: parentPath + "/" + staging)
            var files = 0
            var cloned = 0
            let volumeSync = Directory.canSynchronizeFileSystem
            let copier = TreeCopier { from, name, into in
                if try from.cloneOrCopy(name, into: into, as: name) == .clone { cloned += 1 }
                files += 1
                if !volumeSync { try into.flushFile(name) }
            }
            try snapshot.copy(into: copyRoot, using: copier)
            try snapshot.confirmRead()
            // Durable before it is checked and named: one volume sync, or every file and folder flushed.
            if volumeSync { try copyRoot.synchronizeStagedTree() } else { try copyRoot.synchronizeTree() }
            let report = try Store(at: URL(fileURLWithPath: parentPath).appendingPathComponent(staging), options: Options(lockTimeout: 0)).check()
            guard report.isClean else {
                let first = report.problems.first { $0.severity == .error }
                throw AlmanacError(
                    .checkFailed,
                    "the copy does not check clean (\(first.map { "\($0.path): \($0.message)" } ?? "")); run Store.check() on the store, repair it, and back up again",
                    path: first?.path).with(.checkStore)
            }
            try parent.rename(staging, into: parent, as: target.lastPathComponent)
            try parent.synchronize(.full)
            return BackupReport(url: target, documents: report.documentsChecked, files: files, cloned: cloned)
        } catch let error as AlmanacError {
            _ = try? parent.removeTree(staging)
            throw error.concerningOutsideFile(destination.path, writing: true)
        } catch {
            _ = try? parent.removeTree(staging)
            throw error
        }
    }
}
