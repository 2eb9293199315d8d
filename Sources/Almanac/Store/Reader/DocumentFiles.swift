/// The files that hold one document, as a listing found them: one file, or several when a
/// sync left copies beside it (`<id>.sync-conflict-….json`, `<id> 2.json`) or put the id in
/// two date folders. However many files, it is one document (``DocumentConflict``).
///
/// Every listing builds one per file, so the common case allocates nothing beyond the
/// location: no array for a single file, no lowercased key (ids are matched by a hash of
/// their case-folded bytes, and compared as keys only when two hashes meet).
struct DocumentFiles: Sendable {
    /// The id, as the first file's name spells it.
    var id: String
    /// The first file: the document's own `<id>.json` when there is one.
    private(set) var first: DocumentLocation
    /// The other files, in listing order; empty for a document in one file.
    private(set) var others: [DocumentLocation] = []

    /// ``DocumentID/foldedHash(_:)`` of the id, worked out once per listing.
    let hash: UInt64

    init(id: String, locations: [DocumentLocation]) {
        self.id = id
        first = locations[0]
        others = Array(locations.dropFirst())
        hash = DocumentID.foldedHash(id)
    }

    /// A document in one file.
    init(id: String, first: DocumentLocation) {
        self.id = id
        self.first = first
        hash = DocumentID.foldedHash(id)
    }

    /// Every file, the first first.
    var locations: [DocumentLocation] { [first] + others }
    var hasVersions: Bool { !others.isEmpty }
    /// The id as ids compare (``DocumentID/key(_:)``).
    var key: String { DocumentID.key(id) }

    /// The documents a leaf folder's `entries` hold, in id order: files that hold no version
    /// of a document are passed over (`check` reports them). `folder` is the open folder, which
    /// files whose name does not say what they hold are read from (``forEachDocumentFile(in:folder:_:)``).
    static func group(_ entries: [Directory.Entry], collection: String, folders: [String], in folder: Directory?) -> [DocumentFiles] {
        var single: [DocumentFiles] = []
        single.reserveCapacity(entries.count)
        var sawCopy = false
        // In a sync tool's copy of a date folder, every file is a copy.
        let folderCopy = DateFolder.copyTool(among: folders)
        forEachDocumentFile(in: entries, folder: folder) { name, id, copy in
            let copy = copy ?? folderCopy.map { SyncConflict.Copy(originalName: DocumentID.fileName(id), tool: $0) }
            if copy != nil { sawCopy = true }
            let location = DocumentLocation(collection: collection, folders: folders, id: id, copyName: copy == nil ? nil : name)
            single.append(DocumentFiles(id: id, first: location))
        }
        // Without copies each file is its own document (ids equal ignoring case in one folder
        // are joined like those of two folders, by `joined`).
        guard sawCopy else { return single }
        var groups: [DocumentFiles] = []
        var index = IDIndex()
        for files in single {
            if let at = index.position(of: files, in: groups) {
                groups[at].add(files.first)
            } else {
                index.insert(files, at: groups.count)
                groups.append(files)
            }
        }
        // Copies sort apart from their original ("x 2.json" before "x.json"): id order keeps
        // the listing's order the same with and without them.
        return groups.sorted { DocumentID.fileName($0.id) < DocumentID.fileName($1.id) }
    }

    /// Joins by id the documents found in several folders (or one), listed folder after folder
    /// in date order: one list, so that a whole collection's is never held twice.
    ///
    /// One pass over the ids' hashes finds whether any id is there twice; only then are the
    /// documents matched up.
    static func joined(_ all: [DocumentFiles]) -> [DocumentFiles] {
        var hashes = Set<UInt64>(minimumCapacity: all.count)
        guard all.contains(where: { !hashes.insert($0.hash).inserted }) else { return all }
        var result: [DocumentFiles] = []
        result.reserveCapacity(all.count)
        var index = IDIndex()
        for files in all {
            if let at = index.position(of: files, in: result) {
                for location in files.locations { result[at].add(location) }
            } else {
                index.insert(files, at: result.count)
                result.append(files)
            }
        }
        return result
    }

    /// Adds a file; the document's own `<id>.json` goes before copies, so that its name
    /// spells the id.
    private mutating func add(_ location: DocumentLocation) {
        if location.copyName == nil, first.copyName != nil {
            others.insert(first, at: 0)
            first = location
            id = location.id ?? id
        } else {
            others.append(location)
        }
    }
}

/// Where each id (ignoring case) is in a list of ``DocumentFiles``, by a hash of the id's
/// case-folded bytes; ids whose hashes meet are compared as keys.
struct IDIndex {
    private var positions: [UInt64: Int] = [:]
    /// Ids whose hash another id already had, by key.
    private var collided: [String: Int] = [:]

    /// The position of the document `files` is a part of in `list`, or `nil`.
    func position(of files: DocumentFiles, in list: [DocumentFiles]) -> Int? {
        guard let at = positions[files.hash] else { return nil }
        if list[at].key == files.key { return at }
        return collided[files.key]
    }

    mutating func insert(_ files: DocumentFiles, at position: Int) {
        if positions[files.hash] == nil {
            positions[files.hash] = position
        } else {
            collided[files.key] = position
        }
    }
}

/// A set of ids ignoring case, by the same hashes as ``IDIndex``.
struct IDSet {
    private var byHash: [UInt64: String] = [:]
    private var collided: Set<String> = []

    /// Adds `id`; returns false when it (ignoring case) was there.
    mutating func insert(_ id: String) -> Bool {
        let hash = DocumentID.foldedHash(id)
        guard let known = byHash[hash] else {
            byHash[hash] = id
            return true
        }
        let key = DocumentID.key(id)
        if DocumentID.key(known) == key { return false }
        return collided.insert(key).inserted
    }
}
