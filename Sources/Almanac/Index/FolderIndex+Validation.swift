import Foundation

/// Bringing the index up to date with the folders: a `stat` of each folder, a listing of each
/// folder whose signature moved, and a read of each file whose inode is new there.
extension FolderIndex {
    /// Checks every recorded folder against its signature and lists again the ones that
    /// changed; with nothing recorded, lists the whole collection. Called with `lock` held.
    ///
    /// - Parameter writer: where finished segments go during a full listing, so that a
    ///   million documents are never held at once.
    /// - Parameter only: list just these folders (the ones this process's commits changed).
    func validateLocked(reader: StoreReader, writer: IndexWriter?, only: Set<String>? = nil) throws {
        guard let top = try reader.openFolders(indexedPath) else {
            if !folders.isEmpty { resetLocked() }
            return
        }
        let now = DocumentCache.now()
        var edits = BucketEdits()
        edits.everyKey = folders.isEmpty
        // The watch epochs of the folders checked, recorded only once every folder is checked:
        // a check that fails part way vouches for none.
        var armed: [String: UInt64] = [:]
        if folders.isEmpty {
            try refreshLocked("", top: top, reader: reader, now: now, edits: &edits, writer: writer)
        } else {
            var toList = only.map(Array.init) ?? []
            var byParent: [String: [(name: String, path: String, record: IndexedFolder)]] = [:]
            // In a watched store, a folder whose watch saw nothing since it was last checked is
            // as it was: no look at it. The others are watched first, parents first, then looked at.
            let watch = only == nil && reader.view?.overlay == nil ? reader.warm.watch : nil
            let base = FolderIndex.path(indexedPath)
            var unsure: [(path: String, record: IndexedFolder)] = []
            if let watch {
                watch.arm("")
                watch.arm(indexedPath[0])
                for (path, record) in folders {
                    if let epoch = watched[path], written[path] == nil, watch.epoch(of: path.isEmpty ? base : base + "/" + path) == epoch { continue }
                    unsure.append((path, record))
                }
                unsure.sort { $0.path < $1.path }
                for (path, _) in unsure { armed[path] = watch.arm(path.isEmpty ? base : base + "/" + path) }  // nil: not recorded
            }
            for (path, record) in only != nil ? [] : watch != nil ? unsure : folders.map({ ($0.key, $0.value) }) {
                if written[path] != nil || record.unreadable > 0 || record.isRacy {
                    toList.append(path)
                } else if path.isEmpty {
                    if FolderSignature.of("", in: top) != record.signature { toList.append(path) }
                } else {
                    // Grouped by parent: each parent is opened once, and its children looked up in it.
                    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
                    let parent = slash.map { String(path[..<$0]) } ?? ""
                    let name = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
                    byParent[parent, default: []].append((name, path, record))
                }
            }
            for (parent, children) in byParent {
                let signatures = FolderSignature.of(children.map(\.name), inFolder: parent, below: top)
                for (child, signature) in zip(children, signatures) where signature != child.record.signature { toList.append(child.path) }
            }
            // Parents first: a parent listed again drops the children that left it. Given a
            // writer, each month's segment is written as its last folder is listed, so that a
            // large commit's folders are not all held at once.
            let listing = toList.sorted().filter { folders[$0] != nil }
            for (position, path) in listing.enumerated() {
                try refreshLocked(path, top: top, reader: reader, now: now, edits: &edits, writer: writer)
                let segment = IndexFiles.segment(of: Self.components(path), depth: depth)
                if let writer, position + 1 == listing.count || IndexFiles.segment(of: Self.components(listing[position + 1]), depth: depth) != segment {
                    writeSegmentLocked(segment, with: writer)
                }
            }
        }
        written = [:]
        try applyLocked(&edits, reader: reader)
        watched.merge(armed) { $1 }
    }

