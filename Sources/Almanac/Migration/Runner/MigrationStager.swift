import Foundation

/// Stages what a migration changes in `.almanac/migration-<pid>-<n>/`: under `new/`, the
/// documents it rewrites or moves (in the target layout), `schema/` copied from the target
/// schema folder and `store.json` at the target version; and the ``MigrationChangeSet`` of
/// paths that go out and come in, which the writer turns into a ``VersionChange``.
///
/// Documents the migration leaves as they are, where they are, are not touched: nothing is
/// linked or copied for them, so a migration's cost follows what it changes, and no file is
/// ever shared with the backup (an edit in place after the migration cannot reach it). A
/// document that only moves is copied to its new place. Files are written without a flush
/// each and written out at the end with one volume sync where the system has one (`syncfs`,
/// `fsync_volume_np`), else flushed as barriers as each folder is finished.
///
/// Documents are staged in the order of their target folders, and only the folders on the
/// path to the current one are open (plus a few source folders), whatever the store's size.
struct MigrationStager {
    let store: Store
    let catalog: Catalog
    /// Files documents by the target catalog, in the store's calendar.
    let filing: Filing
    let schemaFolder: URL
    let progress: (@Sendable (MigrationProgress) -> Void)?

    /// The folder of the staging folder that holds what moves in.
    static let incoming = "new"
    /// The folder of the staging folder (and so of the backup) that receives what moves out.
    static let outgoing = "old"
    /// The file of the staging folder (and of the backup) that holds the ``VersionChange``.
    static let changesRecord = "changes.json"

    struct Outcome {
        var written = 0
        var kept = 0
        var changes = MigrationChangeSet()
    }

    /// The open staged folders on the path to the current target folder, from the staging folder down.
    private var cursor: [(name: String, folder: Directory)] = []
    private var sourceFolders = FolderCache()
    /// This process's own staging folder in `.almanac/`, once made (the writer names it):
    /// migrations stage without a lock, so two processes migrating at once must not share one.
    private(set) var stagingName: String?
    /// Each file and folder is flushed as it is finished where the volume cannot be synced at once.
    private let flushEach = !Directory.canSynchronizeFileSystem

    init(store: Store, catalog: Catalog, schemaFolder: URL, progress: (@Sendable (MigrationProgress) -> Void)?) {
        filing = Filing(catalog: catalog, calendar: store.calendar)
        self.store = store
        self.catalog = catalog
        self.schemaFolder = schemaFolder
        self.progress = progress
    }

