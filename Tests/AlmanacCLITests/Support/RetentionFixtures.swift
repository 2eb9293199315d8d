#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// A fresh store of one reference app, made by `almanac init --schema schema/<app>` and
/// filled through `almanac put`, for retention runs as of ``RetentionStore/now``.
struct RetentionStore {
    /// The day every test applies the rules as of (the issue's acceptance day).
    static let now = "2026-01-01"

    let folder: E2EFolder
    var store: URL { folder.path("store") }

    init(app: String, timeZone: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        folder = E2EFolder()
        let created = try run(["init", folder.path("store").path, "--schema", E2ERepository.schema(app).path, "--time-zone", timeZone])
        try #require(created.exit == 0, "\(created)", sourceLocation: sourceLocation)
    }

    /// Saves `documents` (JSON texts) into `collection` with one `almanac put`.
    func put(_ collection: String, _ documents: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try folder.write("[" + documents.joined(separator: ",\n") + "]", to: "put-\(UUID().uuidString).json")
        let saved = try run(["put", collection, file.path, "--store", store.path])
        try #require(saved.exit == 0, "\(saved)", sourceLocation: sourceLocation)
    }

    /// `almanac retention run --now 2026-01-01` with `extra` arguments.
    func retention(_ extra: [String] = []) throws -> AlmanacRun {
        try run(["retention", "run", "--store", store.path, "--now", Self.now] + extra)
    }

    func almanac(_ args: [String]) throws -> AlmanacRun {
        try run(args + ["--store", store.path])
    }
}

/// A store of a small app of its own with all three actions: `events` (timestamp `at`, by
/// day) archived after 30 days, `notes` (calendar `date`, by month) cleared of `text` and
/// `mood` after 1 month, `logs` (timestamp `at`, unpartitioned) deleted after 7 days, and
/// `tags` (no date, no rules). Time zone UTC.
struct RetentionFixture {
    let folder: E2EFolder
    var store: URL { folder.path("store") }
    var schema: URL { folder.path("schema") }

    static let rules = (
        events: #"[{"action": "archive", "olderThan": {"days": 30}, "description": "Old events leave the working set."}]"#,
        notes: #"[{"action": "clear", "olderThan": {"months": 1}, "fields": ["text", "mood"], "description": "Private words go after a month."}]"#,
        logs: #"[{"action": "delete", "olderThan": {"days": 7}, "description": "Debug logs are kept a week."}]"#
    )

    /// The catalog with the given `retention` arrays (JSON texts, `nil` for none).
    static func catalog(events: String? = rules.events, notes: String? = rules.notes, logs: String? = rules.logs,
                        tags: String? = nil, extraCollections: String = "") -> String {
        func retention(_ rules: String?) -> String { rules.map { #", "retention": \#($0)"# } ?? "" }
        return """
            {"app": "retainer", "version": 1, "collections": [
              {"name": "events", "schema": "events.schema.json", "dateField": "at", "partition": "day"\(retention(events))},
              {"name": "notes", "schema": "notes.schema.json", "dateField": "date", "partition": "month"\(retention(notes))},
              {"name": "logs", "schema": "logs.schema.json", "dateField": "at", "partition": "none"\(retention(logs))},
              {"name": "tags", "schema": "tags.schema.json", "partition": "none"\(retention(tags))}\(extraCollections)
            ]}
            """
    }

    /// Creates the schema folder (notes require `text` when `textRequired`) and the store.
    init(catalog: String = RetentionFixture.catalog(), textRequired: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        folder = E2EFolder()
        try folder.write(catalog, to: "schema/catalog.json")
        try folder.write(#"{"type": "object", "required": ["id", "at"], "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}, "n": {"type": "integer"}}}"#,
                         to: "schema/events.schema.json")
        try folder.write(#"{"type": "object", "required": ["id", "date"\#(textRequired ? #", "text""# : "")], "properties": {"id": {"type": "string"}, "date": {"type": "string", "format": "date"}, "text": {"type": "string"}, "mood": {"type": "string"}, "rating": {"type": "integer"}}}"#,
                         to: "schema/notes.schema.json")
        try folder.write(#"{"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}, "line": {"type": "string"}}}"#,
                         to: "schema/logs.schema.json")
        try folder.write(#"{"type": "object", "required": ["id"]}"#, to: "schema/tags.schema.json")
        let created = try run(["init", store.path, "--schema", schema.path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)", sourceLocation: sourceLocation)
    }

    func put(_ collection: String, _ documents: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = try folder.write("[" + documents.joined(separator: ",\n") + "]", to: "put-\(UUID().uuidString).json")
        let saved = try run(["put", collection, file.path, "--store", store.path])
        try #require(saved.exit == 0, "\(saved)", sourceLocation: sourceLocation)
    }

    /// Fills the store: per collection, documents on both sides of its cutoff as of 2026-01-01
    /// (events before 2025-12-02, notes before 2025-12-01, logs before 2025-12-25).
    func fill() throws {
        try put("events", [
            #"{"id": "e-old", "at": "2025-12-01T23:59:59Z", "n": 1}"#,
            #"{"id": "e-older", "at": "2025-06-15T08:00:00Z", "n": 2}"#,
            #"{"id": "e-new", "at": "2025-12-02T00:00:00Z", "n": 3}"#,
        ])
        try put("notes", [
            #"{"id": "n-old", "date": "2025-11-30", "text": "private", "mood": "calm", "rating": 4}"#,
            #"{"id": "n-old-bare", "date": "2025-11-02", "rating": 2}"#,
            #"{"id": "n-new", "date": "2025-12-01", "text": "recent", "rating": 5}"#,
        ])
        try put("logs", [
            #"{"id": "l-old", "at": "2025-12-24T12:00:00Z", "line": "old"}"#,
            #"{"id": "l-new", "at": "2025-12-25T00:00:00Z", "line": "new"}"#,
            #"{"id": "l-undated", "line": "no date, so no age"}"#,
        ])
        try put("tags", [#"{"id": "t1", "at": "2020-01-01T00:00:00Z"}"#])
    }

    func retention(_ extra: [String] = []) throws -> AlmanacRun {
        try run(["retention", "run", "--store", store.path, "--now", RetentionStore.now] + extra)
    }
}

/// Reading stores and reports in retention tests.
enum RetentionFiles {
    /// Every regular file of the store except `store.json` and `.almanac/`, path → bytes.
    static func documents(_ store: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in E2EFiles.files(under: store) where path != "store.json" && !path.hasPrefix(".almanac/") {
            result[path] = try? Data(contentsOf: store.appendingPathComponent(path))
        }
        return result
    }

    /// The ids of the rules of `collection` in a `retention run --json` report, by action.
    static func ids(_ run: AlmanacRun, _ collection: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: [String]] {
        let report = try #require(try run.json() as? [String: Any], "\(run)", sourceLocation: sourceLocation)
        let rules = try #require(report["rules"] as? [[String: Any]], "\(run)", sourceLocation: sourceLocation)
        var result: [String: [String]] = [:]
        for rule in rules where rule["collection"] as? String == collection {
            result[rule["action"] as? String ?? "?", default: []] += rule["ids"] as? [String] ?? []
        }
        return result
    }

    /// The document's canonical bytes without `fields`, as a clear rule writes it.
    static func cleared(_ bytes: Data?, removing fields: [String]) throws -> Data {
        guard case .object(var members) = try JSONValue(parsing: Array(bytes ?? Data())) else { return Data() }
        for field in fields { members[field] = nil }
        return Data(CanonicalJSON.prettyBytes(.object(members)))
    }
}
