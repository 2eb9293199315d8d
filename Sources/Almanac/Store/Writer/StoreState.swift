import Foundation

/// What a ``Store``'s writer changes as it writes: its write session, the open folders of
/// the write path and the id hints waiting to be written.
///
/// A store keeps it in a ``Guarded`` value, so it is reachable only with the writer's lock
/// held; code that needs the lock takes a `StoreState` parameter, and so can be reached only
/// from inside the lock (a transaction holds the state for the length of its block). Readers
/// never take this lock: what they remember is in ``ReadCaches``.
final class StoreState {
    /// How many ``StoreWriter/withWriteLock(reading:_:)`` blocks the thread holding the lock is inside.
    var transactionDepth = 0
    /// The write session in progress, if this store holds the file lock; see StoreWriter+WriteSession.swift.
    var session: WriteSession?
    /// Id hints written since the session began, appended when it ends.
    var pendingHints: [IDHint] = []
    /// When (uptime nanoseconds) a session's end last wrote back the folder indexes.
    var indexesWritten: UInt64 = 0
    /// Open folders of the write path, so a save does not re-open
    /// `data/<collection>/YYYY/MM/DD` one component at a time.
    var folders = FolderCache()
    /// `<token>/<state>` this store's last session left in the lock record: when the record
    /// says otherwise at the next session, another writer came between.
    var lastSession: String?
    /// The lock file, opened on first use.
    var fileLock: StoreLock?
    /// Folders (paths from the store root) that got a new entry before a commit without a
    /// flush of their own (merge-base folders made on the way), flushed once it is durable.
    var foldersToFlush: Set<[String]> = []
    /// Folders (paths from the store root) the change being committed created on its write
    /// path: removed again, when empty, if it fails before its commit point.
    var madeFolders: [[String]] = []
}
