#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A private, read-only picture of a store at one instant: its files cloned (where the file
/// system can) or copied into `.almanac/snapshots/<pid>-<n>/`, taken without the writers' lock
/// and taken again when a commit overtook it (holding the lock only after several such tries,
/// ``SnapshotTaker``).
///
/// Writers never change a file in place (each save writes a new file and renames it over the
/// old name), so each file copied is one committed version while writers carry on. Nothing
/// in the picture shares an inode with the store: a person's editor saving a document in
/// place while an export reads cannot reach it, and a copy of the folder made meanwhile
/// (`cp -a` onto exFAT) holds every document in `data/`. It is removed when done.
struct StoreSnapshot {
    /// The errors that make a reader read the store in place, holding writers off, rather than
    /// make a picture inside it: a denial (another user's store), a full disk or quota, a
    /// read-only volume.
    static let readsInPlace: Set<Int32> = [EACCES, EPERM, ENOSPC, EDQUOT, EROFS]

    /// The snapshot's folder, a store of its own (store.json, schema/, data/, archive/); for a
    /// store read in place, the store's own folder.
    let url: URL
    /// Where the picture is kept and under which name; `nil` for a store read in place, which
    /// is its own picture while the shared lock holds writers off.
    private let kept: (parent: Directory, name: String)?
    /// The shared lock on `.almanac/lock` that holds writers off while the store itself is read
    /// (a store this user may read but not write); released by ``remove()``.
    private let sharedLock: Int32?
    /// For a store no writer has ever written (no `.almanac/`, so no lock to share) read by a
    /// user who may not write it: the store root, to confirm after the read that no writer began.
    private let unguardedRoot: Directory?
    /// For the store read in place: the committed change its writer could not put wholly in
    /// place (a full disk), which a copy applies as every read does.
    private let overlay: CommitOverlay?

    static let folderName = StoreWriter.snapshotsFolderName

    init(url: URL, kept: (parent: Directory, name: String)?, sharedLock: Int32? = nil, unguardedRoot: Directory? = nil,
         overlay: CommitOverlay? = nil) {
        self.url = url
        self.overlay = overlay
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

    /// Whether the snapshot is the store itself, read in place.
    var isStoreItself: Bool { kept == nil }

    /// The snapshot opened as a store, for reading.
    private func open() throws -> Store {
        var options = Store.Options(lockTimeout: 0)
        options.isSnapshot = true
        return try Store(at: url, options: options)
    }

    /// Opens the snapshot as a store and runs `body` on it. The store read in place with a
    /// committed change not yet wholly in place is read through that change, as every read applies it.
    func reading<T>(_ body: (Store) throws -> T) throws -> T {
        let store = try open()
        guard let overlay else { return try body(store) }
        let view = ReadView(reader: ObjectIdentifier(store.reader), clock: store.reader.clock.now(), overlay: overlay)
        return try ReadView.with(view) { try body(store) }
    }

    /// Copies the snapshot's store files into `target` with `copier` (none of the store's
    /// own bookkeeping: locks, journals, id hints, other snapshots).
    func copy(into target: Directory, using copier: TreeCopier) throws {
        let source = try Directory.openRoot(atPath: url.path)
        if isStoreItself {
            try Store.copyStoreFiles(of: source, into: target, using: copier, collections: nil, includingRollbackBackup: true)
            if let overlay {
                try open().applyToPicture(overlay, target: target, using: copier, collections: nil, includingRollbackBackup: true)
            }
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
    /// Where no snapshot can be made in the store (a read-only volume, another user's store, a
    /// full disk), the store itself is the snapshot, read under a shared lock.
    /// - Parameter collections: the collections whose documents are needed; `nil` for all.
    func makeSnapshot(collections: Set<String>? = nil, includingRollbackBackup: Bool = false) throws -> StoreSnapshot {
        try SnapshotTaker(store: self).makeSnapshot(collections: collections, includingRollbackBackup: includingRollbackBackup)
    }

    /// Copies what makes the store at `root` a store into `target`: `store.json`, `schema/`,
    /// the documents of `collections` (`nil`: all, with `archive/` and the editor settings), and with
    /// `includingRollbackBackup` the pre-migration copy kept for `rollback`.
    static func copyStoreFiles(of root: Directory, into target: Directory, using copier: TreeCopier,
                               collections: Set<String>?, includingRollbackBackup: Bool) throws {
        try SnapshotTaker.copyStoreFiles(of: root, into: target, using: copier, collections: collections, includingRollbackBackup: includingRollbackBackup)
    }
}
