extension Store {
    static let journalName = "journal.json"

    /// Records, durably, the documents about to move to another date folder, so that a
    /// crash between writing the new copy and removing the old one can be finished by the
    /// next writer instead of leaving two copies.
    func writeJournal(moves: [(from: DocumentLocation, to: DocumentLocation)]) throws {
        let entries: [JSONValue] = moves.map {
            .object(["from": .string($0.from.relativePath), "to": .string($0.to.relativePath)])
        }
        let journal = JSONValue.object(["kind": .string("move"), "moves": .array(entries)])
        let folder = try createFolders([".almanac"])
        try folder.writeFile(Store.journalName, CanonicalJSON.prettyBytes(journal))
    }

    func removeJournal() throws {
        guard let folder = try openFolders([".almanac"]) else { return }
        if try folder.removeFile(Store.journalName) { try folder.synchronize() }
    }

    /// Repairs what a writer killed in mid-write left behind: finishes interrupted moves
    /// (the new copy is durable, so the old one goes; without a new copy the old one stays)
    /// and removes leftover temporary files. Call inside ``withWriteLock(_:)``.
    func recoverInterruptedWrite() throws {
        if let folder = try openFolders([".almanac"]), let bytes = try folder.readFile(Store.journalName) {
            let journal: JSONValue
            do {
                journal = try JSONParser.parse(bytes).value
            } catch let error as AlmanacError {
                throw error.at(path: ".almanac/\(Store.journalName)").prefixed("cannot finish an interrupted write: ")
            }
            for move in journal["moves"]?.arrayValue ?? [] {
                guard let from = move["from"]?.stringValue, let to = move["to"]?.stringValue,
                      let old = parseRelativePath(from), let new = parseRelativePath(to)
                else { continue }
                if try openFolders(new.folderPath)?.readFile(new.fileName) != nil {
                    try removeDocumentFile(at: old)
                }
            }
            try removeJournal()
        }
        try removeTemporaryFiles(in: root)
    }

    /// Removes every leftover temporary file below `folder`, fsyncing the folders it cleans.
    private func removeTemporaryFiles(in folder: Directory) throws {
        var removed = false
        for entry in try folder.entries() {
            switch entry.kind {
            case .file where Directory.isTemporaryName(entry.name):
                removed = try folder.removeFile(entry.name) || removed
            case .folder:
                if let child = try folder.openFolder(entry.name) { try removeTemporaryFiles(in: child) }
            default:
                continue
            }
        }
        if removed { try folder.synchronize() }
    }

    /// The location named by a store-relative document path, or `nil` when it names none.
    func parseRelativePath(_ path: String) -> DocumentLocation? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[0] == "data" else { return nil }
        if parts.count == 2, parts[1].hasSuffix(".json") {
            let name = String(parts[1].dropLast(5))
            guard catalog.collection(named: name)?.isSingleton == true else { return nil }
            return DocumentLocation(collection: name, folders: [], id: nil)
        }
        // Only names this code could have written: a known collection and date folders.
        guard let collection = catalog.collection(named: parts[1]), !collection.isSingleton,
              let id = DocumentID.id(fromFileName: parts[parts.count - 1])
        else { return nil }
        let folders = Array(parts[2..<(parts.count - 1)])
        guard folders.count == collection.partition?.depth,
              folders.enumerated().allSatisfy({ DateFolder.number($1, level: $0) != nil })
        else { return nil }
        return DocumentLocation(collection: collection.name, folders: folders, id: id)
    }
}
