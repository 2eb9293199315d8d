import Foundation

/// What a ``Store`` changes as it is used: its caches, its write session and the id hints
/// waiting to be written.
///
/// A store keeps it in a ``Guarded`` value, so it is reachable only with the store's lock
/// held; code that needs the lock takes a `StoreState` parameter, and so can be reached only
/// from inside the lock (a transaction holds the state for the length of its block).
final class StoreState {
    /// How many ``Store/withWriteLock(reading:_:)`` blocks the thread holding the lock is inside.
    var transactionDepth = 0
    var cache = Store.Cache()
    /// The write session in progress, if this store holds the file lock; see Store+WriteSession.swift.
    var session: WriteSession?
    /// Id hints written since the session began, appended when it ends.
    var pendingHints: [IDHint] = []
    /// Collection schemas compiled so far, by collection name.
    var compiledSchemas: [String: JSONSchema] = [:]
    /// The fields each collection's schema declares, read on the first filtered read.
    var schemaFields: [String: SchemaFields] = [:]
    /// The lock file, opened on first use.
    var fileLock: StoreLock?
}
