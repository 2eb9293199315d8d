import CSQLite
import Foundation

/// A compiled SQLite statement: bind, step, read columns, reset.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`), so the caller's buffer may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds UTF-8 text to the parameter `index` (1-based).
    func bind(_ index: Int32, _ bytes: [UInt8]) throws {
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text(statement, index, $0, Int32(buffer.count), SQLiteStatement.transient)
            }
        }
        guard status == SQLITE_OK else { throw BenchError("sqlite bind: \(database.lastError)") }
    }

    /// Binds a string to the parameter `index` (1-based).
    func bind(_ index: Int32, _ text: String) throws {
        guard sqlite3_bind_text(statement, index, text, -1, SQLiteStatement.transient) == SQLITE_OK else {
            throw BenchError("sqlite bind: \(database.lastError)")
        }
    }

    /// Advances to the next row; returns false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw BenchError("sqlite step: \(database.lastError)")
        }
    }

    /// Makes the statement ready to run again, clearing its bindings.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// The column `index` (0-based) of the current row, as an integer.
    func int(_ index: Int32) -> Int {
        Int(sqlite3_column_int64(statement, index))
    }

    /// The column `index` (0-based) of the current row, as bytes.
    func data(_ index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, index))
        guard count > 0, let pointer = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}
