/// Reading a document a sync left in several versions: each file read once, in the listing's
/// folder, and one version chosen the same way on every device (``VersionOrder``).
extension StoreReader {
    /// Reads the document `files` hold, or `nil` when every file is gone. `folder` is the open
    /// folder of `files.first` when the caller has it.
    ///
    /// - Throws: `.malformedJSON` or `.symbolicLink` for a version that cannot be read: a damaged
    ///   file is never passed over, even when another version reads.
    func read(_ files: DocumentFiles, in folder: Directory?, remembering: Bool = false) throws -> StoredDocument? {
        guard files.hasVersions else {
            guard let folder else { return try read(files.first) }
            if remembering, let known = try remembered(files.first, in: folder) { return known }
            return try read(files.first, in: folder, remembering: remembering)
        }
        var found: [(location: DocumentLocation, document: StoredDocument)] = []
        for location in files.locations {
            // From the open folder when the file is in it (a file gone meanwhile is gone: no
            // second look by path), else by path.
            let document: StoredDocument?
            if let folder, location.folderPath == files.first.folderPath {
                document = try read(location, in: folder)
            } else {
                document = try read(location)
            }
            if let document { found.append((location, document)) }
        }
        guard found.count > 1 else { return found.first?.document }
        var versions: [DocumentConflict.Version] = []
        var base: JSONValue?
        for (location, document) in found {
            if let conflict = document.conflict {
                versions += conflict.versions
                base = base ?? conflict.base
            } else {
                versions.append(.init(path: location.relativePath, origin: StoreReader.origin(of: location), value: document.value))
            }
        }
        let conflict = chosen(versions, base: base ?? mergeBase(of: files.id, in: files.first.collection),
                              collection: files.first.collection, id: files.id)
        let winner = found.first { $0.location.relativePath == conflict.versions[0].path } ?? found[0]
        return StoredDocument(location: winner.location, value: conflict.versions[0].value,
                              hadByteOrderMark: winner.document.hadByteOrderMark, conflict: conflict)
    }

    /// `versions` of the document `id` in the order reads use (the chosen one first).
    func chosen(_ versions: [DocumentConflict.Version], base: JSONValue?, collection: String, id: String) -> DocumentConflict {
        let modifiedField = catalog.collection(named: collection)?.modifiedField
        return DocumentConflict(collection: collection, id: id, versions: VersionOrder.sorted(versions, modifiedField: modifiedField), base: base)
    }

    /// The versions inside a file git left between merge markers, as one document with its
    /// conflict, or `nil` when `bytes` hold no markers or a side is not JSON.
    func mergeMarkerDocument(_ bytes: [UInt8], at location: DocumentLocation) -> StoredDocument? {
        guard let markers = MergeMarkers(bytes), let ours = try? JSONParser.parse(markers.ours),
              let theirs = try? JSONParser.parse(markers.theirs)
        else { return nil }
        let base = markers.base.flatMap { try? JSONParser.parse($0).value } ?? location.id.flatMap { mergeBase(of: $0, in: location.collection) }
        let path = location.relativePath
        let conflict = chosen([.init(path: path, origin: .gitOurs, value: ours.value), .init(path: path, origin: .gitTheirs, value: theirs.value)],
                              base: base, collection: location.collection, id: location.id ?? location.collection)
        return StoredDocument(location: location, value: conflict.versions[0].value, hadByteOrderMark: ours.hadByteOrderMark, conflict: conflict)
    }

    static func origin(of location: DocumentLocation) -> DocumentConflict.Origin {
        guard let name = location.copyName else { return .file }
        // A file in a copied date folder carries the folder's tool; a copy the listing
        // recognised by what it holds has no known tool's name.
        return .copy(tool: SyncConflict.copy(named: name, exists: { _ in false })?.tool ?? DateFolder.copyTool(among: location.folders) ?? SyncConflict.unknownTool)
    }

    /// The folder of `.almanac/` that keeps merge bases (see StoreWriter+MergeBase.swift).
    static let mergeBaseFolder = "base"

    /// The merge base kept for document `id` of `collection`, when there is a readable one.
    func mergeBase(of id: String, in collection: String) -> JSONValue? {
        guard let bases = try? openFolders([".almanac", StoreReader.mergeBaseFolder, collection]),
              let bytes = try? bases.readFile(DocumentID.fileName(DocumentID.key(id)))
        else { return nil }
        return try? JSONParser.parse(bytes).value
    }
}