    /// Lists the folder at `path` again (and, for a folder new to the index, everything below
    /// it), recording what it holds now.
    private func refreshLocked(
        _ path: String, top: Directory, reader: StoreReader, now: Int64, edits: inout BucketEdits, writer: IndexWriter?
    ) throws {
        let components = Self.components(path)
        let fromRoot = indexedPath + components
        guard let folder = path.isEmpty ? top : try reader.openFolders(fromRoot) else {
            try dropLocked(path, reader: reader, edits: &edits)
            return
        }
        let signature = try FolderSignature.of(folder)
        // Links are never documents, nor followed (emacs' lock `.#x.json` is one): passed by.
        let entries = try reader.visibleEntries(of: folder, at: fromRoot).filter { $0.kind != .symbolicLink }
        let olderLayout = depth > 0 && components.count != depth
            && entries.contains { $0.kind == .file && SyncConflict.documentFile(named: $0.name) != nil }
        var record = IndexedFolder(
            signature: signature, looked: now, holdsDocuments: components.count >= depth || olderLayout, documents: 0, unreadable: 0, unchecked: 0)
        if record.holdsDocuments {
            // An archived file not downloaded is passed by, as an archive's listing always did:
            // a save of a new id must not fail for it.
            if area == .live { try folder.refusePlaceholders(among: entries) }
            (record.documents, record.unreadable, record.unchecked) = try refreshFilesLocked(path, in: folder, entries: entries, reader: reader, edits: &edits)
        } else if folders[path]?.holdsDocuments == true {
            try replaceFilesLocked(path, with: [], reader: reader, edits: &edits)
        }
        // Written back only when it says something new: a folder listed again because it is
        // still racily clean, and found as it was, is not worth a new root each command.
        let previous = folders[path]
        folders[path] = record
        if previous.map({ $0.signature != record.signature || $0.holdsDocuments != record.holdsDocuments || $0.documents != record.documents
            || $0.unreadable != record.unreadable || $0.unchecked != record.unchecked || $0.isRacy && !record.isRacy }) ?? true {
            changed = true
        }
        guard depth > 0, components.count < 3 else { return }
        var children: Set<String> = []
        for entry in entries where entry.kind == .folder {
            guard DateFolder.number(entry.name, level: components.count) ?? DateFolder.copy(entry.name, level: components.count)?.number != nil else { continue }
            children.insert(path.isEmpty ? entry.name : path + "/" + entry.name)
        }
        let prefix = path.isEmpty ? "" : path + "/"
        WorkCounter.count(.entriesCompared, folders.count)
        for recorded in folders.keys where recorded.hasPrefix(prefix) && recorded != path
            && !recorded.dropFirst(prefix.count).contains("/") && !children.contains(recorded) {
            try dropLocked(recorded, reader: reader, edits: &edits)
        }
        for child in children.sorted() where folders[child] == nil {
            try refreshLocked(child, top: top, reader: reader, now: now, edits: &edits, writer: writer)
        }
        // A month (a year, for month folders) is one segment: once walked, a full listing
        // writes it and lets it go.
        if let writer, components.count == max(1, depth - 1) {
            writeSegmentLocked(IndexFiles.segment(of: components, depth: depth), with: writer)
        }
    }

    /// Records the document files of the leaf folder `path`: those whose name and inode the
    /// index knows keep what it knew; the others are where this process's commits wrote them,
    /// or their date is read later, when a date query asks (``checkDates(reader:persisting:)``).
    private func refreshFilesLocked(
        _ path: String, in folder: Directory, entries: [Directory.Entry], reader: StoreReader, edits: inout BucketEdits
    ) throws -> (documents: Int, unreadable: Int, unchecked: Int) {
        let components = Self.components(path)
        let segment = IndexFiles.segment(of: components, depth: depth)
        let recorded = try segmentLocked(segment, reader: reader)[path] ?? []
        var known: [String: IndexedFile] = [:]
        known.reserveCapacity(recorded.count)
        for file in recorded { known[file.name] = file }
        // The usual case: the folder holds just the files recorded, each with its inode. They
        // are what the index knew, with nothing to group or look at again.
        if let same = Self.sameFiles(entries, as: known, recorded: recorded, documents: folders[path]?.documents) { return same }
        var inodes: [String: UInt64] = [:]
        for entry in entries where entry.kind == .file { inodes[entry.name] = entry.inode }
        // Let go as it is used: a large commit's notes would otherwise be held while every
        // folder it wrote is listed.
        let writtenHere = written.removeValue(forKey: path)?.files ?? WrittenFiles()
        let groups = DocumentFiles.group(entries, collection: collection.name, folders: components, in: folder)
        var files: [IndexedFile] = []
        files.reserveCapacity(groups.count)
        for group in groups {
            for location in group.locations {
                let name = location.fileName
                let inode = inodes[name] ?? 0
                var file = IndexedFile(name: name, inode: inode, id: location.id ?? group.id, isCopy: location.copyName != nil, state: .filed)
                // An archived file is indexed by its id alone: nothing asks whether it is filed
                // where its date says, so it is never read or looked at.
                if let previous = known[name], previous.inode == inode, inode != 0, previous.state != .unreadable {
                    file.state = previous.state
                } else if !file.isCopy, area == .live, writtenHere[name] == nil,
                          trusted.isEmpty || !trusted.contains(path.isEmpty ? name : path + "/" + name) {
                    file.state = folder.mayRead(name) == false ? .unreadable : depth > 0 ? .unchecked : .filed
                }
                files.append(file)
            }
        }
        files.sort { $0.name < $1.name }
        try replaceFilesLocked(path, with: files, reader: reader, edits: &edits)
        let primaries = files.filter { !$0.isCopy }
        return (groups.count, primaries.filter { $0.state == .unreadable }.count, primaries.filter { $0.state == .unchecked }.count)
    }

