#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Takes pictures of the store: copies (clones where the file system can) in
/// `.almanac/snapshots/` or straight into a backup, or the store itself under a shared lock.
struct SnapshotTaker {
    let store: Store

    func makeSnapshot(collections: Set<String>? = nil, includingRollbackBackup: Bool = false) throws -> StoreSnapshot {
        do {
            return try copiedSnapshot(collections: collections, includingRollbackBackup: includingRollbackBackup)
        } catch let error as AlmanacError where StoreSnapshot.readsInPlace.contains((error.underlying as? POSIXFailure)?.errno ?? 0) {
            // No picture can be made inside the store (another user's, a full disk, a read-only
            // volume, which another mount may still write): the store itself is read, holding
            // writers off. A store on a full disk is still copied off it.
            return try sharedSnapshot(deniedBy: error)
        }
    }

    /// The store itself as the picture, for a user who may read it but not write it (another
    /// user's store, a folder shared read-only): no snapshot can be made inside it, so a shared
    /// `flock` on `.almanac/lock` holds writers off until ``StoreSnapshot/remove()``. Writers
    /// take that lock exclusively, so the reader still sees one committed state, whole: a
    /// change its writer committed but could not put wholly in place is read through its journal.
    ///
    /// - Throws: the original denial when even the lock cannot be opened for reading;
    ///   `.locked` when a writer keeps it past the lock timeout; `.io` when a migration or
    ///   rollback was cut off, which only a user who may write the store can finish.
    private func sharedSnapshot(deniedBy denial: AlmanacError) throws -> StoreSnapshot {
        // Never written: no lock exists to share. Read it as it is, and confirm afterwards
        // (``StoreSnapshot/confirmRead()``) that no first writer began meanwhile.
        guard let folder = try store.root.openFolder(".almanac") else { return StoreSnapshot(url: store.url, kept: nil, unguardedRoot: store.root) }
        let fd = SystemCall.retryingInterrupts { openat(folder.descriptor, "lock", O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        if fd < 0, SystemCall.errno == ENOENT { return StoreSnapshot(url: store.url, kept: nil, unguardedRoot: store.root) }
        guard fd >= 0 else { throw denial }
        let deadline = Date().addingTimeInterval(store.options.lockTimeout)
        while flock(fd, LOCK_SH | LOCK_NB) != 0 {
            guard SystemCall.errno == EWOULDBLOCK, Date() < deadline else {
                close(fd)
                throw AlmanacError(.locked, "a writer holds the store, and this user, who may read it but not write it, waited \(store.options.lockTimeout) s for it to finish; retry, or wait longer (a longer lock timeout)",
                                   path: ".almanac/lock").with(.longerLockTimeout)
            }
            usleep(10_000)
        }
        // A committed change not yet wholly in place (its writer failed on this full disk, or
        // only the owner may finish it) is read through its journal, as every read applies it.
        // A migration's swap cut off midway is not: only a writer can tell which version is whole.
        if (try? folder.entryKind(of: MigrationJournal.fileName)) != nil {
            flock(fd, LOCK_UN)
            close(fd)
            let errno = (denial.underlying as? POSIXFailure)?.errno ?? 0
            let finish = [ENOSPC, EDQUOT].contains(errno)
                ? "and it is finished once the disk has room; free some space, open the store once (any command), then read it again"
                : "and only a user who may write the store can finish it; open the store once as its owner, then read it again"
            throw AlmanacError(.io, "a migration or rollback of the store was cut off (\(MigrationJournal.fileName) is still there), \(finish)",
                               path: ".almanac/" + MigrationJournal.fileName, underlying: denial.underlying)
        }
        let overlay: CommitOverlay?
        do {
            // Whatever the clock says: holding the shared lock, no writer is midway, so a
            // journal here is committed and waits for the next writer.
            overlay = try store.reader.committedJournal().map(CommitOverlay.init)
        } catch {
            flock(fd, LOCK_UN)
            close(fd)
            throw error
        }
        return StoreSnapshot(url: store.url, kept: nil, sharedLock: fd, overlay: overlay)
    }

    /// How far the last try of a copy, holding the writers' lock, came.
    private enum LastTry {
        case none, takingLock, locked
    }

    /// A picture of the store copied into `.almanac/snapshots/` without the writers' lock: each
    /// file cloned where the file system can (`FICLONE`, `clonefile`), else copied, so nothing
    /// a person can see shares an inode with it (an editor saving in place must not reach it).
    private func copiedSnapshot(collections: Set<String>?, includingRollbackBackup: Bool) throws -> StoreSnapshot {
        let snapshots = try store.writer.snapshotsFolder()
        SnapshotTaker.removeSnapshotsOfDeadProcesses(in: snapshots)
        let copier = TreeCopier { source, file, folder, newName in
            do {
                _ = try source.cloneOrCopy(file, into: folder, as: newName)
            } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == ENOENT {
                // Removed or moved by a commit since the folder was listed: that commit moved
                // the clock, so this picture is taken again.
            }
        }
        var name = ""
        var lock: LastTry = .none
        try copyAsOneState(collections: collections, includingRollbackBackup: includingRollbackBackup, using: copier, lastTry: &lock, begin: {
            name = "\(getpid())-\(store.writer.instanceID)-\(store.writer.tokenCounter.next())"
            return try snapshots.openOrCreateFolder(name, synchronize: false).folder
        }, discard: {
            if (try? snapshots.removeTree(name)) == true { try? snapshots.synchronize(.barrier) }
        })
        return StoreSnapshot(url: store.url.appendingPathComponent(".almanac/\(StoreSnapshot.folderName)/\(name)"), kept: (snapshots, name))
    }

    /// Copies the whole store (its rollback backup included) into the folder `begin` makes,
    /// outside the store, as one committed state: the backup's copy is the picture, so no
    /// second copy is made. Where the writers' lock cannot be taken for the last try (a
    /// store this user may read but not write), the store is read under a shared lock.
    ///
    /// - Parameters:
    ///   - begin: makes the empty folder to copy into, once per try.
    ///   - discard: removes what a try that a commit overtook copied.
    func copyStore(using copier: TreeCopier, begin: () throws -> Directory, discard: () -> Void) throws {
        var lastTry: LastTry = .none
        do {
            try copyAsOneState(collections: nil, includingRollbackBackup: true, using: copier, lastTry: &lastTry, begin: begin, discard: discard)
        } catch let error as AlmanacError where lastTry == .takingLock && StoreSnapshot.readsInPlace.contains((error.underlying as? POSIXFailure)?.errno ?? 0) {
            // The last try could not take the writers' lock (a read-only store, a full disk):
            // writers are held off by a shared lock instead.
            let snapshot = try sharedSnapshot(deniedBy: error)
            defer { snapshot.remove() }
            let target = try begin()
            do {
                try snapshot.copy(into: target, using: copier)
                try snapshot.confirmRead()
            } catch {
                discard()
                throw error
            }
        }
    }

    /// Copies the store's files into the folder `begin` makes, without the writers' lock,
    /// again (after `discard`) while commits overtake the copy, and at last holding the lock
    /// (`lastTry` says how far that came). A copy is one state when the commit clock did
    /// not move while it was made: writers never change a file in place, so each file copied
    /// is one committed version, and the committed change then being put in place is applied
    /// to it (DESIGN §4, "Readers").
    private func copyAsOneState(collections: Set<String>?, includingRollbackBackup: Bool, using copier: TreeCopier, lastTry: inout LastTry,
                                begin: () throws -> Directory, discard: () -> Void) throws {
        func attempt(_ view: ReadView) throws {
            let target = try begin()
            do {
                try Store.copyStoreFiles(of: store.root, into: target, using: copier, collections: collections,
                                         includingRollbackBackup: includingRollbackBackup)
                if let overlay = view.overlay {
                    try store.applyToPicture(overlay, target: target, using: copier, collections: collections,
                                             includingRollbackBackup: includingRollbackBackup)
                }
            } catch {
                discard()
                throw error
            }
        }
        for _ in 0..<StoreReader.readAttempts {
            let view = try store.reader.currentView()
            try attempt(view)
            if store.reader.clock.now() == view.clock { return }
            discard()
        }
        // Overtaken by commits every time: the last copy is made holding the writers' lock.
        lastTry = .takingLock
        try store.writer.readHoldingLock {
            lastTry = .locked
            try attempt(store.reader.settledView())
        }
    }

    static func copyStoreFiles(of root: Directory, into target: Directory, using copier: TreeCopier,
                               collections: Set<String>?, includingRollbackBackup: Bool) throws {
        guard let collections else {
            // The whole store as it stands — damaged files, a sync's copies and unknown files
            // included — as a copy of the folder holds it, but for Almanac's working state and
            // what a volume, an editor or the system keeps there (TreeCopier passes those by).
            try copier.copyContents(of: root, into: target) { entry in
                entry.name != ".almanac" && !ForeignFile.isPassedBy(entry, atRoot: true)
            }
            try copyRollbackBackup(of: root, into: target, using: copier, including: includingRollbackBackup)
            return
        }
        try copier.copyFile(Manifest.fileName, from: root, to: target)
        if let schema = try root.openFolder("schema") { try copier.copyTree(schema, into: target, as: "schema") }
        if let data = try root.openFolder("data") {
            // A collection is its folder, or for a singleton its `<name>.json`.
            try copier.copyContents(of: data, into: try target.openOrCreateFolder("data", synchronize: false).folder) { entry in
                let singleton = entry.kind == .file && entry.name.hasSuffix(".json")
                guard singleton || entry.kind == .folder else { return false }
                return collections.contains(singleton ? String(entry.name.dropLast(5)) : entry.name)
            }
        }
        try copyRollbackBackup(of: root, into: target, using: copier, including: includingRollbackBackup)
    }

    private static func copyRollbackBackup(of root: Directory, into target: Directory, using copier: TreeCopier, including: Bool) throws {
        if including, let internalFolder = try root.openFolder(".almanac"),
           let backup = try internalFolder.openFolder(StoreSwap.backupFolder) {
            let copy = try target.openOrCreateFolder(".almanac", synchronize: false).folder
            // Not the index kept with it: a copy's files have other inodes, so it would know none of them.
            try copier.copyContents(of: backup, into: try copy.openOrCreateFolder(StoreSwap.backupFolder, synchronize: false).folder) {
                $0.name != IndexFiles.folderPath[1]
            }
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
