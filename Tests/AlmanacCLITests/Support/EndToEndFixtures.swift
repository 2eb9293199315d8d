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

// End-to-end tests of the `almanac` tool: each test runs the BUILT executable as a
// subprocess (see Support/AlmanacProcess.swift) against a store in its own temporary
// folder. The sample stores are copied before anything writes to them.
//
//     swift build --scratch-path .build-e2e && swift test --scratch-path .build-e2e --filter EndToEnd

// MARK: - Helpers

func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL? = nil) throws -> AlmanacRun {
    try AlmanacProcess.run(args, stdin: stdin, env: env, cwd: cwd)
}

/// An Int from a JSONSerialization value (NSNumber on some platforms, Int on others).
func int(_ value: Any?) -> Int? {
    if let number = value as? Int { return number }
    if let number = value as? NSNumber { return number.intValue }
    return nil
}

/// The catalog of the repository's schema for `app` (or of another schema folder): its
/// version and collections.
struct RepoCatalog {
    var version: Int
    /// name → "day" | "month" | "year" | "none" | "singleton"
    var layouts: [(name: String, layout: String)]

    /// The current schema of `app`, `schema/<app>`.
    init(_ app: String) throws {
        try self.init(folder: E2ERepository.schema(app))
    }

    /// The schema a copy of `app`'s sample store is at: its own `schema/` (version 1).
    init(sampleOf app: String) throws {
        try self.init(folder: E2ERepository.sampleSchema(app))
    }

    init(folder: URL) throws {
        let url = folder.appendingPathComponent("catalog.json")
        let object = try #require(E2EFiles.object(url), "cannot read \(url.path)")
        version = try #require(int(object["version"]))
        let collections = try #require(object["collections"] as? [[String: Any]])
        layouts = try collections.map { collection in
            let name = try #require(collection["name"] as? String)
            if (collection["singleton"] as? Bool) == true { return (name, "singleton") }
            return (name, collection["partition"] as? String ?? "none")
        }
    }
}

/// How many documents a collection of the store at `store` holds, counted on disk.
func documentCount(_ collection: String, layout: String, in store: URL) -> Int {
    if layout == "singleton" {
        return E2EFiles.exists(store.appendingPathComponent("data/\(collection).json")) ? 1 : 0
    }
    return E2EFiles.files(under: store.appendingPathComponent("data/\(collection)")).filter { $0.hasSuffix(".json") }.count
}

/// A MIGA usage event as compact JSON with its keys out of order (and an escaped `/`), so
/// that the stored form must be the tool's canonical one.
func usageEvent(
    id: String, timestamp: String, eventType: String = "exit_to_focus", app: String = "X/Twitter", pause: Int = 7
) -> String {
    let escapedApp = app.replacingOccurrences(of: "/", with: "\\/")
    return #"{"timestamp":"\#(timestamp)","targetAppName":"\#(escapedApp)","id":"\#(id)","timerDuration":20,"pauseDuration":\#(pause),"eventType":"\#(eventType)"}"#
}

/// The canonical bytes of ``usageEvent(id:timestamp:eventType:app:pause:)``: sorted keys,
/// 2-space indent, `/` unescaped, a trailing newline.
func canonicalUsageEvent(
    id: String, timestamp: String, eventType: String = "exit_to_focus", app: String = "X/Twitter", pause: Int = 7
) -> String {
    """
    {
      "eventType": "\(eventType)",
      "id": "\(id)",
      "pauseDuration": \(pause),
      "targetAppName": "\(app)",
      "timerDuration": 20,
      "timestamp": "\(timestamp)"
    }

    """
}

/// A UUID-shaped document id (MIGA's schemas want UUIDs), distinct for each `number`.
func uuid(_ number: Int) -> String {
    let digits = String(number)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
}

/// Creates a MIGA store with `almanac init` in `folder` and returns it.
func makeStore(in folder: E2EFolder, timeZone: String = "America/New_York", schema: URL = E2ERepository.schema("miga"),
               sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let store = folder.path("store")
    let result = try run(["init", store.path, "--schema", schema.path, "--time-zone", timeZone])
    try #require(result.exit == 0, "almanac init failed: \(result)", sourceLocation: sourceLocation)
    return store
}

/// Every `.json` file under `data/` of a store, relative to the store.
func dataFiles(_ store: URL) -> [String] {
    E2EFiles.files(under: store.appendingPathComponent("data"))
        .filter { $0.hasSuffix(".json") && !$0.contains(".files/") }
        .map { "data/" + $0 }
}

/// Runs `put collection batch` on `store` so that it fails, with `errno` and every call after,
/// at the first rename that puts the batch in place after its journal's: the change is
/// committed and not yet in place. A traced run on a copy (in `scratch`) finds that call.
func putCutOffAfterCommit(_ collection: String, _ batch: URL, store: URL, errno: Int32, scratch: E2EFolder) throws -> AlmanacRun {
    let probe = scratch.path("probe-\(UUID().uuidString)")
    // Without a folder index on either side: a copy's folders have other inodes, so the probe
    // would list them again and write its index, and count more calls than the run it guides.
    try? FileManager.default.removeItem(at: store.appendingPathComponent(".almanac/index"))
    try FileManager.default.copyItem(at: store, to: probe)
    defer { try? FileManager.default.removeItem(at: probe) }
    let trace = scratch.path("trace-\(UUID().uuidString).txt")
    let traced = try run(["put", collection, batch.path, "--store", probe.path], env: ["ALMANAC_TEST_FAULT_TRACE": trace.path])
    try #require(traced.exit == 0, "\(traced)")
    let renames = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { line -> (call: Int, path: String)? in
        let parts = line.split(separator: " ", maxSplits: 2)
        return parts.count == 3 && parts[1] == "rename" ? (Int(parts[0]) ?? 0, String(parts[2])) : nil
    }
    let journal = try #require(renames.firstIndex { $0.path.hasSuffix("/.almanac") }, "the batch renames its journal into .almanac")
    let inPlace = try #require(renames.dropFirst(journal + 1).first, "the batch renames its staged files after its journal").call
    return try run(["put", collection, batch.path, "--store", store.path], env: ["ALMANAC_TEST_FAULT": "\(errno)@\(inPlace)+"])
}

/// A copy of `app`'s schema folder in `folder` without the catalog rules named `rules`, for a
/// test about what such a rule would refuse first (an instant in 9999 is in the future).
func schemaCopy(_ app: String, in folder: E2EFolder, removingRules rules: Set<String>) throws -> URL {
    let copy = folder.path("schema-\(app)")
    try FileManager.default.copyItem(at: E2ERepository.schema(app), to: copy)
    let catalogURL = copy.appendingPathComponent("catalog.json")
    var catalog = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL)) as? [String: Any])
    catalog["collections"] = (catalog["collections"] as? [[String: Any]] ?? []).map { collection in
        var collection = collection
        if let kept = collection["rules"] as? [[String: Any]] {
            collection["rules"] = kept.filter { !rules.contains($0["name"] as? String ?? "") }
        }
        return collection
    }
    try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(to: catalogURL)
    return copy
}