    /// The counts of ``refreshFilesLocked(_:in:entries:reader:edits:)`` when the listing `entries`
    /// holds exactly the `recorded` files (by name, in `known`) and each with its recorded inode,
    /// none unreadable or a copy, and the folder's record counted `documents` for them; `nil`
    /// otherwise (then the folder is worked out in full).
    private static func sameFiles(_ entries: [Directory.Entry], as known: [String: IndexedFile], recorded: [IndexedFile], documents: Int?)
        -> (documents: Int, unreadable: Int, unchecked: Int)? {
        // As many documents as files: each id its own file, as a listing would count them.
        guard !recorded.isEmpty, documents == recorded.count else { return nil }
        var matched = 0
        for entry in entries {
            guard entry.kind == .file, let file = known[entry.name], file.inode == entry.inode, entry.inode != 0,
                  !file.isCopy, file.state != .unreadable
            else { return nil }
            matched += 1
        }
        guard matched == recorded.count else { return nil }
        return (recorded.count, 0, recorded.filter { $0.state == .unchecked }.count)
    }

    /// Reads the date of every file whose date the index has not read yet, so that it knows
    /// every misfiled document (a date query asks); a file that cannot be read stays unchecked,
    /// and is read again next time. Then writes the index when `persisting`.
    func checkDates(reader: StoreReader, persisting: Bool) throws {
        try lock.withLock {
            let pending = folders.filter { $0.value.unchecked > 0 }.keys.sorted()
            guard !pending.isEmpty else {
                if persisting { persistLocked(reader: reader, writer: nil) }
                return
            }
            var edits = BucketEdits()
            // A month's segment is written as soon as its folders are checked, so a first date
            // query over a million documents holds one month's records, not all of them.
            let writer = persisting && reader.view?.overlay == nil
                ? IndexWriter(root: reader.root, index: indexName, loaded: generation, replacing: false) : nil
            defer { writer?.release() }
            for (position, path) in pending.enumerated() {
                let components = Self.components(path)
                guard let open = try reader.openFolders(indexedPath + components) else { continue }
                var files = try filesLocked(in: path, reader: reader)
                let toRead = files.indices.filter { files[$0].state == .unchecked && !files[$0].isCopy }
                let read = files
                let collection = collection
                let states = try toRead.parallelMap(minimumCount: 64) { at in
                    try Self.state(of: read[at], of: collection, in: open, at: components, reader: reader)
                }
                for (at, state) in zip(toRead, states) { files[at].state = state }
                try replaceFilesLocked(path, with: files, reader: reader, edits: &edits)
                folders[path]?.unchecked = files.filter { $0.state == .unchecked && !$0.isCopy }.count
                changed = true
                let segment = IndexFiles.segment(of: components, depth: depth)
                if let writer, position + 1 == pending.count || IndexFiles.segment(of: Self.components(pending[position + 1]), depth: depth) != segment {
                    writeSegmentLocked(segment, with: writer)
                }
            }
            try applyLocked(&edits, reader: reader)
            if persisting { persistLocked(reader: reader, writer: writer) }
        }
    }

    /// Whether the document file `file` of the folder at `folders` is filed where its date says.
    private static func state(
        of file: IndexedFile, of descriptor: CollectionDescriptor, in folder: Directory, at folders: [String], reader: StoreReader
    ) throws -> IndexedFile.State {
        guard let partition = descriptor.partition else { return .filed }
        do {
            guard let stored = try reader.read(DocumentLocation(collection: descriptor.name, folders: folders, id: file.id), in: folder),
                  let members = stored.value.objectValue,
                  let date = try reader.filing.filingDate(of: members, in: descriptor, id: file.id)
            else { return .filed }
            let day = date.day(in: reader.calendar)
            return partition.folders(for: day) == DateFolder.dated(folders) ? .filed : .misfiled(day)
        } catch let error as AlmanacError where error.concernsOneFile {
            // Not readable now (damaged, another user's, not downloaded): read again next time.
            return .unchecked
        }
    }

    /// Forgets everything: the collection's folder is gone.
    private func resetLocked() {
        folders = [:]
        spread = [:]
        misfiled = [:]
        prefetched = PrefetchedFolders()
        for name in segmentGenerations.keys { segmentCache[name] = [:]; changedSegments.insert(name) }
        for name in bucketGenerations.keys { bucketCache[name] = []; changedBuckets.insert(name) }
        changed = true
    }

    /// Forgets the folder at `path` and everything below it.
    private func dropLocked(_ path: String, reader: StoreReader, edits: inout BucketEdits) throws {
        let prefix = path.isEmpty ? "" : path + "/"
        for recorded in folders.keys where recorded == path || recorded.hasPrefix(prefix) {
            if folders[recorded]?.holdsDocuments == true { try replaceFilesLocked(recorded, with: [], reader: reader, edits: &edits) }
            folders[recorded] = nil
        }
        changed = true
    }
}
