import Foundation

/// A seed file: content an app ships for one collection (DESIGN §6), imported idempotently
/// by ``Store/importSeeds(_:dryRun:progress:)``.
///
/// ```json
/// {"collection": "action-templates", "source": "Elaro", "contentVersion": 2,
///  "documents": [{"id": "elaro.play.fort", "contentVersion": 2, "title": "Build a fort", …}]}
/// ```
/// Every document has a stable `id` and its own `contentVersion`: an import updates a stored
/// document only when the file's `contentVersion` for it is higher.
public struct SeedFile: Sendable {
    /// The file's name, recorded in `store.json` with each import.
    public let fileName: String
    /// SHA-256 of the file with line endings normalised, as 64 hex digits.
    public let checksum: String
    /// The collection the documents belong to.
    public let collection: String
    /// Who ships the content, e.g. `Elaro`.
    public let source: String
    /// The version of the file's content.
    public let contentVersion: Int
    /// The documents, each a JSON object with `id` and `contentVersion`.
    public let documents: [JSONValue]
    /// Where the file was read from, for error messages.
    let path: String

    /// Reads and checks the seed file at `url`.
    ///
    /// - Throws: `.invalidArgument` naming the file, the document and the field that is
    ///   wrong: malformed JSON, a missing `collection`, `source` or `contentVersion`, a
    ///   document without an id, a duplicate id, an unknown top-level key.
    public init(contentsOf url: URL) throws {
        let bytes: [UInt8]
        bytes = try SystemCall.readExternalFile(atPath: url.path)
        try self.init(bytes: bytes, fileName: url.lastPathComponent, path: url.path)
    }

    /// Checks a seed file's bytes; `fileName` names it in the store's record and `path` in errors.
    public init(bytes: [UInt8], fileName: String, path: String? = nil) throws {
        let path = path ?? fileName
        func failure(_ pointer: String, _ message: String, id: String? = nil) -> AlmanacError {
            AlmanacError(.invalidArgument, message, path: path, id: id, pointer: pointer)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path)
        }
        guard case .object(let members) = root else {
            throw failure("", "a seed file must hold a JSON object with collection, source, contentVersion and documents")
        }
        let allowed: Set = ["$schema", "description", "collection", "source", "contentVersion", "documents"]
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw failure("/" + unknown, "unknown key \"\(unknown)\"; a seed file has collection, source, contentVersion, documents (and optionally description, $schema)")
        }
        guard case .string(let collection)? = members["collection"], !collection.isEmpty else {
            throw failure("/collection", "missing \"collection\": name the catalog collection the documents belong to")
        }
        guard case .string(let source)? = members["source"], !source.isEmpty else {
            throw failure("/source", "missing \"source\": say who ships the content, e.g. \"Elaro\"")
        }
        guard let fileVersion = SeedFile.version(members["contentVersion"]) else {
            throw failure("/contentVersion", "missing or invalid \"contentVersion\": give the file's content version as a whole number ≥ 1")
        }
        guard case .array(let documents)? = members["documents"] else {
            throw failure("/documents", "missing \"documents\": an array of the seeded documents")
        }
        var seen: [String: Int] = [:]
        for (index, document) in documents.enumerated() {
            let pointer = "/documents/\(index)"
            guard case .object(let fields) = document else {
                throw failure(pointer, "document \(index) is \(document.typeName), not an object")
            }
            guard case .string(let id)? = fields["id"] else {
                throw failure(pointer + "/id", "document \(index) has no string \"id\"; seeded documents need stable ids")
            }
            guard let version = SeedFile.version(fields["contentVersion"]) else {
                throw failure(pointer + "/contentVersion", "document \"\(id)\" has no valid \"contentVersion\"; give every document its own content version (a whole number ≥ 1)", id: id)
            }
            if version > fileVersion {
                throw failure(pointer + "/contentVersion", "document \"\(id)\" has contentVersion \(version), above the file's \(fileVersion); raise the file's contentVersion", id: id)
            }
            if let earlier = seen.updateValue(index, forKey: DocumentID.key(id)) {
                throw failure(pointer + "/id", "documents \(earlier) and \(index) both have id \"\(id)\" (ignoring case); each seeded document needs its own id", id: id)
            }
        }
        self.fileName = fileName
        self.path = path
        checksum = MigrationFile.checksum(of: bytes)
        self.collection = collection
        self.source = source
        contentVersion = fileVersion
        self.documents = documents
    }

    /// A content version: a whole number ≥ 1.
    static func version(_ value: JSONValue?) -> Int? {
        guard let number = value?.numberValue?.int64Value, number >= 1,
              value?.numberValue.map({ !$0.text.contains(".") && !$0.text.lowercased().contains("e") }) == true
        else { return nil }
        return Int(number)
    }
}
