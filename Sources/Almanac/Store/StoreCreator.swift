#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Creates a store in an empty folder (``Store/create(at:schema:timeZone:options:)``).
enum StoreCreator {
    static func create(
        at url: URL, schema schemaFolder: URL, timeZone: TimeZone = .current, options: Store.Options = Store.Options()
    ) throws -> Store {
        try timeZone.requireIANAName()
        let catalog = try Catalog.load(folder: schemaFolder)
        let parent = url.deletingLastPathComponent()
        let parentFolder = try Directory.openOrMakeFolder(atPath: parent.path)
        if SystemCall.changing(.mkdir, parentFolder.descriptor, { mkdirat(parentFolder.descriptor, url.lastPathComponent, 0o700) }) == 0 {
            FileSystemRecorder.made("mkdir", parentFolder.descriptor, url.lastPathComponent)
            _ = SystemCall.changing(.chmod, parentFolder.descriptor) { fchmodat(parentFolder.descriptor, url.lastPathComponent, 0o700, 0) }
            try parentFolder.synchronize(.barrier)
        } else if SystemCall.errno != EEXIST {
            throw SystemCall.failure("mkdir", path: url.path, descriptor: parentFolder.descriptor)
        }
        try options.fileProtection?.apply(toFolderAt: url.path)
        let root = try Directory.openRoot(atPath: url.path)
        let skeleton: Set<String> = ["schema", "data", ".almanac"]
        // A store is named as one whatever order the folder lists its entries in (ext4 hashes
        // names, tmpfs and APFS list in other orders): store.json is looked for first.
        let entries = try root.entries()
        if entries.contains(where: { $0.name == Manifest.fileName }) {
            throw AlmanacError(.storeExists, "a store already exists here; open it, or create the new store in another folder", path: url.path)
        }
        for entry in entries {
            if !skeleton.contains(entry.name) && !SystemFile.isSystemFile(entry.name) && !SyncConflict.toolEntries.contains(entry.name)
                && !ForeignFile.isPassedBy(entry, atRoot: true) {
                throw AlmanacError(.invalidArgument, "the folder is not empty (it holds \"\(entry.name)\"); choose a new or empty folder for the store", path: url.path)
            }
        }

        let internalFolder = try root.openOrCreateFolder(".almanac").folder
        let lock = try StoreLock(folder: internalFolder)
        let (_, holder) = try lock.acquire(command: options.commandName, token: "create-\(getpid())", timeout: options.lockTimeout)
        defer { lock.release(holder) }

        let schemaCopy = try root.openOrCreateFolder("schema").folder
        for name in try schemaFileNames(in: schemaFolder) {
            let bytes = try Catalog.readExternalFile(schemaFolder.appendingPathComponent(name), missing: "\(name) vanished while copying")
            try schemaCopy.writeFile(name, bytes, folderFlush: nil)
        }
        try schemaCopy.synchronize(.barrier)
        try EditorSettings.update(in: root, catalog: catalog)
        let data = try root.openOrCreateFolder("data").folder
        for collection in catalog.collections where !collection.isSingleton {
            _ = try data.openOrCreateFolder(collection.name)
        }
        let manifest = Manifest(app: catalog.app, schemaVersion: catalog.version, timeZone: timeZone, createdAt: Date())
        // The commit point: a folder with store.json is a store.
        try root.writeFile(Manifest.fileName, manifest.bytes, folderFlush: options.isStaging ? .barrier : .full)
        return try Store(at: url, options: options)
    }

    static func schemaFileNames(in folder: URL) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw AlmanacError.fromFoundation(error, operation: "list the schema folder", path: folder.path)
        }
        return names.filter { name in
            var isFolder: ObjCBool = false
            return name.hasSuffix(".json") && !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }
}
