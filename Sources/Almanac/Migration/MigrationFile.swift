import Foundation

/// One numbered migration: the file `migrations/<app>/NNNN-slug.json`.
///
/// ```json
/// {
///   "version": 2,
///   "description": "Pressure: several commitments a day, ordered by sort_order",
///   "operations": [
///     {"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0},
///     {"op": "catalog", "description": "drop the unique constraint on date"}
///   ]
/// }
/// ```
///
/// The file name is four digits, a dash, a lowercase slug and `.json`
/// (`0002-multiple-commitments.json`), and its number must equal `version`. Files are read
/// strictly (RFC 8259, no unknown members), and every problem is an `.invalidMigration`
/// error naming the file, the JSON pointer, the line and column, and what to do.
///
/// ```swift
/// let migration = try MigrationFile(contentsOf: url)
/// print(migration.version, migration.checksum)
/// ```
public struct MigrationFile: Sendable, Equatable {
    /// The migration's number: the schema version the store is at once it has run.
    public let version: Int
    /// The part of the file name between the number and `.json`, e.g. `multiple-commitments`.
    public let slug: String
    /// The file name, e.g. `0002-multiple-commitments.json`.
    public let fileName: String
    /// What the migration does, for people.
    public let description: String
    /// The operations, in the order they run.
    public let operations: [MigrationOperation]
    /// The SHA-256 of the file (line endings normalised), as 64 lowercase hex digits: see
    /// ``checksum(of:)``. Recorded in the manifest when the migration is applied.
    public let checksum: String
    /// The SHA-256 of the file's JSON in canonical form (members sorted, no insignificant
    /// whitespace), as 64 lowercase hex digits: the same however a formatter indents the file,
    /// so re-indenting an applied migration is no edit. Recorded beside ``checksum``.
    public let contentChecksum: String

    /// Reads and checks the migration file at `url`.
    ///
    /// - Throws: `.invalidMigration` for any problem with the file, `.notFound` or `.io`
    ///   when it cannot be read.
    public init(contentsOf url: URL) throws {
        let bytes = try Catalog.readExternalFile(url, missing: "no migration file at \(url.path)")
        try self.init(bytes: bytes, fileName: url.lastPathComponent, path: url.path)
    }

    /// Parses and checks a migration file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - fileName: The file's name, checked against `NNNN-slug.json` and `version`.
    ///   - path: The path shown in errors; `fileName` when `nil`.
    /// - Throws: `.invalidMigration` with the path, pointer, line and column at fault. When
    ///   the name's number and `version` differ, `underlying` is a ``NameMismatch``.
    public init(bytes: [UInt8], fileName: String, path: String? = nil) throws {
        let shownPath = path ?? fileName
        guard let (number, slug) = Self.parseFileName(fileName) else {
            throw AlmanacError(
                .invalidMigration,
                "\"\(fileName)\" is not a migration file name; name it NNNN-slug.json: a 4-digit number, '-', then lowercase letters, digits and '-', e.g. 0002-add-sort-order.json",
                path: shownPath)
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch let error as AlmanacError {
            throw AlmanacError(
                .invalidMigration, "is not valid JSON: \(error.message)", path: shownPath,
                line: error.line, column: error.column, underlying: error)
        }
        let reader = JSONFileReader(path: shownPath, bytes: bytes)
        let members = try reader.object(root, at: "", what: "an object with version, description and operations")
        try reader.allowOnly(["version", "description", "operations"], in: members, at: "", what: "a migration file")
        guard let versionValue = members["version"] else {
            throw reader.error("/version", "is missing; add \"version\": \(number), the number in the file name")
        }
        guard case .number(let versionNumber) = versionValue, let version = versionNumber.int64Value,
              (1...9999).contains(version)
        else {
            throw reader.error("/version", "must be an integer from 1 to 9999, found \(JSONFileReader.describe(versionValue))")
        }
        guard version == number else {
            var error = reader.error(
                "/version",
                "is \(version) but the file name says \(CalendarDate.pad(number, 4)); make them agree, since a migration's number is its version")
            error.underlying = NameMismatch(fileNameVersion: number, version: Int(version))
            throw error
        }
        let description = try reader.string(members["description"], at: "/description", what: "a description of what the migration does")
        let list = try reader.array(members["operations"], at: "/operations", what: "the list of operations (it may be empty)")
        var operations: [MigrationOperation] = []
        operations.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            operations.append(try MigrationOperation(parsing: item, at: JSONFileReader.pointer("/operations", index), reader: reader))
        }
        self.version = number
        self.slug = slug
        self.fileName = fileName
        self.description = description
        self.operations = operations
        self.checksum = Self.checksum(of: bytes)
        self.contentChecksum = SHA256.hex(CanonicalJSON.compactBytes(root))
    }

    /// The checksum of a migration file's bytes: SHA-256, as 64 lowercase hex digits, of the
    /// bytes with every CRLF and lone CR turned into LF.
    ///
    /// Normalising line endings means a checkout with Windows line endings (git's
    /// `core.autocrlf`) is not mistaken for an edited migration; any other change to the
    /// bytes, whitespace included, changes the checksum.
    public static func checksum(of bytes: some Collection<UInt8>) -> String {
        var normalised: [UInt8] = []
        normalised.reserveCapacity(bytes.count)
        var afterCR = false
        for byte in bytes {
            if byte == UInt8(ascii: "\r") {
                normalised.append(UInt8(ascii: "\n"))
                afterCR = true
                continue
            }
            // The LF of a CRLF was already written for its CR.
            if !(afterCR && byte == UInt8(ascii: "\n")) { normalised.append(byte) }
            afterCR = false
        }
        return SHA256.hex(normalised)
    }

    /// The number in a migration file name, or `nil` when the name is not `NNNN-slug.json`.
    public static func version(inFileName fileName: String) -> Int? {
        parseFileName(fileName)?.number
    }

    /// Splits `^[0-9]{4}-[a-z0-9-]+\.json$` into its number and slug.
    static func parseFileName(_ fileName: String) -> (number: Int, slug: String)? {
        let bytes = Array(fileName.utf8)
        guard bytes.count > 10, bytes[4] == UInt8(ascii: "-"), fileName.hasSuffix(".json"),
              let number = CalendarDate.digits(bytes[0..<4])
        else { return nil }
        let slug = bytes[5..<(bytes.count - 5)]
        guard slug.allSatisfy({
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: "-")
        }) else { return nil }
        return (number, String(decoding: slug, as: UTF8.self))
    }

    /// The `underlying` error of an `.invalidMigration` thrown because the number in the
    /// file name and the `version` inside differ, so that ``MigrationSet`` can report it as such.
    public struct NameMismatch: Error, Sendable, Equatable {
        /// The number in the file name.
        public var fileNameVersion: Int
        /// The `version` in the file.
        public var version: Int
    }
}
