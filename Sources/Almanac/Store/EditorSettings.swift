/// The editor settings a store carries so that an editor opened on its folder validates and
/// completes each document against its collection's schema: VS Code's `.vscode/settings.json`,
/// whose `json.schemas` entries map file globs (relative to the store folder) to the schema
/// files in the store's own `schema/` copy.
///
/// Almanac owns only the `json.schemas` entries whose `url` points into `./schema/`; every
/// other setting and entry a person added is kept when the file is written again.
enum EditorSettings {
    static let folderName = ".vscode"
    static let fileName = "settings.json"
    static let path = "\(folderName)/\(fileName)"
    private static let schemasKey = "json.schemas"
    private static let ownedPrefix = "./schema/"

    /// The globs that match every document file of `collection`, from the store's root, in
    /// VS Code's form (a leading `/` anchors at the workspace folder; `*` stays within a name).
    static func fileMatches(for collection: CollectionDescriptor) -> [String] {
        if collection.isSingleton { return ["/data/\(collection.name).json"] }
        let folders = Array(repeating: "*", count: collection.partition?.depth ?? 0)
        return ["/" + (["data", collection.name] + folders + ["*.json"]).joined(separator: "/")]
    }

    /// Almanac's entries for `catalog`, one per collection, in catalog order.
    static func entries(for catalog: Catalog) -> [JSONValue] {
        catalog.collections.map { collection in
            .object([
                "fileMatch": .array(fileMatches(for: collection).map(JSONValue.string)),
                "url": .string(ownedPrefix + collection.schema),
            ])
        }
    }

    /// The settings file's content: `existing` (a person's own settings, or `nil`) with its
    /// Almanac entries replaced by those of `catalog`.
    ///
    /// - Throws: `.invalidDocument` when `existing` is not an object, or its `json.schemas`
    ///   is not an array, since overwriting it would lose a person's settings.
    static func settings(for catalog: Catalog, merging existing: JSONValue?) throws -> JSONValue {
        guard case .object(var members) = existing ?? .object([:]) else {
            throw AlmanacError(.invalidDocument, "is not a JSON object; fix or remove it, then Store.fix() writes the editor settings", path: path).with(.fixStore)
        }
        var kept: [JSONValue] = []
        switch members[schemasKey] {
        case nil: break
        case .array(let current)?:
            kept = current.filter { !($0["url"]?.stringValue?.hasPrefix(ownedPrefix) ?? false) }
        case _?:
            throw AlmanacError(.invalidDocument, "\"\(schemasKey)\" is not an array; fix it, then Store.fix() writes the editor settings",
                               path: path, pointer: "/" + schemasKey).with(.fixStore)
        }
        members[schemasKey] = .array(entries(for: catalog) + kept)
        return .object(members)
    }

    /// What the store's settings file should hold for `catalog`, and whether it already does.
    ///
    /// - Throws: `.malformedJSON` for a settings file that is not plain JSON (VS Code accepts
    ///   comments; Almanac does not rewrite such a file), or the errors of ``settings(for:merging:)``.
    static func expected(in root: Directory, catalog: Catalog) throws -> (bytes: [UInt8], upToDate: Bool) {
        let folder = try root.openFolder(folderName)
        let current = try folder?.readFile(fileName)
        var existing: JSONValue?
        if let current {
            do {
                existing = try JSONParser.parse(current).value
            } catch let error as AlmanacError {
                throw error.at(path: path)
            }
        }
        let bytes = CanonicalJSON.prettyBytes(try settings(for: catalog, merging: existing))
        return (bytes, bytes == current)
    }

    /// Writes the store's settings file for `catalog` when it differs, atomically.
    ///
    /// - Returns: whether the file was written.
    @discardableResult
    static func update(in root: Directory, catalog: Catalog) throws -> Bool {
        let (bytes, upToDate) = try expected(in: root, catalog: catalog)
        guard !upToDate else { return false }
        let folder = try root.openOrCreateFolder(folderName).folder
        try folder.writeFile(fileName, bytes, folderFlush: .barrier)
        return true
    }

    /// The catalog of the schema copy in `root`, for the writers that swap `schema/` and then
    /// bring the settings in line with it.
    static func storeCatalog(in root: Directory) throws -> Catalog? {
        guard let folder = try root.openFolder("schema"), let bytes = try SchemaCopies.file(Catalog.fileName, in: folder, schemaVersion: nil) else { return nil }
        return try Catalog(bytes: bytes, path: "schema/catalog.json")
    }
}
