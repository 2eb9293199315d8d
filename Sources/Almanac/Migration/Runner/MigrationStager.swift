import Foundation

/// Builds the migrated version of a store in `.almanac/migration/`: `data/` in the target
/// layout, `schema/` copied from the target schema folder, `store.json` at the target
/// version, and `backup.json` describing the result for a later rollback.
///
/// Documents the migration left unchanged are hard links to their current files, so a
/// migration writes only what it changes and the old version stays intact, byte for byte,
/// for the backup. Files are written without a `fsync` each and made durable at the end
/// with one `syncfs` where the system has it.
struct MigrationStager {
    let store: Store
    let catalog: Catalog
    let schemaFolder: URL
    let progress: (@Sendable (MigrationProgress) -> Void)?

    struct Outcome {
        var written = 0
        var kept = 0
        var fingerprint = ""
    }

    private var createdFolders: [Directory] = []
    private var stagedFolders: [[String]: Directory] = [:]
    private var sourceFolders: [[String]: Directory] = [:]
    /// Each file is fsynced as it is written where the file system cannot be synced at once.
    private let synchronizeEachFile = !Directory.canSynchronizeFileSystem

    init(store: Store, catalog: Catalog, schemaFolder: URL, progress: (@Sendable (MigrationProgress) -> Void)?) {
        self.store = store
        self.catalog = catalog
        self.schemaFolder = schemaFolder
        self.progress = progress
    }

    /// Stages `working` and returns the staging folder (holding `data/`, `schema/`, `store.json`).
    mutating func stage(_ working: MigrationWorkingSet, manifest: Manifest, backup: MigrationBackup) throws -> (Directory, Outcome) {
        try refuseFilesOutsideDocuments(working)
        let internalFolder = try store.createFolders([".almanac"])
        try internalFolder.removeTree(StoreSwap.stagingFolder)
        let staging = try folder(named: StoreSwap.stagingFolder, in: internalFolder)
        let data = try folder(named: "data", in: staging)
        stagedFolders[["data"]] = data
        for collection in catalog.collections where !collection.isSingleton {
            stagedFolders[["data", collection.name]] = try folder(named: collection.name, in: data)
        }

        var outcome = Outcome()
        let total = working.collections.values.reduce(0) { $0 + $1.count }
        for collection in catalog.collections {
            for (_, entry) in (working.collections[collection.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let location = try store.location(for: entry.value, in: collection)
                let target = try stagedFolder(location.folderPath)
                if let source = entry.source, !entry.changed {
                    try sourceFolder(source.folderPath).link(source.fileName, into: target, as: location.fileName)
                    outcome.kept += 1
                } else {
                    try target.createFile(location.fileName, CanonicalJSON.prettyBytes(entry.value), synchronize: synchronizeEachFile)
                    outcome.written += 1
                }
                if let source = entry.source { try linkAttachments(of: source, to: location, in: target) }
                let done = outcome.kept + outcome.written
                MigrationCrashPoint.stagedDocuments(done)
                if done % 2000 == 0 { progress?(MigrationProgress(phase: .staging, done: done, total: total)) }
            }
        }
        progress?(MigrationProgress(phase: .staging, done: total, total: total))

        let schema = try folder(named: "schema", in: staging)
        for name in try Store.schemaFileNames(in: schemaFolder) {
            let bytes = try Catalog.readExternalFile(schemaFolder.appendingPathComponent(name), missing: "\(name) vanished while copying")
            try schema.createFile(name, bytes, synchronize: synchronizeEachFile)
        }
        outcome.fingerprint = try MigrationBackup.fingerprint(of: data)
        var backup = backup
        backup.fingerprint = outcome.fingerprint
        try staging.createFile(StoreSwap.backupRecord, CanonicalJSON.prettyBytes(backup.record), synchronize: synchronizeEachFile)
        try staging.createFile(Manifest.fileName, manifest.bytes, synchronize: synchronizeEachFile)
        MigrationCrashPoint.reached("migrate", "after-staging")

        if try synchronizeEachFile || !staging.synchronizeFileSystem() {
            for folder in createdFolders { try folder.synchronize() }
        }
        // The staging folder's own entry in .almanac/.
        try internalFolder.synchronize()
        return (staging, outcome)
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
                if let id = source.id { attachmentFolders.insert((source.folderPath + [Store.attachmentFolderName(id)]).joined(separator: "/")) }
            }
        }
        var strays: [String] = []
        func walk(_ folder: Directory) throws {
            for entry in try folder.entries().sorted(by: { $0.name < $1.name }) {
                let path = "data/" + folder.childPath(entry.name).dropFirst("data/".count)
                switch entry.kind {
                case .folder where attachmentFolders.contains(String(path)):
                    continue  // a known document's attachments: they move with it
                case .folder:
                    if let child = try folder.openFolder(entry.name) { try walk(child) }
                case .file where Directory.isTemporaryName(entry.name):
                    continue
                case .file where known.contains(String(path)):
                    continue
                default:
                    strays.append(String(path))
                }
            }
        }
        try walk(data)
        guard strays.isEmpty else {
            let shown = strays.prefix(10).joined(separator: ", ")
            throw AlmanacError(
                .migrationFailed,
                "data/ holds \(strays.count) file\(strays.count == 1 ? "" : "s") that \(strays.count == 1 ? "is not a document" : "are not documents") of the store's collections (\(shown)\(strays.count > 10 ? ", …" : "")); move \(strays.count == 1 ? "it" : "them") out of the store (see 'almanac check'), then migrate",
                path: strays[0])
        }
    }

    /// Links the attachment files of the document read from `source` beside its new location.
    private mutating func linkAttachments(of source: DocumentLocation, to location: DocumentLocation, in target: Directory) throws {
        guard let sourceID = source.id, let id = location.id,
              let files = try sourceFolder(source.folderPath).openFolder(Store.attachmentFolderName(sourceID))
        else { return }
        let copy = try folder(named: Store.attachmentFolderName(id), in: target)
        for entry in try files.entries() where entry.kind == .file && !Directory.isTemporaryName(entry.name) {
            try files.link(entry.name, into: copy, as: entry.name)
        }
    }

    private mutating func folder(named name: String, in parent: Directory) throws -> Directory {
        // Each created folder is fsynced once, with its parent's entries, before the journal.
        let (folder, created) = try parent.openOrCreateFolder(name, synchronize: false)
        if created { createdFolders.append(folder) }
        return folder
    }

    private mutating func stagedFolder(_ path: [String]) throws -> Directory {
        if let open = stagedFolders[path] { return open }
        let parent = try stagedFolder(Array(path.dropLast()))
        let folder = try folder(named: path[path.count - 1], in: parent)
        stagedFolders[path] = folder
        return folder
    }

    private mutating func sourceFolder(_ path: [String]) throws -> Directory {
        if let open = sourceFolders[path] { return open }
        guard let folder = try store.openFolders(path) else {
            throw AlmanacError(.io, "the folder vanished while the migration was staged; is something else changing the store?", path: path.joined(separator: "/"))
        }
        if sourceFolders.count > 512 { sourceFolders.removeAll() }
        sourceFolders[path] = folder
        return folder
    }
}
