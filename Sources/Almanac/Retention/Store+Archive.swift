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
}
