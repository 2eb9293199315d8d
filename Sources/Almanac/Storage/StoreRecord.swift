/// A JSON file Almanac keeps for itself inside a store (`store.json`, the write journal, the
/// migration journal, the migration backup's record): a Codable type read and written with
/// the store's own coders, so every record is canonical JSON a person can read.
protocol StoreRecord: Codable {
    /// What messages call the record: `"the migration journal"`.
    static var recordName: String { get }
    /// The code of the error a damaged record is reported with.
    static var damagedCode: AlmanacError.Code { get }
    /// The record as written to disk: canonical, pretty JSON.
    func recordBytes() throws -> [UInt8]
}

extension StoreRecord {
    static var damagedCode: AlmanacError.Code { .io }

    /// Parses and decodes a record read from `path` (store-relative).
    ///
    /// - Throws: ``damagedCode`` naming the file, with the line and column of malformed
    ///   JSON or the pointer of the member that does not fit, and what to do.
    init(recordBytes bytes: [UInt8], path: String) throws {
        try self.init(recordValue: try Self.parsedRecord(bytes, path: path), path: path)
    }

    /// The JSON of a record read from `path` (store-relative).
    ///
    /// - Throws: ``damagedCode`` naming the file, with the line and column of malformed JSON.
    static func parsedRecord(_ bytes: [UInt8], path: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw AlmanacError(Self.damagedCode, "\(Self.recordName) is damaged: \(error.message); restore the store from a backup",
                               path: path, line: error.line, column: error.column, underlying: error)
        }
    }

    /// Decodes a record parsed from `path` (``parsedRecord(_:path:)``).
    ///
    /// - Throws: ``damagedCode`` naming the file, with the pointer of the member that does not
    ///   fit, and what to do.
    init(recordValue value: JSONValue, path: String) throws {
        do {
            self = try DocumentDecoder().decode(Self.self, from: value)
        } catch let error as AlmanacError {
            throw AlmanacError(Self.damagedCode, "\(Self.recordName) is not one Almanac wrote (\(error.message)); restore the store from a backup",
                               path: path, pointer: error.pointer, underlying: error)
        }
    }

    /// The record as written to disk: canonical, pretty JSON.
    func recordBytes() throws -> [UInt8] {
        CanonicalJSON.prettyBytes(try DocumentEncoder().encode(self))
    }
}
