#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// Support for ExportImportTests, DeleteTests and AttachmentTests: reading export files,
// comparing store trees by content, and working out with Foundation alone (not the library)
// which documents a date range or a filter should select.

/// A SHA-256 over a tree's folders and files by path and bytes, without modes, so that a
/// copy of a sample (whose checkout modes depend on the umask) compares with a store the
/// tool wrote. `excluding` names paths (and everything below them) left out.
func contentHash(_ root: URL, excluding: Set<String> = [".almanac"]) -> String {
    treeHash(root, excluding: excluding, modes: false)
}

/// Every regular file below `root` (relative path → bytes), leaving out `excluding` prefixes.
func fileContents(_ root: URL, excluding: [String] = [".almanac/"]) -> [String: Data] {
    var result: [String: Data] = [:]
    for path in E2EFiles.files(under: root) where !excluding.contains(where: { path.hasPrefix($0) }) {
        result[path] = try? Data(contentsOf: root.appendingPathComponent(path))
    }
    return result
}

/// Every entry below `root` that is not mode 0600 (files) or 0700 (folders), as "path mode".
func entriesWithUnexpectedModes(_ root: URL) -> [String] {
    var result: [String] = []
    for path in (FileManager.default.subpaths(atPath: root.path) ?? []).sorted() {
        var info = stat()
        guard lstat(root.appendingPathComponent(path).path, &info) == 0 else { continue }
        let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        let mode = info.st_mode & 0o7777
        if mode != (isFolder ? 0o700 : 0o600) { result.append("\(path) \(String(mode, radix: 8))") }
    }
    return result
}

/// An export file read with Foundation: the header and the items.
struct ExportFile {
    var header: [String: Any]
    var items: [[String: Any]]

    /// Reads a JSON Lines export (one JSON value per line, the header first).
    init(jsonl url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = try Data(contentsOf: url)
        let lines = data.split(separator: 0x0A)
        var parsed: [[String: Any]] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                                      "each line of \(url.lastPathComponent) is a JSON object", sourceLocation: sourceLocation)
            parsed.append(object)
        }
        header = try #require(parsed.first, "an export has a header line", sourceLocation: sourceLocation)
        items = Array(parsed.dropFirst())
    }

    /// Reads a JSON-format export (`{"header": …, "items": […]}`).
    init(json url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                                  "a JSON export is one object", sourceLocation: sourceLocation)
        header = try #require(object["header"] as? [String: Any], "a JSON export has a header", sourceLocation: sourceLocation)
        items = try #require(object["items"] as? [[String: Any]], "a JSON export has items", sourceLocation: sourceLocation)
    }

    /// The document items.
    var documents: [[String: Any]] { items.filter { $0["kind"] as? String == "document" } }
    /// The attachment items.
    var attachments: [[String: Any]] { items.filter { $0["kind"] as? String == "attachment" } }

    /// `collection/id` of every document item (the collection alone for a singleton).
    var documentLabels: [String] {
        documents.map { item in
            let collection = item["collection"] as? String ?? "?"
            return (item["id"] as? String).map { "\(collection)/\($0)" } ?? collection
        }
    }
}

/// What is on disk in a store, read with Foundation: each document by `collection/id`.
struct DiskDocuments {
    /// `collection/id` (or the collection for a singleton) → the document.
    var documents: [String: [String: Any]] = [:]
    /// `collection/id` → the file's path relative to the store.
    var paths: [String: String] = [:]

    init(_ store: URL) {
        let data = store.appendingPathComponent("data")
        for path in E2EFiles.files(under: data) where path.hasSuffix(".json") && !path.contains(".files/") {
            let parts = path.split(separator: "/").map(String.init)
            let label = parts.count == 1 ? String(parts[0].dropLast(5)) : "\(parts[0])/\(String(parts[parts.count - 1].dropLast(5)))"
            documents[label] = E2EFiles.object(data.appendingPathComponent(path))
            paths[label] = "data/" + path
        }
    }

    /// The labels of one collection's documents.
    func labels(in collection: String) -> Set<String> {
        Set(documents.keys.filter { $0.hasPrefix(collection + "/") || $0 == collection })
    }
}

