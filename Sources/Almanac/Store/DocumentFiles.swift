/// The files that hold one document, as a listing found them: one file, or several when a
/// sync left copies beside it (`<id>.sync-conflict-….json`, `<id> 2.json`) or put the id in
/// two date folders. However many files, it is one document (``DocumentConflict``).
struct DocumentFiles: Sendable {
    /// The id, as the first file's name spells it.
    var id: String
    /// Every file, in listing order; never empty.
    var locations: [DocumentLocation]

    var first: DocumentLocation { locations[0] }
    var hasVersions: Bool { locations.count > 1 }

    /// The documents a leaf folder's `entries` hold, in id order: files that are neither
    /// `<id>.json` nor a copy of one are passed over (`check` reports them).
    static func group(_ entries: [Directory.Entry], collection: String, folders: [String]) -> [DocumentFiles] {
        var groups: [DocumentFiles] = []
        var index: [String: Int] = [:]
        var sawCopy = false
        for entry in entries where entry.kind == .file {
            guard let (id, copy) = SyncConflict.documentFile(named: entry.name) else { continue }
            if copy != nil { sawCopy = true }
            let location = DocumentLocation(collection: collection, folders: folders, id: id, copyName: copy == nil ? nil : entry.name)
            let key = DocumentID.key(id)
            if let at = index[key] {
                groups[at].add(location)
            } else {
                index[key] = groups.count
                groups.append(DocumentFiles(id: id, locations: [location]))
            }
        }
        // Copies sort apart from their original ("x 2.json" before "x.json"): id order keeps
        // the listing's order the same with and without them.
        return sawCopy ? groups.sorted { DocumentID.fileName($0.id) < DocumentID.fileName($1.id) } : groups
    }

    /// Joins the documents found in several folders by id: `lists` in date order.
    static func joined(_ lists: [[DocumentFiles]]) -> [DocumentFiles] {
        var result: [DocumentFiles] = []
        var index: [String: Int] = [:]
        for list in lists {
            for files in list {
                let key = DocumentID.key(files.id)
                if let at = index[key] {
                    for location in files.locations { result[at].add(location) }
                } else {
                    index[key] = result.count
                    result.append(files)
                }
            }
        }
        return result
    }

    /// Adds a file; the document's own `<id>.json` goes before copies, so that its name
    /// spells the id.
    private mutating func add(_ location: DocumentLocation) {
        if location.copyName == nil, first.copyName != nil {
            locations.insert(location, at: 0)
            id = location.id ?? id
        } else {
            locations.append(location)
        }
    }
}
