import Foundation

/// A store of usage events that the read cases query: the same documents in an Almanac store
/// (whose files the bare side reads too) and in a SQLite database.
struct ReadFixture {
    /// `1y` or `3y`.
    let label: String
    /// The Almanac store's folder.
    let store: URL
    /// The SQLite database file.
    let database: String
    /// The documents it holds, oldest first.
    let events: GeneratedSet<UsageEvent>

    /// The collection folder the bare side reads.
    var collectionFolder: String { store.appendingPathComponent("data/usage-events").path }

    /// Bytes on disk of the Almanac store (every file and folder, allocated blocks).
    var almanacBytes: Double { Double(POSIX.diskUsage(store.path)) }

    /// Bytes on disk of the SQLite database with its WAL and shared-memory files.
    var sqliteBytes: Double {
        ["", "-wal", "-shm"].reduce(0) { $0 + Double(POSIX.diskUsage(database + $1)) }
    }
}
