extension StoreReader {
    /// The archived documents of `descriptor`, oldest first (``Store/archivedDocuments(json:)``).
    func archivedDocuments(of descriptor: CollectionDescriptor) throws -> [StoredDocument] {
        guard let folder = try openFolders(["archive", descriptor.name]) else { return [] }
        var found: [StoredDocument] = []
        try collectArchived(in: folder, folders: [], descriptor: descriptor, into: &found)
        let keyed = found.map { document -> (Double, String, StoredDocument) in
            let date = document.value.objectValue.flatMap { try? filing.filingDate(of: $0, in: descriptor, id: document.location.id) }
            return (date?.sortKey ?? 0, document.location.id ?? "", document)
        }
        return keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// Reads the archived documents below `folder` through the store's document cache, so that
    /// totals asked for again and again (MIGA's all-time KPIs and streak) cost a `stat` per file.
    private func collectArchived(in folder: Directory, folders: [String], descriptor: CollectionDescriptor,
                                 into found: inout [StoredDocument]) throws {
        try forEachArchivedFile(in: folder, folders: folders) { parent, folders, id, name in
            let location = DocumentLocation(collection: descriptor.name, folders: folders, id: id)
            do {
                if let document = try remembered(location, in: parent) ?? read(location, in: parent, remembering: true) {
                    found.append(document)
                }
            } catch let error as AlmanacError {
                throw error.at(path: (["archive", descriptor.name] + folders + [name]).joined(separator: "/"))
            }
        }
    }

    /// Calls `body` for each archived document file below `folder`, in name order: the folder
    /// holding it, its folders below `archive/<collection>/`, its id and its file name.
    private func forEachArchivedFile(in folder: Directory, folders: [String],
                                     _ body: (Directory, [String], String, String) throws -> Void) throws {
        let entries = try folder.entries().sorted(by: { $0.name < $1.name })
        // A sync tool's copy of an archived file is not a second archived document (`check`
        // names it): recognised as every listing recognises copies.
        var copies: Set<String> = []
        DocumentFiles.forEachDocumentFile(in: entries, folder: folder) { name, _, copy in if copy != nil { copies.insert(name) } }
        for entry in entries {
            if Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name) { continue }
            switch entry.kind {
            case .folder where !entry.name.hasSuffix(".files"):
                guard let child = try folder.openFolder(entry.name) else { continue }
                try forEachArchivedFile(in: child, folders: folders + [entry.name], body)
            case .file:
                guard !copies.contains(entry.name), let (id, copy) = SyncConflict.documentFile(named: entry.name), copy == nil else { continue }
                try body(folder, folders, id, entry.name)
            default:
                continue
            }
        }
    }

    /// Where `archive/<collection>/` holds the document `id` (its folders below that folder),
    /// or `nil`: an id is one document across live and archived files, so a save of a new
    /// document with an archived id brings that document back instead of adding a second one.
    ///
    /// Looked up in the archive's folder index (``FolderIndex/Area/archive``), checked like the
    /// live one: a `stat` per archived folder, not a listing of every archived file. A sync
    /// tool's copy of an archived file is not the archived document.
    func archivedLocation(of id: String, in collection: CollectionDescriptor) throws -> DocumentLocation? {
        guard !collection.isSingleton else { return nil }
        let files = try withFolderIndex(collection, area: .archive) { try $0.files(ofKey: DocumentID.key(id), reader: self) }
        return files?.locations.first { $0.copyName == nil }
    }
}