/// The store's time zone, from its `store.json`.
func storeTimeZone(_ store: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimeZone {
    let manifest = try #require(E2EFiles.object(store.appendingPathComponent("store.json")), sourceLocation: sourceLocation)
    let name = try #require(manifest["timeZone"] as? String, sourceLocation: sourceLocation)
    return try #require(TimeZone(identifier: name), sourceLocation: sourceLocation)
}

/// The day (`YYYY-MM-DD`) a date field's value falls on in `zone`: a timestamp's local day,
/// or a calendar date itself. Worked out with Foundation, independently of the library.
func localDay(_ value: Any?, in zone: TimeZone) -> String? {
    guard let text = value as? String else { return nil }
    if text.count == 10 { return text }
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var date = parser.date(from: text)
    if date == nil {
        parser.formatOptions = [.withInternetDateTime]
        date = parser.date(from: text)
    }
    guard let date else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}

/// The catalog's `dateField` of each collection of a store's schema copy (collections
/// without one are absent).
func dateFields(_ store: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: String] {
    let catalog = try #require(E2EFiles.object(store.appendingPathComponent("schema/catalog.json")), sourceLocation: sourceLocation)
    var result: [String: String] = [:]
    for collection in catalog["collections"] as? [[String: Any]] ?? [] {
        if let name = collection["name"] as? String, let field = collection["dateField"] as? String { result[name] = field }
    }
    return result
}

/// The entries of a folder (names), sorted; empty when it does not exist.
func folderEntries(_ url: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

/// Writes `count` MIGA usage events straight into the month folders of a MIGA store at the
/// current schema (time zone UTC), in the store's canonical form: faster than `put` in a
/// debug build. Ids are ``uuid(_:)`` of 1…count.
func writeUsageEvents(_ count: Int, into store: URL) throws {
    var folders: Set<String> = []
    for number in 1...count {
        let month = String(format: "%02d", 1 + number % 12)
        let day = String(format: "%02d", 1 + number % 28)
        let id = uuid(number)
        let folder = "data/usage-events/2024/\(month)"
        if folders.insert(folder).inserted {
            try FileManager.default.createDirectory(at: store.appendingPathComponent(folder), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        let bytes = Data(canonicalUsageEvent(id: id, timestamp: "2024-\(month)-\(day)T12:00:00Z", pause: number % 20).utf8)
        let file = store.appendingPathComponent("\(folder)/\(id).json")
        guard FileManager.default.createFile(atPath: file.path, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw AlmanacProcessError(description: "cannot write \(file.path)")
        }
    }
}

/// A SHA-256 over a tree's folders and files with their bytes, modes and modification
/// times, leaving out `excluding`, and the folder index (`.almanac/index/`, a device-local
/// cache that reads write too): equal hashes mean no file was written or replaced.
func treeHashWithTimes(_ root: URL, excluding: Set<String> = []) -> String {
    var lines: [String] = []
    let excluding = excluding.union([".almanac/index"])
    for path in (FileManager.default.subpaths(atPath: root.path) ?? []).sorted()
    where !excluding.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) {
        var info = stat()
        guard lstat(root.appendingPathComponent(path).path, &info) == 0 else { continue }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        let isFile = (info.st_mode & S_IFMT) == S_IFREG
        let bytes = isFile ? SHA256.hex(Array((try? Data(contentsOf: root.appendingPathComponent(path))) ?? Data())) : "-"
        // Making the index folder moves `.almanac`'s own time.
        let time = path == ".almanac" ? "-" : "\(modified.tv_sec).\(modified.tv_nsec)"
        lines.append("\(path) \(String(info.st_mode, radix: 8)) \(time) \(bytes)")
    }
    return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
}

/// Whether two JSON values read with JSONSerialization are equal, compared as sorted-key
/// JSON text (Foundation's NSDictionary equality is unreliable for booleans on Linux).
func sameJSON(_ a: Any, _ b: Any) -> Bool {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
    guard let left = try? JSONSerialization.data(withJSONObject: a, options: options),
          let right = try? JSONSerialization.data(withJSONObject: b, options: options)
    else { return false }
    return left == right
}
