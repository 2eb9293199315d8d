import Foundation

/// Replaces a store by a backup or an export, checked first, in one exchange, or in steps that
/// recovery finishes where the file system has none (``Store/restore(from:to:options:progress:)``).
enum StoreRestorer {
    @discardableResult
    static func restore(from backup: URL, to url: URL, options: Store.Options = Store.Options(), progress: ProgressHandler? = nil) throws -> RestoreReport {
        let target = url.standardizedFileURL
        let parentURL = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        let parent: Directory
        do {
            parent = try Directory.openRoot(atPath: parentURL.path)
        } catch let error as AlmanacError {
            throw error.prefixed("the store's parent folder cannot be opened: ")
        }
        StoreRecovery.keepStoresReplacedByInterruptedRestores(of: name, in: parent)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: backup.path, isDirectory: &isFolder), isFolder.boolValue,
           FileManager.default.fileExists(atPath: target.path) {
            let (theirs, ours) = (try Store.app(at: backup), try Store.app(at: target))
            guard theirs == ours else {
                throw AlmanacError(.invalidArgument, "the backup is of \(theirs), the store of \(ours); restore it into a new folder instead", path: backup.path)
            }
        }
        let staging = Directory.temporaryName(for: name)
        let stagingURL = parentURL.appendingPathComponent(staging)
        // The restored store gets the class asked for, else the one of the store it replaces.
        var options = options
        if options.fileProtection == nil, let replaced = try? Directory.openRoot(atPath: target.path),
           let protection = FileProtection.inForce(at: replaced.descriptor) {
            options.fileProtection = protection
        }
        do {
            let restored = try stage(backup, at: stagingURL, into: parent, staging: staging, options: options, progress: progress)
            let kept = "\(name).replaced-\(Timestamp.format(Date()).replacingOccurrences(of: ":", with: "-"))"
            guard FileManager.default.fileExists(atPath: target.path) else {
                try parent.rename(staging, into: parent, as: name)
                try parent.synchronize(.full)
                return RestoreReport(store: target, replaced: nil, documents: restored)
            }
            let current = try Store(at: target, options: options)
            guard current.app == (try Store(at: stagingURL, options: options)).app else {
                throw AlmanacError(.invalidArgument, "the backup is of another app than the store (\(current.app)); restore it into a new folder instead", path: backup.path)
            }
            try current.writer.replaceStore(named: name, by: staging, in: parent, keepingOldAs: kept)
            current.finishWriting()
            StoreRecovery.unmarkRestored(at: target)
            return RestoreReport(store: target, replaced: parentURL.appendingPathComponent(kept), documents: restored)
        } catch {
            if StoreRecovery.isRestoreStaging(stagingURL) {
                try? FileManager.default.removeItem(at: stagingURL)
            }
            throw error
        }
    }

    /// Copies `backup` to the staging folder, marks it, checks it, and returns its document count.
    private static func stage(
        _ backup: URL, at stagingURL: URL, into parent: Directory, staging: String, options: Store.Options, progress: ProgressHandler?
    ) throws -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: backup.path, isDirectory: &isFolder) else {
            throw AlmanacError(.notFound, "does not exist; give a backup's folder (Store.backup(to:)) or an export file", path: backup.path).with(.backupStore)
        }
        if isFolder.boolValue {
            let source = try Store(at: backup, options: options)
            // A backup this code could read but not write would become a store it cannot write.
            if let refusal = source.writer.writeRefusal { throw refusal.at(path: backup.path) }
            let report = try source.check(progress: progress)
            guard report.isClean else {
                let first = report.problems.first { $0.severity == .error }
                throw AlmanacError(.checkFailed, "the backup does not check clean (\(first.map { "\($0.path): \($0.message)" } ?? "")); it is not restored", path: backup.path)
            }
            let copyRoot = try parent.openOrCreateFolder(staging, synchronize: false).folder
            try options.fileProtection?.apply(toFolderAt: stagingURL.path)
            try StoreRecovery.markAsRestoreStaging(copyRoot, flush: nil)
            let copying = ProgressCounter(progress, phase: "copying", total: 0, unit: "files")
            let copier = TreeCopier { from, file, into, newName in
                _ = try from.cloneOrCopy(file, into: into, as: newName)
                copying?.advance()
            }
            try Store.copyStoreFiles(of: source.root, into: copyRoot, using: copier, collections: nil, includingRollbackBackup: true)
            try copyRoot.synchronizeStagedTree()
            TestHooks.crashPoint("restore", "after-staging")
            return report.documentsChecked
        }
        var importOptions = options
        importOptions.isStaging = true
        let summary = try Store.importExport(from: backup, into: stagingURL, options: importOptions, progress: progress)
        let copyRoot = try Directory.openRoot(atPath: stagingURL.path)
        try StoreRecovery.markAsRestoreStaging(copyRoot, flush: .barrier)
        let report = try Store(at: stagingURL, options: options).check(progress: progress)
        guard report.isClean else {
            throw AlmanacError(.checkFailed, "the export does not make a store that checks clean; it is not restored", path: backup.path)
        }
        try copyRoot.synchronizeStagedTree()
        TestHooks.crashPoint("restore", "after-staging")
        return summary.documents
    }
}
