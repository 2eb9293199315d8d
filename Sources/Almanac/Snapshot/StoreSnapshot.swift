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
    /// The errors that make a reader read the store in place, holding writers off, rather than
    /// make a picture inside it: a denial (another user's store), a full disk or quota.
    static let readsInPlace: Set<Int32> = [EACCES, EPERM, ENOSPC, EDQUOT]

    /// The snapshot's folder, a store of its own (store.json, schema/, data/, archive/); on a
    /// read-only volume, the store's own folder.
    let url: URL
    /// Where the picture is kept and under which name; `nil` for a store on a read-only
    /// volume, which nothing can change, so the store is its own picture.
    private let kept: (parent: Directory, name: String)?
    /// The shared lock on `.almanac/lock` that holds writers off while the store itself is read
    /// (a store this user may read but not write); released by ``remove()``.
    private let sharedLock: Int32?
    /// For a store no writer has ever written (no `.almanac/`, so no lock to share) read by a
    /// user who may not write it: the store root, to confirm after the read that no writer began.
    private let unguardedRoot: Directory?

    static let folderName = StoreWriter.snapshotsFolderName

    fileprivate init(url: URL, kept: (parent: Directory, name: String)?, sharedLock: Int32? = nil, unguardedRoot: Directory? = nil) {
        self.url = url
        self.kept = kept
        self.sharedLock = sharedLock
        self.unguardedRoot = unguardedRoot
    }

    /// Confirms that what was read is one state: for a store read without a lock because no
    /// writer had ever written it, that none began meanwhile (a first writer makes `.almanac/lock`
    /// before it writes anything).
    ///
    /// - Throws: `.locked` when a writer began during the read; read again.
    func confirmRead() throws {
        guard let unguardedRoot, (try? unguardedRoot.entryKind(of: ".almanac/lock")) != nil else { return }
        throw AlmanacError(.locked, "a writer began writing the store while it was read, so the copy may mix two states; nothing was kept — read it again", path: ".almanac")
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

    /// Removes the snapshot (or lets writers in again, when the store itself was read).
    func remove() {
        if let sharedLock {
            flock(sharedLock, LOCK_UN)
            close(sharedLock)
        }
        guard let kept else { return }
        // Flushed, so no power cut brings a removed picture back (the sweep of dead processes' pictures would remove it).
        if (try? kept.parent.removeTree(kept.name)) == true { try? kept.parent.synchronize(.barrier) }
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
        } catch let error as AlmanacError where StoreSnapshot.readsInPlace.contains((error.underlying as? POSIXFailure)?.errno ?? 0) {
            // No picture can be made inside the store (another user's, or a full disk): the
            // store itself is read, holding writers off. A store on a full disk is still copied off it.
            return try sharedSnapshot(deniedBy: error)
        }
    }

    /// The store itself as the picture, for a user who may read it but not write it (another
    /// user's store, a folder shared read-only): no snapshot can be made inside it, so a shared
    /// `flock` on `.almanac/lock` holds writers off until ``StoreSnapshot/remove()``. Writers
    /// take that lock exclusively, so the reader still sees one committed state, whole.
    ///
    /// - Throws: the original denial when even the lock cannot be opened for reading;
    ///   `.locked` when a writer keeps it past the lock timeout; `.io` when a writer was cut
    ///   mid-change, which only a user who may write the store can finish.
    private func sharedSnapshot(deniedBy denial: AlmanacError) throws -> StoreSnapshot {
        // Never written: no lock exists to share. Read it as it is, and confirm afterwards
        // (``StoreSnapshot/confirmRead()``) that no first writer began meanwhile.
        guard let folder = try root.openFolder(".almanac") else { return StoreSnapshot(url: url, kept: nil, unguardedRoot: root) }
        let fd = SystemCall.retryingInterrupts { openat(folder.descriptor, "lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        if fd < 0, SystemCall.errno == ENOENT { return StoreSnapshot(url: url, kept: nil, unguardedRoot: root) }
        guard fd >= 0 else { throw denial }
        let deadline = Date().addingTimeInterval(options.lockTimeout)
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            guard SystemCall.errno == EWOULDBLOCK, Date() < deadline else {
                close(fd)
                throw AlmanacError(.locked, "a writer holds the store, and this user, who may read it but not write it, waited \(options.lockTimeout) s for it to finish; retry, or wait longer (a longer lock timeout)",
                                   path: ".almanac/lock").with(.longerLockTimeout)
            }
            usleep(10_000)
        }
        for journal in [WriteJournal.fileName, MigrationJournal.fileName] where (try? folder.entryKind(of: journal)) != nil {
            flock(fd, LOCK_UN)
            close(fd)
            let errno = (denial.underlying as? POSIXFailure)?.errno ?? 0
            let finish = [ENOSPC, EDQUOT].contains(errno)
                ? "and it is finished once the disk has room; free some space, open the store once (any command), then read it again"
                : "and only a user who may write the store can finish it; open the store once as its owner, then read it again"
            throw AlmanacError(.io, "a change to the store was cut off (\(journal) is still there), \(finish)",
                               path: ".almanac/" + journal, underlying: denial.underlying)
        }
        return StoreSnapshot(url: url, kept: nil, sharedLock: fd)
    }

    /// A picture of the store hard-linked without the writers' lock: taken again when a
    /// commit began or finished putting its files in place meanwhile, and with the committed
    /// journal then being put in place applied to it (DESIGN §4, "Readers").
    private func linkedSnapshot(collections: Set<String>?, includingRollbackBackup: Bool) throws -> StoreSnapshot {
        let snapshots = try writer.snapshotsFolder()
        Store.removeSnapshotsOfDeadProcesses(in: snapshots)
        let copier = TreeCopier { source, file, folder in
            do {
                try source.linkOrCopy(file, into: folder, as: file, flush: nil)
            } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == ENOENT {
                // Removed or moved by a commit since the folder was listed: that commit moved
                // the clock, so this picture is taken again.
            }
        }
        func picture(_ view: ReadView) throws -> StoreSnapshot {
            let name = "\(getpid())-\(writer.instanceID)-\(writer.tokenCounter.next())"
            let target = try snapshots.openOrCreateFolder(name, synchronize: false).folder
            do {
                try Store.copyStoreFiles(of: root, into: target, using: copier, collections: collections,
                                         includingRollbackBackup: includingRollbackBackup)
                if let overlay = view.overlay {
                    try applyToPicture(overlay, target: target, using: copier, collections: collections,
                                       includingRollbackBackup: includingRollbackBackup)
                }
            } catch {
                _ = try? snapshots.removeTree(name)
                throw error
            }
            return StoreSnapshot(url: url.appendingPathComponent(".almanac/\(StoreSnapshot.folderName)/\(name)"), kept: (snapshots, name))
        }
        for _ in 0..<StoreReader.readAttempts {
            let view = try reader.currentView()
            let snapshot = try picture(view)
            if reader.clock.now() == view.clock { return snapshot }
            snapshot.remove()
        }
        // Overtaken by commits every time: the last picture is taken holding the writers' lock.
        return try writer.readHoldingLock { try picture(reader.settledView()) }
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
