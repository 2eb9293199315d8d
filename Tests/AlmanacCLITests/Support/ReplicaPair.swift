import Foundation
import Testing

@testable import Almanac

/// Two devices holding one store, and the sync tools that carry files between them: git
/// (the real one, with and without Almanac's merge driver), simulations of Syncthing,
/// iCloud Drive and Dropbox as each documents its conflict handling, and the real Syncthing,
/// unison and rclone.
///
/// Each device writes through `Store`; every write carries a unique `rev` token, so that after
/// a sync the pair can tell whether any write was lost: each token is in some file, or was
/// superseded by a later write, delete or merge of its id on a device that had it.
final class ReplicaPair {
    enum Tool: String, CaseIterable, CustomStringConvertible {
        case gitWithDriver = "git (merge driver)"
        case gitMarkers = "git (markers)"
        case syncthing = "Syncthing"
        case iCloudDrive = "iCloud Drive"
        case dropbox = "Dropbox"
        /// Two real Syncthing instances (``SyncthingDaemons``).
        case syncthingDaemons = "Syncthing (real instances)"
        /// A tool no list knows, simulated: it names the losing version `<id> (Device N's copy).json`
        /// or, as OneDrive does, `<id>-DEVICEN.json` (an id of its own): read by the id it holds.
        case unknownTool = "a tool no list knows"
        /// Real `unison -copyonconflict -prefer newer` (``FileSyncTool``).
        case unison = "unison (real)"
        /// Real `rclone bisync` (``FileSyncTool``).
        case rclone = "rclone bisync (real)"

        var description: String { rawValue }
        /// The tools simulated here, without any program beyond git.
        static let simulated: [Tool] = [.gitWithDriver, .gitMarkers, .syncthing, .iCloudDrive, .dropbox, .unknownTool]
    }

    static let catalog = """
    {
      "app": "pair",
      "version": 1,
      "collections": [
        {"name": "notes", "schema": "note.schema.json", "dateField": "day", "partition": "day",
         "merge": {"modifiedField": "modifiedAt"}, "retention": [{"action": "archive", "olderThan": {"days": 8}, "description": "Old notes are archived."}]},
        {"name": "settings", "schema": "any.schema.json", "singleton": true},
        {"name": "tips", "schema": "any.schema.json", "partition": "none", "seeded": {}}
      ]
    }
    """

    let tool: Tool
    let folder = E2EFolder()
    let devices: [URL]
    /// The shared files as both devices last had them (the simulated tools' common state).
    var synced: [String: [UInt8]] = [:]
    /// Every token written, with its id.
    private(set) var written: [(token: String, id: String)] = []
    /// Tokens that a later write, delete, resolve or merge of their id replaced.
    var superseded: Set<String> = []
    private var sequence = 0
    /// Notes brought forward from the version-1 shape.
    private(set) var broughtForward = 0
    var daemons: SyncthingDaemons?
    /// The real unison or rclone.
    var fileSync: FileSyncTool?
    private let migrator: Migrator
    /// Logical time for `modifiedAt` and the tools' "newer" (one step per write).
    var clock = 0

