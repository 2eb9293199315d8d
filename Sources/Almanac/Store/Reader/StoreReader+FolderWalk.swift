#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Walking a collection's date folders with a bounded number of open descriptors.
///
/// Apple systems give a process a few hundred descriptors (256 by default on macOS), and a
/// store with years of day folders has thousands of folders. Every walk therefore holds open
/// only the folders on the path from the collection to the folder it is in; a scan lists first,
/// then each of its readers keeps one folder open at a time (``FolderCursor``).
extension StoreReader {
    /// Calls `body` for each leaf folder of `collection` that can hold documents of `days`
    /// (all when `nil`), in name order (date order), with the folder's entries sorted by name.
    ///
    /// Only the folders on the path to the current one are open, so the walk holds
    /// `partition depth + 2` descriptors whatever the store's size.
    /// - Throws: `.symbolicLink` for a link anywhere in the collection's tree; `.notDownloaded`
    ///   for a document iCloud Drive keeps only a placeholder of.
    func forEachLeafFolder(
        of collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?,
        _ body: (_ folder: Directory, _ folders: [String], _ entries: [Directory.Entry]) throws -> Void
    ) throws {
        try walkLeafFolders(of: collection, days: days, newestFirst: false) { try body($0, $1, $2); return true }
    }

    /// ``forEachLeafFolder(of:days:_:)`` in either date order, stopping as soon as `body`
    /// returns false: a query for the newest documents opens the newest folders only.
    ///
    /// The folder entries passed to `body` are in name order whichever the direction.
    ///
    /// - Parameter armed: given each folder the walk watched before listing it (from the store
    ///   root) with its epoch, `nil` when it could not be watched (``ChangeWatch``).
    func walkLeafFolders(
        of collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?, newestFirst: Bool,
        armed: ((String, UInt64?) -> Void)? = nil,
        _ body: (_ folder: Directory, _ folders: [String], _ entries: [Directory.Entry]) throws -> Bool
    ) throws {
        // Each folder is watched before it is listed, parents first (``ChangeWatch``).
        let watch = view?.overlay == nil ? warm.watch : nil
        func arm(_ path: String) {
            let epoch = watch?.arm(path)
            armed?(path, epoch)
        }
        arm("")
        arm("data")
        guard let top = try openFolders(["data", collection.name]) else { return }
        let depth = collection.partition?.depth ?? 0
        func walk(_ folder: Directory, _ folders: [String]) throws -> Bool {
            arm(folder.path)
            // In name order, which is date order for date folders: scans, errors and counts are
            // then the same on every file system.
            // A symbolic link (emacs' lock `.#x.json`, or a person's) is never followed and never
            // read as a document: `check` names it, and the rest of the folder reads as ever.
            let entries = try visibleEntries(of: folder, at: ["data", collection.name] + folders)
                .filter { $0.kind != .symbolicLink }.sorted(by: { $0.name < $1.name })
            // Documents a device still on an older layout wrote (a day folder under a month
            // folder, a file in a month folder of a day partition) are documents too: read,
            // and moved where they belong by the next check --fix (misplaced).
            let olderLayout = depth > 0 && folders.count != depth
                && entries.contains { $0.kind == .file && SyncConflict.documentFile(named: $0.name) != nil }
            if folders.count >= depth || olderLayout {
                try folder.refusePlaceholders(among: entries)
                if folders.count >= depth || olderLayout, !(try body(folder, folders, entries)) { return false }
            }
            guard depth > 0, folders.count < 3 else { return true }
            for entry in newestFirst ? entries.reversed() : entries {
                // A sync tool's copy of a date folder is walked with it: its documents are versions.
                guard entry.kind == .folder,
                      let number = DateFolder.number(entry.name, level: folders.count) ?? DateFolder.copy(entry.name, level: folders.count)?.number
                else { continue }
                if let days, !DateFolder.overlaps(folders: folders, next: number, level: folders.count, days: days) { continue }
                guard let child = try openVisibleFolder(entry.name, in: folder, at: ["data", collection.name] + folders) else { continue }  // removed meanwhile
                guard try walk(child, folders + [entry.name]) else { return false }
            }
            return true
        }
        _ = try walk(top, [])
    }

