extension Store {
    /// The documents of `collection` that retention archived (`archive/<collection>/`, in the
    /// same folder layout as `data/`), oldest first: out of every query, kept for totals and
    /// history that must not shrink when retention runs.
    ///
    /// - Throws: `.unknownCollection`; `.malformedJSON` naming the archived file.
    public func archivedDocuments(json collection: String) throws -> [StoredDocument] {
        let descriptor = try self.collection(named: collection)
        guard let folder = try openFolders(["archive", descriptor.name]) else { return [] }
        var found: [StoredDocument] = []
        try collectArchived(in: folder, folders: [], descriptor: descriptor, into: &found)
        let keyed = found.map { document -> (Double, String, StoredDocument) in
            let date = document.value.objectValue.flatMap { try? filing.filingDate(of: $0, in: descriptor, id: document.location.id) }
            return (date?.sortKey ?? 0, document.location.id ?? "", document)
        }
        return keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// The archived documents of type `D`, oldest first (see ``archivedDocuments(json:)``).
    public func archivedDocuments<D: Document>(_ type: D.Type) throws -> [D] {
        try archivedDocuments(json: D.collection).map { try decode(D.self, $0) }
    }

    private func collectArchived(in folder: Directory, folders: [String], descriptor: CollectionDescriptor,
                                 into found: inout [StoredDocument]) throws {
        for entry in try folder.entries().sorted(by: { $0.name < $1.name }) {
            if Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name) { continue }
            switch entry.kind {
            case .folder where !entry.name.hasSuffix(".files"):
                guard let child = try folder.openFolder(entry.name) else { continue }
                try collectArchived(in: child, folders: folders + [entry.name], descriptor: descriptor, into: &found)
            case .file:
                guard let id = DocumentID.id(fromFileName: entry.name), let bytes = try folder.readFile(entry.name) else { continue }
                let path = (["archive", descriptor.name] + folders + [entry.name]).joined(separator: "/")
                do {
                    let parsed = try JSONParser.parse(bytes)
                    found.append(StoredDocument(location: DocumentLocation(collection: descriptor.name, folders: folders, id: id),
                                                value: parsed.value, hadByteOrderMark: parsed.hadByteOrderMark))
                } catch let error as AlmanacError {
                    throw error.at(path: path)
                }
            default:
                continue
            }
        }
    }

    /// Where `archive/<collection>/` holds the document `id` (its folders below that folder),
    /// or `nil`: an id is one document across live and archived files, so a save of a new
    /// document with an archived id brings that document back instead of adding a second one.
    ///
    /// Listed once per collection (folder names only, no file read) and remembered like the
    /// live id index, until another writer writes or this store changes the archive.
    func archivedLocation(of id: String, in collection: CollectionDescriptor, _ state: StoreState) throws -> DocumentLocation? {
        guard !collection.isSingleton else { return nil }
        if let known = state.cache.archived[collection.name] { return known[DocumentID.key(id)] }
        var index: [String: DocumentLocation] = [:]
        if let folder = try openFolders(["archive", collection.name]) {
            try indexArchived(in: folder, folders: [], collection: collection.name, into: &index)
        }
        state.cache.archived[collection.name] = index
        return index[DocumentID.key(id)]
    }

    private func indexArchived(in folder: Directory, folders: [String], collection: String, into index: inout [String: DocumentLocation]) throws {
        for entry in try folder.entries() {
            if Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name) { continue }
            if entry.kind == .folder, !entry.name.hasSuffix(".files"), let child = try folder.openFolder(entry.name) {
                try indexArchived(in: child, folders: folders + [entry.name], collection: collection, into: &index)
            } else if entry.kind == .file, let id = DocumentID.id(fromFileName: entry.name) {
                index[DocumentID.key(id)] = DocumentLocation(collection: collection, folders: folders, id: id)
            }
        }
    }
}