    init(tool: Tool) throws {
        self.tool = tool
        let schema = folder.path("schema-src")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try Self.catalog.write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try "{\"type\": \"object\"}\n".write(to: schema.appendingPathComponent("any.schema.json"), atomically: false, encoding: .utf8)
        try """
        {"type": "object", "required": ["id", "day", "rev"],
         "properties": {"id": {"type": "string"}, "day": {"type": "string", "format": "date"}, "rev": {"type": "string"},
                        "title": {"type": "string"}, "body": {"type": "string"}, "modifiedAt": {"type": "string", "format": "date-time"}}}
        """.write(to: schema.appendingPathComponent("note.schema.json"), atomically: false, encoding: .utf8)
        // Version 2 of the app: every note gains `pinned` (a migration each device may run).
        let schema2 = folder.path("schema-src-2"), migrations = folder.path("migrations")
        try FileManager.default.copyItem(at: schema, to: schema2)
        // Version 2 requires it: a note a device still on version 1 writes after the other
        // migrated arrives in the older shape, and is brought forward.
        let noteSchema2 = schema2.appendingPathComponent("note.schema.json")
        try String(contentsOf: noteSchema2, encoding: .utf8)
            .replacingOccurrences(of: "\"required\": [\"id\", \"day\", \"rev\"]", with: "\"required\": [\"id\", \"day\", \"rev\", \"pinned\"]")
            .replacingOccurrences(of: "\"rev\": {\"type\": \"string\"},", with: "\"rev\": {\"type\": \"string\"}, \"pinned\": {\"type\": \"boolean\"},")
            .write(to: noteSchema2, atomically: false, encoding: .utf8)
        try Self.catalog.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
            .write(to: schema2.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try "{\"description\": \"Notes.\", \"operations\": [], \"version\": 1}\n"
            .write(to: migrations.appendingPathComponent("0001-initial.json"), atomically: false, encoding: .utf8)
        try "{\"description\": \"Notes can be pinned.\", \"operations\": [{\"op\": \"addField\", \"collection\": \"notes\", \"field\": \"pinned\", \"value\": false}], \"version\": 2}\n"
            .write(to: migrations.appendingPathComponent("0002-pinned.json"), atomically: false, encoding: .utf8)
        migrator = Migrator(migrations: try MigrationSet(folder: migrations), targetSchema: schema2)
        let a = folder.path("a"), b = folder.path("b")
        _ = try Store.create(at: a, schema: schema, timeZone: TimeZone(identifier: "UTC")!)
        try Data(".almanac/\n".utf8).write(to: a.appendingPathComponent(".gitignore"))
        devices = [a, b]
        if tool == .gitWithDriver || tool == .gitMarkers {
            let origin = folder.path("origin.git")
            try GitRepository.run(["init", "-q", "-b", "main"], in: a)
            try GitRepository.run(["add", "-A"], in: a)
            try GitRepository.run(["commit", "-q", "-m", "store"], in: a)
            try GitRepository.run(["clone", "-q", "--bare", a.path, origin.path], in: folder.url)
            try GitRepository.run(["remote", "add", "origin", origin.path], in: a)
            try GitRepository.run(["fetch", "-q", "origin"], in: a)
            try GitRepository.run(["branch", "-q", "--set-upstream-to=origin/main"], in: a)
            try GitRepository.run(["clone", "-q", origin.path, b.path], in: folder.url)
            for device in devices {
                // Both: the repository settings `almanac git install` makes (README: set them
                // without the driver too); the driver only for .gitWithDriver.
                for (key, value) in GitSettings.configuration { try GitRepository.run(["config", key, value], in: device) }
            }
            if tool == .gitWithDriver {
                for device in devices {
                    // What `almanac git install` writes, with this test process as the driver's merge.
                    try Data((GitSettings.attributes.joined(separator: "\n") + "\n").utf8)
                        .write(to: device.appendingPathComponent(".git/info/attributes"))
                    try GitRepository.run(["config", "merge.almanac.driver", "\(Self.driverScript(in: folder).path) %O %A %B %P"], in: device)
                }
            }
        } else if tool == .syncthingDaemons {
            // B starts empty: Syncthing brings the store over.
            try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
            let home = folder.path("syncthing")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            daemons = try SyncthingDaemons(folders: devices, home: home)
            try sync()
        } else {
            try FileManager.default.copyItem(at: a, to: b)
            try? FileManager.default.removeItem(at: b.appendingPathComponent(".almanac"))
            synced = try sharedFiles(0)
            if tool == .unison || tool == .rclone {
                fileSync = try FileSyncTool(tool == .unison ? .unison : .rclone, folders: devices, home: folder.path("sync-tool"))
            }
        }
    }

    func store(_ device: Int) throws -> Store { try Store(at: devices[device]) }

    // MARK: Writes

    /// A random write on `device`: a new note, an edit of one field, a date move, a delete,
    /// an edit of the singleton, a seed import, a retention run, the migration to version 2,
    /// or a resolve of every conflict.
    func randomWrite(on device: Int, using random: inout SplitMix64) throws {
        let store = try store(device)
        let ids = try store.documents(json: "notes").compactMap { $0.value["id"]?.stringValue }
        clock += 1
        let choice = ids.isEmpty ? 0 : random.next(below: 13)
        defer { trace("device \(device), write \(choice), clock \(clock): \(written.last.map { "\($0)" } ?? "")") }
        switch choice {
        case 0, 1, 2:
            try save(note(id: "n\(random.next(below: 16))", day: random.next(below: 6), title: "t\(clock)", body: "b\(clock)", device: device), on: device, store)
        case 3, 4, 5:
            let id = ids[random.next(below: ids.count)]
            guard var members = try store.document(json: id, in: "notes")?.value.objectValue else { return }
            members[random.next(below: 2) == 0 ? "title" : "body"] = .string("edit \(clock) on \(device)")
            try save(stamped(members, device: device), on: device, store)
        case 6:
            let id = ids[random.next(below: ids.count)]
            guard var members = try store.document(json: id, in: "notes")?.value.objectValue else { return }
            members["day"] = .string("2025-01-\(String(10 + random.next(below: 6)))")
            try save(stamped(members, device: device), on: device, store)
        case 7:
            let id = ids[random.next(below: ids.count)]
            superseded.formUnion(try tokens(of: id, on: device))
            trace("device \(device) deletes \(id)")
            try store.delete(id: id, in: "notes")
        case 8:
            sequence += 1
            let token = "D\(device)-\(sequence)"
            superseded.formUnion(try tokens(of: "settings", on: device))
            written.append((token, "settings"))
            try store.save(json: .object(["rev": .string(token), "theme": .string("t\(clock)")]), in: "settings")
        case 9:
            // The app's seed, at the content version this device's app ships (an app imports
            // it at launch on every device). A newer seed replaces tips a device had.
            let version = 1 + random.next(below: 2)
            for id in ["tip-1", "tip-2"] { superseded.formUnion(try tokens(of: id, on: device)) }
            let seed = """
            {"collection": "tips", "source": "harness", "contentVersion": \(version),
             "documents": [{"id": "tip-1", "contentVersion": \(version), "text": "one v\(version)"},
                           {"id": "tip-2", "contentVersion": \(version), "text": "two v\(version)"}]}
            """
            _ = try store.importSeeds([try SeedFile(bytes: Array(seed.utf8), fileName: "tips_seed.v\(version).json")])
        case 10:
            // Retention as of one fixed day: what it archives stays in archive/, tokens and all.
            // An archive-only rule moves files whole; the one change to a version is the merge
            // of a live document with an archived copy of its id (archived on one device while
            // edited on the other), which keeps one `rev`: the other is superseded by it.
            let before = try allTokens(device)
            try store.applyRetention(asOf: CalendarDate("2025-01-20")!)
            superseded.formUnion(before.subtracting(try allTokens(device)))
        case 11:
            // The app's update reaches this device: it migrates its copy. A migration waits for
            // versions a sync left to be resolved.
            if try !store.conflicts().isEmpty || !store.manifestVersions.isEmpty || !store.resolveSchemaCopies(dryRun: true).isEmpty {
                trace("device \(device) resolves before migrating")
                try resolveEverything(on: device)
            }
            trace("device \(device) migrates")
            // Already at version 2, `almanac migrate up` brings forward what a version-1 device wrote.
            if try migrator.migrate(storeAt: devices[device]).migrated == false { try bringForward(on: device) }
        default:
            try resolveEverything(on: device)
        }
    }

    /// Resolves every conflict, copies in `schema/`, `store.json` and archived copies of live documents on `device`,
    /// as `almanac resolve` does; what the merges replaced is superseded.
    /// Then, at version 2, brings forward the notes a version-1 device wrote.
    func resolveEverything(on device: Int) throws {
        try store(device).resolveSchemaCopies()
        try store(device).resolveStoreFile()
        try bringForward(on: device)
        try resolveVersions(on: device)
        try bringForward(on: device)
    }

    /// At version 2, what `almanac check --fix` and `migrate up` do: notes a version-1 device
    /// wrote are brought forward (versions of one in an older shape merged first, newer-wins).
    private func bringForward(on device: Int) throws {
        guard try store(device).schemaVersion == 2 else { return }
        let before = try allTokens(device)
        trace("device \(device) brings notes forward")
        broughtForward += try migrator.bringForward(storeAt: devices[device]).count
        superseded.formUnion(before.subtracting(try allTokens(device)))
    }

    private func resolveVersions(on device: Int) throws {
        let store = try store(device)
        try store.resolveStoreFile()
        for conflict in try store.conflicts() {
            trace("device \(device) resolves \(conflict.id): \(conflict.paths)")
            superseded.formUnion(try tokens(of: conflict.id, on: device))
            try store.resolve(conflict.id, in: conflict.collection)
        }
        // Versions a sync left of archived files: merged (one `rev` kept, the others superseded).
        let tokensBefore = try allTokens(device)
        trace("device \(device) resolves archived versions")
        try Store(at: devices[device]).resolveArchiveConflicts()
        superseded.formUnion(tokensBefore.subtracting(try allTokens(device)))
        // Archived on one device, edited on the other: merged into the live document.
        let archivedCopies = try Store(at: devices[device]).resolveArchivedCopies(dryRun: true)
        guard !archivedCopies.isEmpty else { return }
        var before: Set<String> = []
        for path in archivedCopies {
            guard let id = path.split(separator: "/").last.map({ String($0.dropLast(5)) }) else { continue }
            before.formUnion(try tokens(of: id, on: device))
            before.formUnion(Self.tokens(in: Array((try? Data(contentsOf: devices[device].appendingPathComponent(path))) ?? Data())))
        }
        trace("device \(device) merges archived copies: \(archivedCopies)")
        try Store(at: devices[device]).resolveArchivedCopies()
        // The merge keeps one `rev`: the other is superseded by that merge.
        let kept = try sharedFiles(device).values.reduce(into: Set<String>()) { $0.formUnion(Self.tokens(in: $1)) }
        superseded.formUnion(before.subtracting(kept))
    }

    private func note(id: String, day: Int, title: String, body: String, device: Int) -> [String: JSONValue] {
        stamped(["id": .string(id), "day": .string("2025-01-\(10 + day)"), "title": .string(title), "body": .string(body)], device: device)
    }

    private func stamped(_ members: [String: JSONValue], device: Int) -> [String: JSONValue] {
        sequence += 1
        var members = members
        members["rev"] = .string("D\(device)-\(sequence)")
        members["modifiedAt"] = .string(Timestamp.format(Date(timeIntervalSince1970: 1_736_000_000 + Double(clock))))
        return members
    }

    private func save(_ members: [String: JSONValue], on device: Int, _ store: Store) throws {
        guard let id = members["id"]?.stringValue, let token = members["rev"]?.stringValue else { return }
        superseded.formUnion(try tokens(of: id, on: device))
        written.append((token, id))
        var members = members
        // The app at version 2 writes `pinned` (and reads a note without it as not pinned).
        if store.schemaVersion >= 2, members["pinned"] == nil { members["pinned"] = .bool(false) }
        try store.save(json: .object(members), in: "notes")
    }

    /// Every token in the shared files of `device`.
    func allTokens(_ device: Int) throws -> Set<String> {
        try sharedFiles(device).values.reduce(into: Set<String>()) { $0.formUnion(Self.tokens(in: $1)) }
    }

    /// Every token the files of `id` hold on `device` (every version: copies, markers, folders,
    /// and an archived copy, which a save of the id replaces).
    func tokens(of id: String, on device: Int) throws -> Set<String> {
        var found: Set<String> = []
        for (path, bytes) in try sharedFiles(device) where (Self.id(ofPath: path, bytes: bytes) ?? Self.archivedID(ofPath: path)).map(DocumentID.key) == DocumentID.key(id) {
            found.formUnion(Self.tokens(in: bytes))
        }
        return found
    }

    static func tokens(in bytes: [UInt8]) -> Set<String> {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: Set<String> = []
        var rest = text[...]
        while let range = rest.range(of: "\"rev\": \"") {
            let tail = rest[range.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            found.insert(String(tail[..<end]))
            rest = tail[end...]
        }
        return found
    }

    /// The id of an archived document's file, or `nil`.
    static func archivedID(ofPath path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.first == "archive", let name = parts.last else { return nil }
        return SyncConflict.documentFile(named: name)?.id
    }

    /// The id a shared file holds a version of (`settings` for the singleton), or `nil`; with
    /// its `bytes`, a note whose name no known tool's naming explains counts by the id it holds.
    static func id(ofPath path: String, bytes: [UInt8]? = nil) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.first == "data", let name = parts.last else { return nil }
        if parts.count > 3, parts[1] == "notes", let bytes, let held = (try? JSONParser.parse(bytes))?.value["id"]?.stringValue,
           DocumentID.isValid(held), SyncConflict.documentFile(named: name).map({ DocumentID.key($0.id) != DocumentID.key(held) }) ?? true {
            return held
        }
        if parts.count == 3, parts[1] == "tips" { return SyncConflict.documentFile(named: name)?.id }
        if parts.count == 2 {
            return name == "settings.json" || SyncConflict.copy(named: name, exists: { $0 == "settings.json" })?.originalName == "settings.json" ? "settings" : nil
        }
        return SyncConflict.documentFile(named: name)?.id
    }

    // MARK: Files

    /// Every shared file of `device` (outside `.almanac/` and `.git/`), by path.
    func sharedFiles(_ device: Int) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let root = devices[device]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        while let path = enumerator.nextObject() as? String {
            // The device's own folder, git's, and Syncthing's markers and files in transit.
            let name = (path as NSString).lastPathComponent
            if path.hasPrefix(".almanac") || path.hasPrefix(".git/") || path == ".git" || path.hasPrefix(".st") || name.hasPrefix(".syncthing.") { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = Array(try Data(contentsOf: root.appendingPathComponent(path)))
        }
        return files
    }

    func modificationTimes(_ device: Int) throws -> [String: Double] {
        var times: [String: Double] = [:]
        for path in try sharedFiles(device).keys {
            let attributes = try FileManager.default.attributesOfItem(atPath: devices[device].appendingPathComponent(path).path)
            times[path] = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        }
        return times
    }

    // MARK: git

    /// The merge driver git runs: the built `almanac` tool's `git merge`, as `almanac git
    /// install` configures it.
    static func driverScript(in folder: E2EFolder) throws -> URL {
        let tool = try #require(AlmanacProcess.executable, "\(AlmanacProcess.missingExecutable)")
        let script = folder.path("almanac-merge-driver")
        try "#!/bin/sh\nexec '\(tool.path)' git merge --store . \"$@\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

}

extension SplitMix64 {
    /// A number in `0..<bound`, as an `Int`.
    mutating func next(below bound: Int) -> Int {
        Int(next(below: UInt64(bound)))
    }
}
