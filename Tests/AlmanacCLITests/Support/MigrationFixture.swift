import Foundation
import Testing

@testable import Almanac

/// A small app of its own for migration tests, independent of the reference apps' history:
/// `events` filed by day (`at`), `notes` unpartitioned and a `settings` singleton at version 1;
/// migration 2 adds `label`, rounds `amount` to an integer, maps `kind` "a" to "alpha" and
/// files events by month.
struct MigrationFixture {
    let folder: URL
    var store: URL { folder.appendingPathComponent("store") }
    var migrations: URL { folder.appendingPathComponent("migrations") }
    var schemaV1: URL { folder.appendingPathComponent("schema-v1") }
    var schemaV2: URL { folder.appendingPathComponent("schema-v2") }

    /// The arguments of `almanac migrate up` for this fixture.
    var upArguments: [String] { ["migrate", "up", "--store", store.path, "--migrations", migrations.path, "--schema", schemaV2.path] }

    /// Creates the schemas, migrations and a store holding `events` events (ids `e00001`…),
    /// every fourth with a fractional amount, and two notes and the settings document.
    init(in folder: URL, events: Int) throws {
        self.folder = folder
        try writeSchema(to: schemaV1, version: 1)
        try writeSchema(to: schemaV2, version: 2)
        try write(#"{"version": 1, "description": "The first schema.", "operations": []}"#, to: migrations.appendingPathComponent("0001-initial.json"))
        try write("""
            {"version": 2, "description": "Labels, whole amounts, monthly folders.", "operations": [
              {"op": "addField", "collection": "events", "field": "label", "value": "none"},
              {"op": "convert", "collection": "events", "field": "amount", "to": "integer", "rounding": "nearest"},
              {"op": "mapValues", "collection": "events", "field": "kind", "map": {"a": "alpha"}},
              {"op": "repartition", "collection": "events", "partition": "month"}
            ]}
            """, to: migrations.appendingPathComponent("0002-labels.json"))
        let created = try Store.create(at: store, schema: schemaV1, timeZone: TimeZone(identifier: "UTC")!)
        _ = try created.save(json: try JSONValue(parsing: Array(#"{"id": "n1", "text": "first"}"#.utf8)), in: "notes")
        _ = try created.save(json: try JSONValue(parsing: Array(#"{"id": "n2", "text": "second"}"#.utf8)), in: "notes")
        _ = try created.save(json: try JSONValue(parsing: Array(#"{"theme": "dark"}"#.utf8)), in: "settings")
        created.finishWriting()
        // The events are written as files in the store's own format (a debug build saving
        // 20,000 documents through the library would take most of the test's time).
        guard events > 0 else { return }
        var folders: Set<String> = []
        for number in 1...events {
            let day = String(format: "%02d", 1 + number % 28)
            let month = String(format: "%02d", 1 + (number / 28) % 12)
            let amount = number % 4 == 0 ? "\(number % 50).5" : "\(number % 50)"
            let id = "e\(String(format: "%05d", number))"
            let document = try JSONValue(parsing: Array("""
                {"id": "\(id)", "at": "2025-\(month)-\(day)T10:00:00Z", "amount": \(amount), "kind": "\(number % 3 == 0 ? "b" : "a")"}
                """.utf8))
            let folder = "data/events/2025/\(month)/\(day)"
            if folders.insert(folder).inserted {
                try FileManager.default.createDirectory(at: store.appendingPathComponent(folder), withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
            let file = store.appendingPathComponent("\(folder)/\(id).json")
            guard FileManager.default.createFile(atPath: file.path, contents: Data(CanonicalJSON.prettyBytes(document)),
                                                 attributes: [.posixPermissions: 0o600])
            else { throw AlmanacProcessError(description: "cannot write \(file.path)") }
        }
    }

    private func writeSchema(to folder: URL, version: Int) throws {
        let partition = version == 1 ? "day" : "month"
        try write("""
            {"app": "fixture", "version": \(version), "collections": [
              {"name": "events", "schema": "events.schema.json", "dateField": "at", "partition": "\(partition)"},
              {"name": "notes", "schema": "notes.schema.json", "partition": "none"},
              {"name": "settings", "schema": "settings.schema.json", "singleton": true}
            ]}
            """, to: folder.appendingPathComponent("catalog.json"))
        let events = version == 1
            ? #"{"type": "object", "required": ["id", "at", "amount", "kind"], "additionalProperties": false, "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}, "amount": {"type": "number"}, "kind": {"enum": ["a", "b"]}}}"#
            : #"{"type": "object", "required": ["id", "at", "amount", "kind", "label"], "additionalProperties": false, "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}, "amount": {"type": "integer"}, "kind": {"enum": ["alpha", "b"]}, "label": {"type": "string"}}}"#
        try write(events, to: folder.appendingPathComponent("events.schema.json"))
        try write(#"{"type": "object", "required": ["id", "text"], "properties": {"id": {"type": "string"}, "text": {"type": "string"}}}"#,
                  to: folder.appendingPathComponent("notes.schema.json"))
        try write(#"{"type": "object", "properties": {"theme": {"enum": ["dark", "light"]}}}"#,
                  to: folder.appendingPathComponent("settings.schema.json"))
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// A SHA-256 over a store's tree: every folder's path, and every file's path, mode (unless
/// `modes` is false) and bytes, in path order. `excluding` names paths (and everything below
/// them) left out.
func treeHash(_ root: URL, excluding: Set<String> = [".almanac"], modes: Bool = true) -> String {
    var lines: [String] = []
    func walk(_ relative: String) {
        let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names.sorted() {
            let path = relative.isEmpty ? name : relative + "/" + name
            if excluding.contains(path) { continue }
            let child = root.appendingPathComponent(path)
            var info = stat()
            guard lstat(child.path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                lines.append("\(path)/")
                walk(path)
            } else {
                let bytes = (try? Data(contentsOf: child)) ?? Data()
                lines.append("\(path) \(modes ? String(info.st_mode, radix: 8) : "-") \(SHA256.hex(Array(bytes)))")
            }
        }
    }
    walk("")
    return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
}

/// Every file and folder below `root` with its inode, size and modification time: equal
/// listings mean no file was written, replaced or removed (a cheap stand-in for ``treeHash``
/// on big stores, since the store never changes a file in place). The editor settings and
/// `store.json` are left out: a migration and its rollback write them again, with the same content.
func treeIdentities(_ root: URL, excluding: Set<String> = [".almanac", ".vscode", "store.json"]) -> [String] {
    var lines: [String] = []
    func walk(_ relative: String) {
        let url = relative.isEmpty ? root : root.appendingPathComponent(relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names {
            let path = relative.isEmpty ? name : relative + "/" + name
            if excluding.contains(path) { continue }
            var info = stat()
            guard lstat(root.appendingPathComponent(path).path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                lines.append("\(path)/")
                walk(path)
            } else {
                #if canImport(Darwin)
                let modified = info.st_mtimespec
                #else
                let modified = info.st_mtim
                #endif
                lines.append("\(path) \(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)")
            }
        }
    }
    walk("")
    return lines.sorted()
}

/// The schema version `almanac status --json` reports, or `nil`.
func storeVersion(_ store: URL) throws -> Int? {
    let status = try run(["status", "--store", store.path, "--json"])
    return (try? status.json() as? [String: Any]).flatMap { int($0?["schemaVersion"]) }
}

/// The bytes of every file a person sees below `root` (`.almanac/` and `.vscode/` aside), by relative path.
func treeFiles(_ root: URL, excluding: Set<String> = [".almanac", ".vscode"]) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in FileManager.default.subpaths(atPath: root.path) ?? []
    where !excluding.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
        var info = stat()
        guard lstat(root.appendingPathComponent(path).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
        files[path] = try Data(contentsOf: root.appendingPathComponent(path))
    }
    return files
}

/// Every file below `root`, `.almanac/` included, that has more than one name (a hard link):
/// a copy tool on a file system without links (exFAT, FAT) keeps only one of them.
func filesWithSeveralNames(under root: URL) throws -> [String] {
    (FileManager.default.subpaths(atPath: root.path) ?? []).filter { path in
        var info = stat()
        return lstat(root.appendingPathComponent(path).path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink > 1
    }.sorted()
}