    /// Stages `working` and returns the staging folder (holding `new/` with what changes).
    mutating func stage(_ working: MigrationWorkingSet, manifest: Manifest) throws -> ((name: String, folder: Directory), Outcome) {
        try refuseFilesOutsideDocuments(working)
        let (name, staging) = try store.writer.newStagingFolder()
        stagingName = name
        let incoming = try folder(named: Self.incoming, in: staging)
        cursor = [("", incoming)]

        var outcome = Outcome()
        outcome.changes.folders = catalog.collections.filter { !$0.isSingleton }.map { "data/\($0.name)" }
        // Sources whose file stays, and sources whose attachment folder stays beside them.
        var staying: Set<String> = [], attachmentsStay: Set<String> = []
        let total = working.collections.values.reduce(0) { $0 + $1.count }
        var done = 0
        for collection in catalog.collections {
            // By target folder, then id: each folder is finished before the next is begun.
            // Sorted by one byte string each, compared with memcmp: comparing paths as arrays of
            // strings copied both entries at each of the 1.7 million comparisons of 100,000 documents.
            let entries = try (working.collections[collection.name] ?? [:]).map { key, entry in
                (entry: entry, location: try filing.location(for: entry.value, in: collection), key: key)
            }
            let keys = entries.map { Self.stagingOrder(folder: $0.location.folderPath, key: $0.key) }
            for index in entries.indices.sorted(by: { UTF8Order.precedes(keys[$0], keys[$1]) }) {
                let (entry, location) = (entries[index].entry, entries[index].location)
                done += 1
                if done % 2000 == 0 { progress?(MigrationProgress(phase: .staging, done: done, total: total)) }
                let inPlace = entry.source?.relativePath == location.relativePath
                if let source = entry.source, inPlace { attachmentsStay.insert(source.relativePath) }
                if let source = entry.source, inPlace, !entry.changed {
                    staying.insert(source.relativePath)
                    outcome.kept += 1
                    continue
                }
                let target = try stagedFolder(location.folderPath)
                let bytes: [UInt8]
                if let source = entry.source, !entry.changed {
                    // Moved, not changed: an independent copy at its new place.
                    guard let read = try sourceFolder(source.folderPath).readFile(source.fileName) else {
                        throw AlmanacError(.io, "the document vanished while the migration was staged; is something else changing the store?", path: source.relativePath)
                    }
                    bytes = read
                    outcome.kept += 1
                } else {
                    bytes = CanonicalJSON.prettyBytes(entry.value)
                    outcome.written += 1
                }
                try target.createFile(location.fileName, bytes, flush: flushEach ? .barrier : nil)
                outcome.changes.movedIn.append(location.folderPath + [location.fileName])
                outcome.changes.written[location.relativePath] = SHA256.hex(bytes)
                if let source = entry.source, !inPlace { try copyAttachments(of: source, to: location, in: target, &outcome.changes) }
                TestHooks.crashPoint("migrate", "staged-documents:\(outcome.written + outcome.kept - staying.count)")
            }
        }
        progress?(MigrationProgress(phase: .staging, done: total, total: total))
        try leave(depth: 1)
        // Every file read that does not stay goes out: rewritten, moved or deleted; with its
        // attachments, unless its document stays where it was.
        for source in working.loadedSources where !staying.contains(source.relativePath) {
            outcome.changes.movedOut.append(source.folderPath + [source.fileName])
            if let id = source.id, !attachmentsStay.contains(source.relativePath),
               try sourceFolder(source.folderPath).entryKind(of: Filing.attachmentFolderName(id)) == .folder {
                outcome.changes.movedOut.append(source.folderPath + [Filing.attachmentFolderName(id)])
            }
        }

        let schema = try folder(named: "schema", in: incoming)
        for name in try Store.schemaFileNames(in: schemaFolder) {
            let bytes = try Catalog.readExternalFile(schemaFolder.appendingPathComponent(name), missing: "\(name) vanished while copying")
            try schema.createFile(name, bytes, flush: flushEach ? .barrier : nil)
        }
        if flushEach { try schema.synchronize(.barrier) }
        try incoming.createFile(Manifest.fileName, manifest.bytes, flush: flushEach ? .barrier : nil)
        TestHooks.crashPoint("migrate", "after-staging")

        if flushEach {
            try incoming.synchronize(.barrier)
            try staging.synchronize(.barrier)
        } else {
            try staging.synchronizeStagedTree()
        }
        try store.writer.finishStaging(name)
        cursor = []
        return ((name, staging), outcome)
    }

    /// The bytes that put documents in staging order: the folder's names, then the key. A
    /// NUL (which no name holds) ends each name, two end the folder, so a folder's documents
    /// come together, before the folders below it, and folders in the order of their names.
    static func stagingOrder(folder: [String], key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for name in folder {
            bytes.append(contentsOf: name.utf8)
            bytes.append(0)
        }
        bytes.append(0)
        bytes.append(contentsOf: key.utf8)
        return bytes
    }

