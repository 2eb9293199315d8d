import Dispatch
import Foundation

/// The write side of a store: the write session and the lock (`state`'s lock in this process,
/// `flock` on `.almanac/lock` between processes), preparing and committing changes, the write
/// journal, and telling observers and the read caches about each commit (DESIGN §4).
///
/// `Store` holds one and forwards its writes to it; a ``Transaction`` holds it for the length
/// of its block. What needs the lock takes a ``StoreState`` parameter, which only
/// ``withWriteLock(reading:_:)`` hands out.
final class StoreWriter: Sendable {
    /// The read side, to read what a change replaces and to record commits in its caches.
    let reader: StoreReader
    /// The write session, the write path's open folders and the pending id hints, behind the writer's lock.
    let state = Guarded(StoreState())
    /// Why writes are refused (a store newer than this code), or `nil` when they are allowed.
    let writeRefusal: AlmanacError?
    /// The observations of this store value, told after each of its commits.
    let changes = ChangeSignal()
    let instanceID = UUID().uuidString.prefix(8)
    let tokenCounter = Counter()
    /// Where this store's lingering session is ended. A queue of its own, not the global pool:
    /// on Linux the Swift concurrency threads come from that pool, and when callers block all
    /// of them (waiting for this very lock, say) a release scheduled there would never run. Not
    /// shared between stores either: a release waiting for one store's lock (held by a writer
    /// waiting for the file lock) must not hold up another store's release of that lock.
    let sessionQueue = DispatchQueue(label: "Almanac.StoreWriter.session")

    var root: Directory { reader.root }
    var catalog: Catalog { reader.catalog }
    var filing: Filing { reader.filing }
    var options: Store.Options { reader.options }
    var clock: CommitClock { reader.clock }
    var schemaVersion: Int { reader.schemaVersion }
    var calendar: StoreCalendar { reader.calendar }
    /// The flush of a write's commit point: full, except in a staging store (see `Options.isStaging`).
    var commitFlush: Flush { options.isStaging ? .barrier : .full }

    init(reader: StoreReader, writeRefusal: AlmanacError?) {
        self.reader = reader
        self.writeRefusal = writeRefusal
    }

    deinit {
        // Nothing else can reach the writer now, and no thread holds its lock.
        state.withLock { endSession($0) }
    }

    /// The lock, creating `.almanac/` and its lock file on first use (a store cloned from
    /// git has no `.almanac/`, since git keeps no empty folders).
    func writeLock(_ state: StoreState) throws -> StoreLock {
        if let lock = state.fileLock { return lock }
        let (internalFolder, _) = try root.openOrCreateFolder(".almanac")
        let lock = try StoreLock(folder: internalFolder)
        state.fileLock = lock
        return lock
    }

    /// Whether the last writer was killed while writing (cheap: one read of the lock record;
    /// the lock itself is tried only when the record says a writer is active).
    func lastWriterDied() -> Bool {
        guard let folder = try? root.openFolder(".almanac") else { return false }
        let journal = (try? folder.entryKind(of: WriteJournal.fileName)) == .file
        guard (try? folder.entryKind(of: "lock")) == .file, let lock = try? StoreLock(folder: folder, forWriting: false) else { return journal }
        // A journal with nobody holding the lock is a committed change to finish, whatever the record says.
        return journal ? lock.isFree() : lock.holderDiedWhileWriting()
    }

    /// Opens the folders `names` from the store root, creating the missing ones (0700, each
    /// made durable by fsyncing its parent).
    func createFolders(_ names: [String]) throws -> Directory {
        var folder = root
        for name in names {
            folder = try folder.openOrCreateFolder(name).folder
        }
        return folder
    }
}
