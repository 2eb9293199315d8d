extension CheckWalker {
    /// Checks `archive/`, where retention rules move old documents: every `<id>.json` file
    /// must parse as a JSON object (reported with line and column otherwise), and temporary
    /// files, symbolic links and files that are not documents are reported as in `data/`.
    ///
    /// The layout is not held to the current catalog: an archived document keeps the folders
    /// it was filed under when it was archived, and later migrations do not rewrite the archive.
    mutating func checkArchive() throws {
        guard let archive = try store.root.openFolder("archive") else { return }
        try checkArchiveFolder(archive)
    }

    private mutating func checkArchiveFolder(_ folder: Directory) throws {
        let entries = try folder.entries().sorted(by: { $0.name < $1.name })
        // Copies recognised as every read recognises them: by name, else by the id they hold.
        var copies: [String: SyncConflict.Copy] = [:]
        DocumentFiles.forEachDocumentFile(in: entries, folder: folder) { name, _, copy in copies[name] = copy }
        for entry in entries {
            let path = folder.childPath(entry.name)
            if entry.kind == .file, SystemFile.isSystemFile(entry.name) || SystemFile.placeholderTarget(entry.name) != nil {
                try classifyStray(entry, in: folder)
                continue
            }
            switch entry.kind {
            case .folder:
                guard let child = try folder.openFolder(entry.name) else { continue }
                try checkArchiveFolder(child)
            case .symbolicLink:
                report("symbolic-link", path, "is a symbolic link; Almanac never follows links inside a store — replace it with the real file or folder")
            case .file where Directory.isTemporaryName(entry.name):
                try classifyStray(entry, in: folder)
            case .file where copies[entry.name] != nil:
                let copy = copies[entry.name]
                report("sync-conflict", path,
                       "is a copy of the archived \(copy?.originalName ?? "document") that \(copy?.tool ?? SyncConflict.unknownTool) made when it changed on two devices; merge the versions of an archived document field by field (newer-wins) with the Store.resolve… calls",
                       remedy: .resolveConflicts)
            case .file where DocumentID.id(fromFileName: entry.name) != nil:
                checkArchivedDocument(in: folder, name: entry.name, path: path)
                let components = path.split(separator: "/").map(String.init)
                if components.count > 2, components[0] == "archive", let id = DocumentID.id(fromFileName: entry.name) {
                    archivedIDs.append((components[1], DocumentID.key(id), path))
                }
            default:
                report("unknown-file", path, "is an unknown file in the archive (expected a document <id>.json); Almanac ignores it — move it out of the store")
            }
        }
    }

    private mutating func checkArchivedDocument(in folder: Directory, name: String, path: String) {
        do {
            guard let bytes = try folder.readFile(name) else { return }
            let value = try JSONParser.parse(bytes).value
            guard case .object = value else {
                report("invalid-document", path, "an archived document must be a JSON object, found \(value.typeName)", line: 1, column: 1)
                return
            }
        } catch let error as AlmanacError {
            let kind = error.code == .malformedJSON ? "malformed-json" : error.code.rawValue
            report(kind, path, error.message, line: error.line, column: error.column)
        } catch {
            report("io", path, "cannot read: \(error)")
        }
    }
}
