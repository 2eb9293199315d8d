import Foundation

/// Compares two stores document by document (``Store/diff(_:_:options:)``).
struct StoreDiffer {
    let store: Store

    static func diff(_ old: URL, _ new: URL, options: DiffOptions = DiffOptions()) throws -> StoreDiff {
        var temporaries: [URL] = []
        defer { for folder in temporaries { try? FileManager.default.removeItem(at: folder) } }
        func open(_ url: URL) throws -> Store {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw AlmanacError(.notFound, "does not exist; give a store's folder, a backup's folder or an export file", path: url.path)
            }
            let reading = Store.Options(lockTimeout: 0, documentCacheCapacity: 0)
            guard !isFolder.boolValue else { return try Store(at: url, options: reading) }
            // An export is read back into a private store, so that both sides read alike.
            let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("almanac-diff-\(UUID().uuidString)")
            temporaries.append(scratch)
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let target = scratch.appendingPathComponent("store")
            _ = try Store.importExport(from: url, into: target, options: reading)
            let store = try Store(at: target, options: reading)
            store.finishWriting()
            return store
        }
        let a = try open(old), b = try open(new)
        var diff = StoreDiff()
        func property(_ name: String, _ x: JSONValue, _ y: JSONValue) {
            if x != y { diff.properties.append(.init(name: name, old: x, new: y)) }
        }
        property("app", .string(a.app), .string(b.app))
        property("schemaVersion", .number(JSONNumber(a.schemaVersion)), .number(JSONNumber(b.schemaVersion)))
        property("timeZone", .string(a.calendar.description), .string(b.calendar.description))
        diff.schemaFiles = try compareSchemaFiles(a, b)

        let names = Set(a.catalog.collections.map(\.name)).union(b.catalog.collections.map(\.name))
        for name in options.collections where !names.contains(name) {
            throw AlmanacError(.unknownCollection, "neither store has a collection \"\(name)\"; the collections are \(names.sorted().joined(separator: ", "))")
        }
        let chosen = options.collections.isEmpty ? names.sorted() : Array(Set(options.collections)).sorted()
        for name in chosen {
            let (x, y) = (try StoreDiffer(store: a).documentsForDiff(in: name, days: options.days), try StoreDiffer(store: b).documentsForDiff(in: name, days: options.days))
            for key in Set(x.keys).union(y.keys).sorted() {
                switch (x[key], y[key]) {
                case (let before?, let after?):
                    let fields = before.value.differences(to: after.value)
                    if !fields.isEmpty || before.location != after.location {
                        diff.documents.append(.init(kind: .changed, collection: name, id: after.location.id, oldPath: before.location.relativePath,
                                                    newPath: after.location.relativePath, fields: fields))
                    }
                case (let before?, nil):
                    diff.documents.append(.init(kind: .removed, collection: name, id: before.location.id, oldPath: before.location.relativePath, newPath: nil, fields: []))
                case (nil, let after?):
                    diff.documents.append(.init(kind: .added, collection: name, id: after.location.id, oldPath: nil, newPath: after.location.relativePath, fields: []))
                case (nil, nil):
                    break
                }
                diff.attachments += try compareAttachments(of: x[key], y[key], in: name, a, b)
            }
        }
        return diff
    }

    /// The documents of `collection` (none when the catalog lacks it), by id key.
    private func documentsForDiff(in collection: String, days: ClosedRange<CalendarDate>?) throws -> [String: StoredDocument] {
        guard let descriptor = store.catalog.collection(named: collection) else { return [:] }
        var query = Query(collection)
        if descriptor.dateField != nil { query.days = days }
        var documents: [String: StoredDocument] = [:]
        for document in try store.documents(matching: query) {
            documents[document.location.id.map(DocumentID.key) ?? ""] = document
        }
        return documents
    }

    /// The schema files that differ, compared as JSON (spacing aside).
    private static func compareSchemaFiles(_ a: Store, _ b: Store) throws -> [StoreDiff.FileChange] {
        func files(_ store: Store) throws -> [String: JSONValue] {
            guard let folder = try store.root.openFolder("schema") else { return [:] }
            var files: [String: JSONValue] = [:]
            for entry in try folder.entries() where entry.kind == .file && entry.name.hasSuffix(".json") {
                guard let bytes = try folder.readFile(entry.name) else { continue }
                do {
                    files[entry.name] = try JSONParser.parse(bytes).value
                } catch let error as AlmanacError {
                    throw error.at(path: "schema/\(entry.name)")
                }
            }
            return files
        }
        let (x, y) = (try files(a), try files(b))
        return Set(x.keys).union(y.keys).sorted().compactMap { name in
            switch (x[name], y[name]) {
            case (nil, _?): .init(kind: .added, path: "schema/\(name)")
            case (_?, nil): .init(kind: .removed, path: "schema/\(name)")
            case (let p?, let q?) where p != q: .init(kind: .changed, path: "schema/\(name)")
            default: nil
            }
        }
    }

    /// The attachments of one document that differ between its two versions, byte for byte.
    private static func compareAttachments(of old: StoredDocument?, _ new: StoredDocument?, in collection: String,
                                           _ a: Store, _ b: Store) throws -> [StoreDiff.FileChange] {
        guard let id = (new ?? old)?.location.id else { return [] }
        func files(_ document: StoredDocument?, _ store: Store) throws -> [String: [UInt8]] {
            guard let document, let id = document.location.id, store.catalog.collection(named: collection)?.attachments == true else { return [:] }
            var files: [String: [UInt8]] = [:]
            for name in try store.attachmentNames(of: id, in: collection) {
                files[name] = try store.attachment(named: name, of: id, in: collection)
            }
            return files
        }
        let (x, y) = (try files(old, a), try files(new, b))
        let folder = ((new ?? old)?.location.folderPath ?? []) + [Filing.attachmentFolderName(id)]
        return Set(x.keys).union(y.keys).sorted().compactMap { name in
            let path = (folder + [name]).joined(separator: "/")
            switch (x[name], y[name]) {
            case (nil, _?): return .init(kind: .added, path: path)
            case (_?, nil): return .init(kind: .removed, path: path)
            case (let p?, let q?) where p != q: return .init(kind: .changed, path: path)
            default: return nil
            }
        }
    }
}
