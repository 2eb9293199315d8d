import Foundation

/// An app's catalog (`schema/<app>/catalog.json`): the schema version and every collection.
///
/// ```json
/// { "app": "miga", "version": 1, "collections": [
///   { "name": "usage-events", "schema": "usage-events.schema.json",
///     "dateField": "timestamp", "partition": "day", "unique": [], "references": [] },
///   { "name": "preferences", "schema": "preferences.schema.json", "singleton": true } ] }
/// ```
public struct Catalog: Sendable, Equatable {
    /// The app the catalog describes, e.g. `miga`.
    public var app: String
    /// The schema version: the number of the last migration that produces this schema.
    public var version: Int
    /// What the app's data is, for people.
    public var description: String?
    /// The collections, in catalog order.
    public var collections: [CollectionDescriptor]

    /// The collection named `name`, if any.
    public func collection(named name: String) -> CollectionDescriptor? {
        collections.first { $0.name == name }
    }

    /// The file name of a catalog inside a schema folder.
    public static let fileName = "catalog.json"

    /// Loads and checks the catalog in the schema folder at `folder`, including that every
    /// collection's schema file exists and compiles (an unsupported keyword is an error).
    ///
    /// - Throws: `.invalidCatalog` naming the file and field at fault, `.notFound` when there is no catalog.
    public static func load(folder: URL) throws -> Catalog {
        let catalogURL = folder.appendingPathComponent(fileName)
        let bytes = try readExternalFile(catalogURL, missing: "no \(fileName) in \(folder.path); pass the folder that holds the app's catalog, e.g. schema/miga")
        let catalog = try Catalog(bytes: bytes, path: catalogURL.path)
        var schemas: [String: JSONValue] = [:]
        for collection in catalog.collections {
            let schemaURL = folder.appendingPathComponent(collection.schema)
            let schemaBytes = try readExternalFile(
                schemaURL, missing: "collection \"\(collection.name)\" names schema \"\(collection.schema)\", which does not exist in \(folder.path)")
            do {
                // Compiling refuses a schema that uses a keyword the validator does not
                // support, so no rule is ever silently ignored.
                let document = try JSONParser.parse(schemaBytes).value
                _ = try JSONSchema(document, path: schemaURL.path)
                schemas[collection.name] = document
            } catch let error as AlmanacError {
                throw error.at(path: schemaURL.path)
            }
        }
        try checkRuleFields(catalog, schemas: schemas, path: catalogURL.path)
        return catalog
    }

    /// Reads and checks only `catalog.json` in `folder`, without compiling the collections'
    /// schemas: for tools that need the app's schema version, not its rules.
    ///
    /// - Throws: `.notFound`, `.malformedJSON` or `.invalidCatalog`.
    public static func loadCatalogFile(folder: URL) throws -> Catalog {
        let url = folder.appendingPathComponent(fileName)
        return try Catalog(bytes: try readExternalFile(url, missing: "no \(fileName) in \(folder.path); pass the folder that holds the app's catalog, e.g. schema/miga"), path: url.path)
    }

    /// Parses and checks catalog JSON.
    ///
    /// - Parameter path: the file's path, used in error messages.
    /// - Throws: `.malformedJSON` or `.invalidCatalog` with the path and JSON pointer at fault.
    init(bytes: [UInt8], path: String) throws {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path)
        }
        let reader = CatalogReader(path: path)
        let members = try reader.object(root, at: "")
        try reader.allowOnly(["app", "version", "description", "collections", "$schema"], in: members, at: "")
        app = try reader.string(members["app"], at: "/app")
        guard Catalog.isValidName(app) else {
            throw reader.error("/app", "\"\(app)\" is not a valid app name; use lowercase letters, digits and '-'")
        }
        version = try reader.integer(members["version"], at: "/version", minimum: 1)
        description = try reader.optionalString(members["description"], at: "/description")
        let list = try reader.array(members["collections"], at: "/collections")
        var collections: [CollectionDescriptor] = []
        for (index, item) in list.enumerated() {
            let collection = try reader.collection(item, at: "/collections/\(index)")
            if collections.contains(where: { $0.name == collection.name }) {
                throw reader.error("/collections/\(index)/name", "collection \"\(collection.name)\" is declared twice; keep one")
            }
            collections.append(collection)
        }
        for (index, collection) in collections.enumerated() {
            for (referenceIndex, reference) in collection.references.enumerated()
            where !collections.contains(where: { $0.name == reference.collection }) {
                throw reader.error(
                    "/collections/\(index)/references/\(referenceIndex)/collection",
                    "refers to collection \"\(reference.collection)\", which the catalog does not declare")
            }
        }
        for (index, collection) in collections.enumerated() {
            for (ruleIndex, rule) in collection.rules.enumerated() {
                // A setting is read from a singleton's document: any other collection has no one document to read.
                for named in rule.settings where collections.first(where: { $0.name == named.collection })?.isSingleton != true {
                    throw reader.error(
                        "/collections/\(index)/rules/\(ruleIndex)/check",
                        "reads a setting from \"\(named.collection)\", which is not a singleton collection of this catalog; name one that is, e.g. settings")
                }
            }
        }
        try reader.checkRetentionReferences(collections)
        self.collections = collections
    }

    /// Whether `name` may name an app or a collection: a lowercase letter, then lowercase
    /// letters, digits and `-`, at most 64 characters (it becomes a folder name).
    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), bytes.count <= 64 else {
            return false
        }
        return bytes.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || $0 == UInt8(ascii: "-")
        }
    }

    static func readExternalFile(_ url: URL, missing: String) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw AlmanacError(.notFound, missing, path: url.path)
        }
        return try SystemCall.readExternalFile(atPath: url.path)
    }
}
