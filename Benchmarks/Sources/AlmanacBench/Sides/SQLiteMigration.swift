import Foundation

/// The SQLite side of the migration case: the documents' compact JSON in one table
/// `docs (id TEXT PRIMARY KEY, body TEXT NOT NULL)`, with the durability of the other SQLite
/// sides (WAL, `synchronous=FULL`, default automatic checkpoints), and the field renamed by
/// one `UPDATE … json_set(json_remove(…))` in one transaction.
final class SQLiteMigration {
    let database: SQLiteDatabase

    /// Creates the database at `path` holding `documents` (one transaction), then checkpoints
    /// it so the rows are in the main file and the WAL is empty before the timed update.
    init(path: String, documents: [PreparedDocument]) throws {
        database = try SQLiteDatabase(path: path)
        try database.execute("CREATE TABLE docs (id TEXT PRIMARY KEY, body TEXT NOT NULL)")
        let insert = try database.prepare("INSERT INTO docs (id, body) VALUES (?1, ?2)")
        try database.execute("BEGIN IMMEDIATE")
        for document in documents {
            try insert.bind(1, document.id)
            try insert.bind(2, document.compactJSON)
            _ = try insert.step()
            insert.reset()
        }
        try database.execute("COMMIT")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Renames the member `from` to `to` in every row: `BEGIN IMMEDIATE`, the `UPDATE`, `COMMIT`
    /// (which returns once the WAL is fsynced, and runs SQLite's automatic checkpoint when the
    /// WAL outgrew its 1,000 pages). Returns the rows changed.
    func renameField(from: String, to: String) throws -> Int {
        try database.execute("BEGIN IMMEDIATE")
        try database.execute("""
            UPDATE docs SET body = json_set(json_remove(body, '$.\(from)'), '$.\(to)', json_extract(body, '$.\(from)'))
            """)
        let changed = database.changes
        try database.execute("COMMIT")
        return changed
    }

    /// Sets the member `field` to `value` in the rows whose `dateField` (a timestamp, compared
    /// as the text both sides spell in UTC) is before `stamp`, in one transaction as above: SQLite
    /// reads every row to find them, as a migration reads every document. Returns the rows changed.
    func setField(_ field: String, to value: String, whereDate dateField: String, before stamp: String) throws -> Int {
        try database.execute("BEGIN IMMEDIATE")
        let update = try database.prepare("UPDATE docs SET body = json_set(body, '$.\(field)', ?1) WHERE json_extract(body, '$.\(dateField)') < ?2")
        try update.bind(1, value)
        try update.bind(2, stamp)
        _ = try update.step()
        let changed = database.changes
        try database.execute("COMMIT")
        return changed
    }

    /// Rows whose body still has `from` or lacks `to` (0 after a complete rename).
    func rowsNotRenamed(from: String, to: String) throws -> Int {
        let query = try database.prepare("""
            SELECT count(*) FROM docs WHERE json_type(body, '$.\(from)') IS NOT NULL OR json_type(body, '$.\(to)') IS NULL
            """)
        guard try query.step() else { return -1 }
        return query.int(0)
    }

    /// The text of `field` in the body of the row `id`, or `nil`.
    func text(of field: String, id: String) throws -> String? {
        let query = try database.prepare("SELECT json_extract(body, '$.\(field)') FROM docs WHERE id = ?1")
        try query.bind(1, id)
        guard try query.step() else { return nil }
        let data = query.data(0)
        return data.isEmpty ? nil : String(decoding: data, as: UTF8.self)
    }
}
