import Almanac
import Foundation

/// The SQLite side: one table per document type, `id TEXT PRIMARY KEY, date TEXT, body TEXT`,
/// with an index on `date`. The body is the document's compact JSON (sorted keys); reads decode
/// it with Foundation's `JSONDecoder`, exactly as the bare side decodes its files.
final class SQLiteDocuments<D: BenchDocument> {
    let database: SQLiteDatabase
    private let decoder: JSONDecoder

    /// Opens the database at `path` (WAL, `synchronous=FULL`); with `createTable`, creates the
    /// table and its date index when missing (a reader of an existing database skips that).
    init(path: String, createTable: Bool = true) throws {
        database = try SQLiteDatabase(path: path)
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard createTable else { return }
        try database.execute("""
            CREATE TABLE IF NOT EXISTS \(D.table) (id TEXT PRIMARY KEY, date TEXT NOT NULL, body TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS \(D.table)_date ON \(D.table)(date);
            """)
    }

    /// Inserts each document in its own transaction (autocommit): each returns only when durable.
    func insertEach(_ documents: [PreparedDocument]) throws {
        let insert = try insertStatement()
        for document in documents {
            try run(insert, document)
        }
    }

    /// Inserts the documents inside a transaction the caller opened and commits.
    func insertInOpenTransaction(_ documents: [PreparedDocument]) throws {
        let insert = try insertStatement()
        for document in documents {
            try run(insert, document)
        }
    }

    /// Inserts all documents in one transaction.
    func insertBatch(_ documents: [PreparedDocument]) throws {
        let insert = try insertStatement()
        try database.execute("BEGIN IMMEDIATE")
        for document in documents {
            try run(insert, document)
        }
        try database.execute("COMMIT")
    }

    /// Replaces (or inserts) all documents in one transaction.
    func replaceBatch(_ documents: [PreparedDocument]) throws {
        let replace = try database.prepare("INSERT OR REPLACE INTO \(D.table) (id, date, body) VALUES (?1, ?2, ?3)")
        try database.execute("BEGIN IMMEDIATE")
        for document in documents {
            try run(replace, document)
        }
        try database.execute("COMMIT")
    }

    /// The documents whose date falls on the days `from` through `to`, oldest first
    /// (`WHERE date >= from AND date < the day after to`, through the date index).
    func documents(from: CalendarDate, to: CalendarDate) throws -> [D] {
        let query = try database.prepare("SELECT body FROM \(D.table) WHERE date >= ?1 AND date < ?2 ORDER BY date, id")
        try query.bind(1, from.description)
        try query.bind(2, to.adding(days: 1).description)
        return try decodeAll(query)
    }

    /// The `count` newest documents, newest first (ties by id), through the date index.
    func newest(_ count: Int) throws -> [D] {
        try decodeAll(try database.prepare("SELECT body FROM \(D.table) ORDER BY date DESC, id LIMIT \(count)"))
    }

    /// `PRAGMA data_version`: changes when another connection commits.
    func dataVersion() throws -> Int {
        let query = try database.prepare("PRAGMA data_version")
        guard try query.step() else { throw BenchError("PRAGMA data_version returned no row") }
        return query.int(0)
    }

    /// Every document, oldest first.
    func scan() throws -> [D] {
        try decodeAll(try database.prepare("SELECT body FROM \(D.table) ORDER BY date, id"))
    }

    /// The document with `id`, or `nil`.
    func document(id: String) throws -> D? {
        let query = try database.prepare("SELECT body FROM \(D.table) WHERE id = ?1")
        try query.bind(1, id)
        guard try query.step() else { return nil }
        return try decoder.decode(D.self, from: query.data(0))
    }

    private func insertStatement() throws -> SQLiteStatement {
        try database.prepare("INSERT INTO \(D.table) (id, date, body) VALUES (?1, ?2, ?3)")
    }

    private func run(_ insert: SQLiteStatement, _ document: PreparedDocument) throws {
        try insert.bind(1, document.id)
        try insert.bind(2, document.dateKey)
        try insert.bind(3, document.compactJSON)
        _ = try insert.step()
        insert.reset()
    }

    private func decodeAll(_ query: SQLiteStatement) throws -> [D] {
        var result: [D] = []
        while try query.step() {
            result.append(try decoder.decode(D.self, from: query.data(0)))
        }
        return result
    }
}
