import CSQLite
import Foundation

/// A connection to a SQLite 3 database through the system's libsqlite3, set up with the
/// durability a user would choose for app data: WAL journal, `synchronous=FULL`.
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?

    /// The version of the linked libsqlite3, e.g. `3.40.1`.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Opens (creating when missing) the database at `path` in WAL mode with `synchronous=FULL`.
    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw BenchError("sqlite open \(path): \(message)")
        }
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql` (one or more statements), discarding any rows.
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw BenchError("sqlite: \(message) in \(sql)")
        }
    }

    /// Compiles one statement.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw BenchError("sqlite prepare: \(lastError) in \(sql)")
        }
        return SQLiteStatement(statement, database: self)
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The connection's last error message.
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}