    /// Refuses to migrate a `data/` folder holding files that are not documents the migration
    /// read (notes, stray copies): they would be left behind in the old version.
    private func refuseFilesOutsideDocuments(_ working: MigrationWorkingSet) throws {
        guard let data = try store.root.openFolder("data") else { return }
        var known: Set<String> = []
        var attachmentFolders: Set<String> = []
        for documents in working.collections.values {
            for entry in documents.values {
                guard let source = entry.source else { continue }
                known.insert(source.relativePath)
                if let id = source.id { attachmentFolders.insert((source.folderPath + [Filing.attachmentFolderName(id)]).joined(separator: "/")) }
            }
        }
        var strays: [String] = []
        var versions: [String] = []
        func walk(_ folder: Directory, _ folders: [String]) throws {
            let entries = try folder.entries().sorted(by: { $0.name < $1.name })
            // Versions a sync left, recognised as every read recognises them (by name, by what
            // the file holds, or by a copied date folder).
            var copies: Set<String> = []
            DocumentFiles.forEachDocumentFile(in: entries, folder: folder) { name, _, copy in if copy != nil { copies.insert(name) } }
            let inCopiedFolder = folders.count > 1 && DateFolder.copyTool(among: Array(folders.dropFirst())) != nil
            for entry in entries {
                let path = "data/" + folder.childPath(entry.name).dropFirst("data/".count)
                switch entry.kind {
                case .folder where attachmentFolders.contains(String(path)):
                    continue  // a known document's attachments: they move with it
                case .folder:
                    if let child = try folder.openFolder(entry.name) { try walk(child, folders + [entry.name]) }
                case .file where Directory.isTemporaryName(entry.name) || SystemFile.isSystemFile(entry.name):
                    continue
                case _ where ForeignFile.isPassedBy(entry) || entry.kind == .symbolicLink:
                    continue  // an editor's file, or a link: left where it is, as every document the migration does not change
                case .file where SystemFile.placeholderTarget(entry.name) != nil:
                    throw Directory.notDownloaded(String(path))
                case .file where known.contains(String(path)):
                    continue
                case .file where copies.contains(entry.name) || inCopiedFolder:
                    versions.append(String(path))
                default:
                    strays.append(String(path))
                }
            }
        }
        try walk(data, [])
        // Versions a sync left (conflict copies, an id in two folders) are merged first: a
        // migration carries one version of each document forward.
        if let copy = versions.first ?? strays.first(where: { SyncConflict.documentFile(named: String($0.split(separator: "/").last ?? "")) != nil }) {
            throw AlmanacError(
                .syncConflict,
                "data/ holds versions of documents that a sync left (\(copy)\(versions.count + strays.count > 1 ? ", …" : "")); merge them first with the Store.resolve… calls, then migrate",
                path: copy).with(.resolveConflicts)
        }
        guard strays.isEmpty else {
            let shown = strays.prefix(10).joined(separator: ", ")
            throw AlmanacError(
                .migrationFailed,
                "data/ holds \(strays.count) file\(strays.count == 1 ? "" : "s") that \(strays.count == 1 ? "is not a document" : "are not documents") of the store's collections (\(shown)\(strays.count > 10 ? ", …" : "")); move \(strays.count == 1 ? "it" : "them") out of the store (Store.check() lists them), then migrate",
                path: strays[0]).with(.checkStore)
        }
    }

    /// Copies the attachment files of the document read from `source` beside its new
    /// location (independent copies: clones where the file system has them), and records the
    /// folder as moving in.
    private mutating func copyAttachments(of source: DocumentLocation, to location: DocumentLocation, in target: Directory,
                                          _ changes: inout MigrationChangeSet) throws {
        guard let sourceID = source.id, let id = location.id,
              let files = try sourceFolder(source.folderPath).openFolder(Filing.attachmentFolderName(sourceID))
        else { return }
        let copy = try folder(named: Filing.attachmentFolderName(id), in: target)
        for entry in try files.entries() where entry.kind == .file && !Directory.isTemporaryName(entry.name) && !SystemFile.isSystemFile(entry.name) {
            _ = try files.cloneOrCopy(entry.name, into: copy, as: entry.name)
            if flushEach { try copy.flushFile(entry.name) }
        }
        if flushEach { try copy.synchronize(.barrier) }
        changes.movedIn.append(location.folderPath + [Filing.attachmentFolderName(id)])
    }

    private func folder(named name: String, in parent: Directory) throws -> Directory {
        // Flushed with its parent's other entries when the parent is finished.
        try parent.openOrCreateFolder(name, synchronize: false).folder
    }

    /// The staged folder at `path` (from the staging folder), moving the cursor there: folders
    /// the cursor leaves are finished, so they are flushed (where each must be) and closed.
    private mutating func stagedFolder(_ path: [String]) throws -> Directory {
        var common = 0
        while common < path.count, common + 1 < cursor.count, cursor[common + 1].name == path[common] { common += 1 }
        try leave(depth: common + 1)
        for name in path[common...] {
            cursor.append((name, try folder(named: name, in: cursor[cursor.count - 1].folder)))
        }
        return cursor[cursor.count - 1].folder
    }

    /// Finishes and closes the cursor's folders deeper than `depth`, deepest first.
    private mutating func leave(depth: Int) throws {
        while cursor.count > depth {
            let (_, folder) = cursor.removeLast()
            if flushEach { try folder.synchronize(.barrier) }
        }
    }

    private mutating func sourceFolder(_ path: [String]) throws -> Directory {
        if let open = sourceFolders.folder(at: path) { return open }
        guard let folder = try store.reader.openFolders(path) else {
            throw AlmanacError(.io, "the folder vanished while the migration was staged; is something else changing the store?", path: path.joined(separator: "/"))
        }
        sourceFolders.insert(folder, at: path)
        return folder
    }
}