    /// Every document of `collection`, in name (date) order, visiting only the date folders
    /// that can hold documents of `days` (all when `nil`). Files that are not `<id>.json` or a
    /// sync tool's copy of one, and leftover temporary files, are passed over here; `check`
    /// reports them. An id found in several files (copies, several folders) is one document,
    /// at the place of its first file.
    ///
    /// - Throws: `.symbolicLink` for a link anywhere in the collection's tree; `.notDownloaded`
    ///   for a document iCloud Drive keeps only a placeholder of.
    func documentFiles(in collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?) throws -> DocumentListing {
        if collection.isSingleton {
            guard let data = try root.openFolder("data") else { return DocumentListing(collection: collection.name) }
            let fileName = "\(collection.name).json"
            var locations: [DocumentLocation] = []
            for entry in try visibleEntries(of: data, at: ["data"]).sorted(by: { $0.name < $1.name }) where entry.kind == .file {
                if entry.name == fileName {
                    locations.insert(DocumentLocation(collection: collection.name, folders: [], id: nil), at: 0)
                } else if SyncConflict.copy(named: entry.name, exists: { $0 == fileName })?.originalName == fileName {
                    locations.append(DocumentLocation(collection: collection.name, folders: [], id: nil, copyName: entry.name))
                }
            }
            guard !locations.isEmpty else {
                try data.refusePlaceholder(of: fileName)
                return DocumentListing(collection: collection.name)
            }
            return DocumentListing(collection: collection.name, documents: [DocumentFiles(id: collection.name, locations: locations)])
        }
        var listing = DocumentListing(collection: collection.name)
        try forEachLeafFolder(of: collection, days: days) { folder, path, entries in
            listing.append(DocumentFiles.group(entries, collection: collection.name, folders: path, in: folder), in: path)
        }
        return listing.joined()
    }

    /// Calls `body` for each document of `collection` in folder and file name order. With
    /// `readingDocuments` false, `body` gets no value (and, for a document a sync left in
    /// several files, its first file).
    func walkDocuments(
        of collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?, readingDocuments: Bool,
        _ body: (DocumentLocation, JSONValue?) throws -> Void
    ) throws {
        try walkDocumentFiles(of: collection, days: days, readingDocuments: readingDocuments) { files, document in
            try body(document?.location ?? files.first, document?.value)
        }
    }

    /// ``walkDocuments(of:days:readingDocuments:_:)`` with every file of each document and,
    /// when read, the document with its conflict.
    ///
    /// - Parameter keepGoing: go on past the documents that cannot be read (unreadable,
    ///   malformed, not downloaded) and return them, instead of throwing at the first.
    @discardableResult
    func walkDocumentFiles(
        of collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?, readingDocuments: Bool, keepGoing: Bool = false,
        _ body: (DocumentFiles, StoredDocument?) throws -> Void
    ) throws -> [AlmanacError] {
        var problems: [AlmanacError] = []
        var cursor = FolderCursor(reader: self)
        let filing = self.filing
        for files in try documentFiles(in: collection, days: days) {
            guard readingDocuments else { try body(files, nil); continue }
            let document: StoredDocument
            do {
                guard let read = try read(files, in: cursor.folder(files.first.folderPath)) else { continue }
                if let days {
                    guard let members = read.value.objectValue,
                          let date = try filing.filingDate(of: members, in: collection, id: files.id), days.contains(date.day(in: filing.calendar))
                    else { continue }
                }
                document = read
            } catch let error as AlmanacError where keepGoing && error.concernsOneFile {
                problems.append(error.path == nil ? error.at(path: files.first.relativePath) : error)
                continue
            }
            try body(files, document)
        }
        return problems
    }
}

/// The open folder of the document a scan's reader read last, and that folder's parent, so
/// that a run of documents in one folder opens it once, the next day folder costs one `openat`,
/// and a reader holds two folders open at a time.
struct FolderCursor {
    let reader: StoreReader
    private var parent: (path: ArraySlice<String>, folder: Directory?)?
    private var leaf: (path: [String], folder: Directory?)?

    init(reader: StoreReader) {
        self.reader = reader
    }

    /// The folder at `path` (from the store root), or `nil` when it is gone.
    mutating func folder(_ path: [String]) throws -> Directory? {
        if let leaf, leaf.path == path { return leaf.folder }
        leaf = nil  // closed before the next is opened
        guard let name = path.last else { return reader.root }
        let parentPath = path.dropLast()
        if parent?.path != parentPath {
            parent = nil
            parent = (parentPath, try reader.openFolders(Array(parentPath)))
        }
        let folder = try parent?.folder.flatMap { try reader.openVisibleFolder(name, in: $0, at: Array(parentPath)) }
        leaf = (path, folder)
        return folder
    }
}
