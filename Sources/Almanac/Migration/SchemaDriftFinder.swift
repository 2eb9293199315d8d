import Foundation

/// Compares an app's schema folder with the copy a store keeps (``Store/schemaDrift(from:)``).
struct SchemaDriftFinder {
    let store: Store

    func drift(from folder: URL) throws -> SchemaDrift? {
        let catalog = try Catalog.loadCatalogFile(folder: folder)
        guard catalog.app == store.app else {
            throw AlmanacError(
                .invalidCatalog, "the schema folder is for app \(catalog.app), but the store belongs to \(store.app); compare the store with schema/\(store.app)",
                path: folder.path)
        }
        guard catalog.version == store.schemaVersion else { return nil }
        var theirs: [String: JSONValue] = [:]
        for name in try Store.schemaFileNames(in: folder) {
            let url = folder.appendingPathComponent(name)
            let bytes = try Catalog.readExternalFile(url, missing: "vanished while the schema folder was read; try again")
            theirs[name] = try Self.schemaValue(bytes, path: url.path)
        }
        var ours: [String: JSONValue] = [:]
        if let copy = try store.root.openFolder("schema") {
            // A sync's copies of a schema file are not files of the schema: the version reads
            // use stands for the file (check reports the copies).
            let versions = try SchemaCopies.find(in: copy)
            let copies = Set(versions.flatMap(\.copies))
            let names = try copy.entries().filter { $0.kind == .file }.map(\.name).filter { name in
                name.hasSuffix(".json") && !name.hasPrefix(".") && !copies.contains(name)
            } + versions.map(\.name)
            for name in Set(names).sorted() {
                guard let bytes = try SchemaCopies.file(name, in: copy, schemaVersion: store.schemaVersion) else { continue }
                ours[name] = try Self.schemaValue(bytes, path: copy.childPath(name))
            }
        }
        let files: [SchemaDrift.File] = Set(theirs.keys).union(ours.keys).sorted().compactMap { name in
            switch (ours[name], theirs[name]) {
            case (nil, _?): return SchemaDrift.File(name: name, kind: .added, pointers: [])
            case (_?, nil): return SchemaDrift.File(name: name, kind: .removed, pointers: [])
            case (let old?, let new?) where old != new:
                return SchemaDrift.File(name: name, kind: .changed, pointers: old.differences(to: new).map { $0.pointer.isEmpty ? "/" : $0.pointer })
            default: return nil
            }
        }
        return files.isEmpty ? nil : SchemaDrift(schemaFolder: folder.path, version: store.schemaVersion, files: files)
    }

    private static func schemaValue(_ bytes: [UInt8], path: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(bytes).value
        } catch let error as AlmanacError {
            throw error.at(path: path)
        }
    }
}
