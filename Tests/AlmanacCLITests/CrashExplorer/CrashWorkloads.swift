import Foundation
import Testing

@testable import Almanac

/// The operations the crash-state explorer covers: every writer of a store.
enum CrashWorkloads {
    /// `almanac ARGS` in `root`, with `--store root/store` unless the arguments name a store.
    static func almanac(_ arguments: [String], in root: URL, env: [String: String]) throws -> Int32 {
        let store = arguments.contains("--store") ? [] : ["--store", root.appendingPathComponent("store").path]
        let result = try run(arguments + store, env: env, cwd: root)
        if result.exit != 0 { print("almanac \(arguments): \(result)") }
        return result.exit
    }

    /// A work folder with the test worker's store (events by day, notes by month, a singleton,
    /// counters unpartitioned, movers with attachments) at `store`.
    static func workerStore() throws -> E2EFolder {
        let folder = E2EFolder()
        let status = try WorkerProcess.run(["create", folder.path("store").path])
        guard status == 0 else { throw ExplorerError("AlmanacTestWorker create exited \(status)") }
        return folder
    }

    static func event(_ id: String, _ timestamp: String, _ extra: String = "") -> String {
        #"{"id": "\#(id)", "timestamp": "\#(timestamp)"\#(extra)}"#
    }

    /// `almanac put events` of one document written beside the store.
    static func put(_ document: String, in root: URL, env: [String: String] = [:]) throws -> Int32 {
        let file = root.appendingPathComponent("put-\(UUID().uuidString).json")
        try Data(document.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try almanac(["put", "events", file.path], in: root, env: env)
    }

    static let newDocument = CrashExplorer.Workload(name: "save a new document", reportsCommit: true, prepare: workerStore) { root, env in
        try put(event("x1", "2025-03-01T10:00:00Z"), in: root, env: env)
    }

    static let overwrite = CrashExplorer.Workload(name: "save over a document", reportsCommit: true, prepare: {
        let folder = try workerStore()
        guard try put(event("x1", "2025-03-01T10:00:00Z"), in: folder.url) == 0 else { throw ExplorerError("put failed") }
        return folder
    }) { root, env in
        try put(event("x1", "2025-03-01T10:00:00Z", #", "note": "changed""#), in: root, env: env)
    }

    static let dateChange = CrashExplorer.Workload(name: "save with a date change (the file moves)", reportsCommit: true, prepare: {
        let folder = try workerStore()
        guard try put(event("x1", "2025-03-01T10:00:00Z"), in: folder.url) == 0 else { throw ExplorerError("put failed") }
        return folder
    }) { root, env in
        try put(event("x1", "2025-07-09T10:00:00Z"), in: root, env: env)
    }

    static let transaction = CrashExplorer.Workload(name: "transaction over four collections", reportsCommit: true, prepare: workerStore) { root, env in
        try WorkerProcess.run(["transactions", root.appendingPathComponent("store").path, "1"], environment: env)
    }

    static let all = [newDocument, overwrite, dateChange, transaction]
}
