#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A private, read-only picture of a store at one instant: its files hard-linked into
/// `.almanac/snapshots/<pid>-<n>/`, taken under the writers' lock.
///
/// Writers never change a file in place (each save writes a new file and renames it over the
/// old name), so a link keeps the bytes it was made with while writers carry on; the picture
/// costs one link per file and no copy. Where the file system has no hard links the files are
/// copied instead, still under the lock. Only Almanac reads a snapshot, and it is removed when
/// done, so a person's editor never writes through one of its links.
struct StoreSnapshot {
    /// The snapshot's folder, a store of its own (store.json, schema/, data/, archive/); on a
    /// read-only volume, the store's own folder.
    let url: URL
    /// Where the picture is kept and under which name; `nil` for a store on a read-only
    /// volume, which nothing can change, so the store is its own picture.
    private let kept: (parent: Directory, name: String)?

    static let folderName = "snapshots"

    fileprivate init(url: URL, kept: (parent: Directory, name: String)?) {
        self.url = url
        self.kept = kept
    }

    /// Whether the snapshot is the store itself, on a read-only volume.
    var isStoreItself: Bool { kept == nil }

    /// The snapshot opened as a store, for reading.
    func open() throws -> Store {
        var options = Store.Options(lockTimeout: 0)
        options.isSnapshot = true
        return try Store(at: url, options: options)
    }

    /// Copies the snapshot's store files into `target` with `copier` (none of the store's
    /// own bookkeeping: locks, journals, id hints, other snapshots).
    func copy(into target: Directory, using copier: TreeCopier) throws {
        let source = try Directory.openRoot(atPath: url.path)
        if isStoreItself {
            try Store.copyStoreFiles(of: source, into: target, using: copier, collections: nil, includingRollbackBackup: true)
        } else {
            try copier.copyContents(of: source, into: target)
        }
    }

    /// Removes the snapshot.
    func remove() {
        guard let kept else { return }
        _ = try? kept.parent.removeTree(kept.name)
    }
}

extension Store {
    /// Takes a snapshot of the store's documents, schema and manifest (and, with
    /// `includingRollbackBackup`, the pre-migration backup kept for `rollback`).
    ///
    /// On a read-only volume (a mounted disk image, a read-only share) no writer can change
    /// the store, and no snapshot can be made there: the store itself is the snapshot.
    /// - Parameter collections: the collections whose documents are needed; `nil` for all.
    func makeSnapshot(collections: Set<String>? = nil, includingRollbackBackup: Bool = false) throws -> StoreSnapshot {
        do {
            return try linkedSnapshot(collections: collections, includingRollbackBackup: includingRollbackBackup)
        } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == EROFS {
            return StoreSnapshot(url: url, kept: nil)
        }
    }

    private func linkedSnapshot(collections: Set<String>?, includingRollbackBackup: Bool) throws -> StoreSnapshot {
        try withWriteLock(reading: true) { _ in
            let snapshots = try createFolders([".almanac", StoreSnapshot.folderName])
            Store.removeSnapshotsOfDeadProcesses(in: snapshots)
            let name = "\(getpid())-\(instanceID)-\(tokenCounter.next())"
            let target = try snapshots.openOrCreateFolder(name, synchronize: false).folder
            do {
                let copier = TreeCopier { source, file, folder in
                    try source.linkOrCopy(file, into: folder, as: file, flush: nil)
                }
                try Store.copyStoreFiles(of: root, into: target, using: copier, collections: collections,
                                         includingRollbackBackup: includingRollbackBackup)
            } catch {
                _ = try? snapshots.removeTree(name)
                throw error
            }
            return StoreSnapshot(url: url.appendingPathComponent(".almanac/\(StoreSnapshot.folderName)/\(name)"), kept: (snapshots, name))
        }
    }

    /// Copies what makes the store at `root` a store into `target`: `store.json`, `schema/`,
    /// the documents of `collections` (`nil`: all, with `archive/` and the editor settings), and with
    /// `includingRollbackBackup` the pre-migration copy kept for `rollback`.
    static func copyStoreFiles(of root: Directory, into target: Directory, using copier: TreeCopier,
                               collections: Set<String>?, includingRollbackBackup: Bool) throws {
        try copier.copyFile(Manifest.fileName, from: root, to: target)
        if let schema = try root.openFolder("schema") { try copier.copyTree(schema, into: target, as: "schema") }
        if let data = try root.openFolder("data") {
            // A collection is its folder, or for a singleton its `<name>.json`.
            try copier.copyContents(of: data, into: try target.openOrCreateFolder("data", synchronize: false).folder) { entry in
                let singleton = entry.kind == .file && entry.name.hasSuffix(".json")
                guard singleton || entry.kind == .folder else { return false }
                return collections?.contains(singleton ? String(entry.name.dropLast(5)) : entry.name) ?? true
            }
        }
        if collections == nil, let archive = try root.openFolder("archive") { try copier.copyTree(archive, into: target, as: "archive") }
        if collections == nil, let editor = try root.openFolder(EditorSettings.folderName) {
            try copier.copyTree(editor, into: target, as: EditorSettings.folderName)
        }
        if includingRollbackBackup, let internalFolder = try root.openFolder(".almanac"),
           let backup = try internalFolder.openFolder(StoreSwap.backupFolder) {
            let copy = try target.openOrCreateFolder(".almanac", synchronize: false).folder
            try copier.copyTree(backup, into: copy, as: StoreSwap.backupFolder)
        }
    }

    /// Removes snapshots left by processes killed while exporting or backing up.
    private static func removeSnapshotsOfDeadProcesses(in folder: Directory) {
        for entry in (try? folder.entries()) ?? [] {
            guard let pid = Int32(entry.name.prefix(while: { $0 != "-" })), pid != getpid(), SystemCall.processIsGone(pid) else { continue }
            _ = try? folder.removeTree(entry.name)
        }
    }
}
