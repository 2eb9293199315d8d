import Foundation

/// Copies a store, from one picture of it, into a new folder (``Store/backup(to:progress:)``).
struct StoreBackup {
    let store: Store
    var progress: ProgressHandler?

    @discardableResult
    func backup(to destination: URL) throws -> BackupReport {
        let target = destination.standardizedFileURL
        let storePath = store.url.standardizedFileURL.path
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
        let staging = Directory.temporaryName(for: target.lastPathComponent)
        do {
            var files = 0
            var cloned = 0
            let volumeSync = Directory.canSynchronizeFileSystem
            let copying = ProgressCounter(progress, phase: "copying", total: 0, unit: "files")
            let copier = TreeCopier { from, name, into, newName in
                do {
                    if try from.cloneOrCopy(name, into: into, as: newName) == .clone { cloned += 1 }
                } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == ENOENT {
                    // Removed or moved by a commit since its folder was listed: that commit
                    // moved the clock, so the copy is made again.
                    return
                }
                files += 1
                copying?.advance()
                if !volumeSync { try into.flushFile(newName) }
            }
            // Copied straight from the store: the copy is the picture (clones where the file
            // system can, never a link), made again from scratch when a commit overtook it.
            var copyRoot: Directory?
            try SnapshotTaker(store: store).copyStore(using: copier, begin: {
                (files, cloned) = (0, 0)
                let folder = try parent.openOrCreateFolder(staging, synchronize: false).folder
                // The copy keeps the store's data protection class: its files inherit the folder's.
                try FileProtection.inForce(at: store.root.descriptor)?.apply(toFolderAt: parentPath + "/" + staging)
                copyRoot = folder
                return folder
            }, discard: {
                _ = try? parent.removeTree(staging)
            })
            guard let copyRoot else { throw AlmanacError(.io, "the backup's copy was not made", path: destination.path) }
            // Durable before it is checked and named: one volume sync, or every file and folder flushed.
            if volumeSync { try copyRoot.synchronizeStagedTree() } else { try copyRoot.synchronizeTree() }
            // A damaged store is the one a person most needs to copy away before repairing it:
            // the copy is kept whatever its check finds, and the report says what that is.
            let report = try Store(at: URL(fileURLWithPath: parentPath).appendingPathComponent(staging), options: Store.Options(lockTimeout: 0))
                .check(progress: progress)
            try parent.rename(staging, into: parent, as: target.lastPathComponent)
            try parent.synchronize(.full)
            return BackupReport(url: target, documents: report.documentsChecked, files: files, cloned: cloned, check: report)
        } catch let error as AlmanacError {
            _ = try? parent.removeTree(staging)
            throw error.concerningOutsideFile(destination.path, writing: true)
        } catch {
            _ = try? parent.removeTree(staging)
            throw error
        }
    }
}
