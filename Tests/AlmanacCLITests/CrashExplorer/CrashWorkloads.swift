import Foundation
import Testing

@testable import Almanac

/// The operations the crash-state explorer covers: every writer of a store.
enum CrashWorkloads {
    /// `almanac ARGS` in `root`, with `--store root/store` unless the arguments name a store.
    static func almanac(_ arguments: [String], in root: URL, env: [String: String]) throws -> Int32 {
        let store = arguments.contains("--store") ? [] : ["--store", root.appendingPathComponent("store").path]
        let result = try run(arguments + store, env: env, cwd: root)
        // The I/O-fault explorer makes commands fail on purpose, and reads what they said.
        if env["ALMANAC_TEST_FAULT"] != nil {
            lastRuns.record(result, for: root)
        } else if result.exit != 0 {
            print("almanac \(arguments): \(result)")
        }
        return result.exit
    }

    /// The last run of `almanac` in each work folder, for the I/O-fault explorer.
    static let lastRuns = RunLog()

    final class RunLog: @unchecked Sendable {
        // Sendable: `runs` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var runs: [String: AlmanacRun] = [:]

        func record(_ run: AlmanacRun, for root: URL) {
            lock.lock()
            defer { lock.unlock() }
            runs[root.path] = run
        }

        func take(for root: URL) -> AlmanacRun? {
            lock.lock()
            defer { lock.unlock() }
            return runs.removeValue(forKey: root.path)
        }
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

    /// A work folder with a copy of a reference app's sample store at `store`.
    static func sampleStore(_ app: String) throws -> E2EFolder {
        let folder = E2EFolder()
        try FileManager.default.copyItem(at: E2ERepository.sampleStore(app), to: folder.path("store"))
        return folder
    }

    static func require(_ result: AlmanacRun, _ what: String) throws {
        guard result.exit == 0 else { throw ExplorerError("\(what): \(result)") }
    }

    static let deleteWithReferences = CrashExplorer.Workload(
        name: "delete with references and attachments", reportsCommit: true, prepare: { try sampleStore("cravey") }
    ) { root, env in
        // The sample's video recording: two cravings link to it (nullified), its files go with it.
        try almanac(["delete", "recordings", "B93D0206-6694-4521-A2D6-7FB246F2A999", "--yes"], in: root, env: env)
    }

    static let deleteAll = CrashExplorer.Workload(name: "delete --all", reportsCommit: true, prepare: workerStore) { root, env in
        try almanac(["delete", "--all", "--yes"], in: root, env: env)
    }

    static let retention = CrashExplorer.Workload(name: "retention run (archive, clear, delete)", prepare: {
        let fixture = try RetentionFixture()
        try fixture.fill()
        return fixture.folder
    }) { root, env in
        try almanac(["retention", "run", "--now", RetentionStore.now], in: root, env: env)
    }

    static let seedImport = CrashExplorer.Workload(name: "seed import", prepare: {
        let folder = E2EFolder()
        try require(try run(["init", folder.path("store").path, "--schema", E2ERepository.schema("cravey").path, "--time-zone", "UTC"]), "init")
        return folder
    }) { root, env in
        let seeds = E2ERepository.root.appendingPathComponent("samples/cravey/seeds/messages_seed.json")
        return try almanac(["seed", "import", seeds.path], in: root, env: env)
    }

    static let migrateUp = CrashExplorer.Workload(name: "migrate up", prepare: {
        let folder = E2EFolder()
        _ = try MigrationFixture(in: folder.url, events: 12)
        return folder
    }) { root, env in
        let fixture = root
        return try almanac(["migrate", "up", "--migrations", fixture.appendingPathComponent("migrations").path,
                            "--schema", fixture.appendingPathComponent("schema-v2").path], in: root, env: env)
    }

    /// A save by another writer lands while the migration stages (holding no lock): the
    /// migration finds the commit clock moved and stages again, so the save is migrated too.
    static let migrateOvertaken = CrashExplorer.Workload(name: "migrate up overtaken by a save", prepare: {
        let folder = E2EFolder()
        _ = try MigrationFixture(in: folder.url, events: 12)
        try Data(#"{"id": "late", "at": "2025-03-03T10:00:00Z", "amount": 2, "kind": "a"}"#.utf8).write(to: folder.path("late.json"))
        return folder
    }) { root, env in
        let save = ["ALMANAC_TEST_SAVE_AT": "migrate:staged-documents:6",
                    "ALMANAC_TEST_SAVE": [root.appendingPathComponent("store").path, "events", root.appendingPathComponent("late.json").path].joined(separator: "|")]
        return try almanac(["migrate", "up", "--migrations", root.appendingPathComponent("migrations").path,
                            "--schema", root.appendingPathComponent("schema-v2").path], in: root, env: env.merging(save) { $1 })
    }

    /// A user's save lands while the seed import plans (holding no lock): the import plans again.
    static let seedImportOvertaken = CrashExplorer.Workload(name: "seed import overtaken by a save", prepare: {
        let folder = E2EFolder()
        try require(try run(["init", folder.path("store").path, "--schema", E2ERepository.schema("cravey").path, "--time-zone", "UTC"]), "init")
        _ = try folder.write(#"{"createdAt": "2025-03-03T10:00:00Z", "id": "E03A3A0C-2CCB-4FA0-ADEF-5725D29D8A58", "intensity": 3, "timestamp": "2025-03-03T10:00:00Z", "triggers": ["Tired"]}"#,
                             to: "craving.json")
        return folder
    }) { root, env in
        let seeds = E2ERepository.root.appendingPathComponent("samples/cravey/seeds/messages_seed.json")
        let save = ["ALMANAC_TEST_SAVE_AT": "seed:planned",
                    "ALMANAC_TEST_SAVE": [root.appendingPathComponent("store").path, "cravings", root.appendingPathComponent("craving.json").path].joined(separator: "|")]
        return try almanac(["seed", "import", seeds.path], in: root, env: env.merging(save) { $1 })
    }

    static let rollback = CrashExplorer.Workload(name: "migrate rollback", prepare: {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 12)
        try require(try run(fixture.upArguments), "migrate up")
        return folder
    }) { root, env in
        try almanac(["migrate", "rollback"], in: root, env: env)
    }

    /// `migrate repair` after an applied migration file was edited: store.json's record alone
    /// changes, as one journaled commit.
    static let repair = CrashExplorer.Workload(name: "migrate repair", prepare: {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 4)
        try require(try run(fixture.upArguments), "migrate up")
        let file = fixture.migrations.appendingPathComponent("0001-initial.json")
        try Data(#"{"version": 1, "description": "The first schema, described again.", "operations": []}"#.utf8).write(to: file)
        return folder
    }) { root, env in
        try almanac(["migrate", "repair", "--migrations", root.appendingPathComponent("migrations").path], in: root, env: env)
    }

    static let importExport = CrashExplorer.Workload(name: "import an export into a new folder", prepare: {
        let folder = try workerStore()
        try require(try run(["export", "--store", folder.path("store").path, "--out", folder.path("export.jsonl").path, "--attachments"]), "export")
        try FileManager.default.removeItem(at: folder.path("store"))
        try FileManager.default.removeItem(at: folder.path("worker-schema"))
        return folder
    }) { root, env in
        try almanac(["import", root.appendingPathComponent("export.jsonl").path], in: root, env: env)
    }

    static let backup = CrashExplorer.Workload(name: "backup", prepare: workerStore) { root, env in
        try almanac(["backup", root.appendingPathComponent("backup").path], in: root, env: env)
    }

    static let restore = CrashExplorer.Workload(name: "restore a backup", prepare: {
        let folder = try workerStore()
        try require(try run(["backup", folder.path("backup").path, "--store", folder.path("store").path]), "backup")
        guard try put(event("after-backup", "2025-05-05T05:05:05Z"), in: folder.url) == 0 else { throw ExplorerError("put failed") }
        return folder
    }) { root, env in
        try almanac(["restore", root.appendingPathComponent("backup").path], in: root, env: env)
    }

    /// A restore where the file system cannot exchange two names (exFAT, FAT, SMB; forced
    /// here): the old store is renamed away and the copy renamed in, and a cut between the two
    /// is finished by the next open of the store.
    static let restoreWithoutExchange = CrashExplorer.Workload(name: "restore a backup without an atomic exchange", prepare: {
        let folder = try workerStore()
        try require(try run(["backup", folder.path("backup").path, "--store", folder.path("store").path]), "backup")
        guard try put(event("after-backup", "2025-05-05T05:05:05Z"), in: folder.url) == 0 else { throw ExplorerError("put failed") }
        return folder
    }) { root, env in
        try almanac(["restore", root.appendingPathComponent("backup").path], in: root, env: env.merging(["ALMANAC_TEST_NO_EXCHANGE": "1"]) { $1 })
    }

    /// An import over a store without documents, without an atomic exchange (forced).
    static let importOverEmptyStoreWithoutExchange = CrashExplorer.Workload(name: "import over an empty store without an atomic exchange", prepare: {
        let folder = try workerStore()
        try require(try run(["export", "--store", folder.path("store").path, "--out", folder.path("export.jsonl").path, "--attachments"]), "export")
        try require(try run(["delete", "--all", "--yes", "--store", folder.path("store").path]), "delete --all")
        return folder
    }) { root, env in
        try almanac(["import", root.appendingPathComponent("export.jsonl").path], in: root, env: env.merging(["ALMANAC_TEST_NO_EXCHANGE": "1"]) { $1 })
    }

    /// An export written beside the store: once the command exits 0, a power cut must leave
    /// the whole file under its name (its folder is flushed after the rename).
    static let export = CrashExplorer.Workload(name: "export to a file", prepare: workerStore) { root, env in
        try almanac(["export", "--out", root.appendingPathComponent("export.jsonl").path], in: root, env: env)
    }

    /// A document's first attachment: its attachment folder is made.
    static let attach = CrashExplorer.Workload(name: "save an attachment", prepare: workerStore) { root, env in
        try WorkerProcess.run(["attach", root.appendingPathComponent("store").path], environment: env)
    }

    /// `check --fix` of a misfiled document, one not in canonical form and a dead writer's
    /// leftover: one commit (the move and the rewrite), then the leftover's removal.
    static let checkFix = CrashExplorer.Workload(name: "check --fix (a misfiled document, a rewrite, a leftover)", prepare: {
        let folder = try workerStore()
        guard try put(event("misfiled", "2025-03-04T10:00:00Z"), in: folder.url) == 0,
              try put(event("loose", "2025-03-05T10:00:00Z"), in: folder.url) == 0
        else { throw ExplorerError("put failed") }
        let events = folder.path("store/data/events/2025/03")
        try FileManager.default.createDirectory(at: events.appendingPathComponent("06"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: events.appendingPathComponent("04/misfiled.json"), to: events.appendingPathComponent("06/misfiled.json"))
        try Data(#"{"id":"loose","timestamp":"2025-03-05T10:00:00Z"}"#.utf8).write(to: events.appendingPathComponent("05/loose.json"))
        // Named by a process that cannot exist (above Linux's largest pid).
        try Data("cut".utf8).write(to: events.appendingPathComponent("05/.loose.json.4194399-1.almanac-tmp"))
        return folder
    }) { root, env in
        try almanac(["check", "--fix"], in: root, env: env)
    }

    /// `resolve` of a document a sync left in two versions (a Syncthing conflict copy): the
    /// merge is saved and the copy removed, as one commit.
    static let resolve = CrashExplorer.Workload(name: "resolve a sync conflict", prepare: {
        let folder = try workerStore()
        guard try put(event("c1", "2025-03-03T10:00:00Z", #", "note": "here""#), in: folder.url) == 0 else { throw ExplorerError("put failed") }
        let day = folder.path("store/data/events/2025/03/03")
        try Data(#"{"id": "c1", "note": "there", "timestamp": "2025-03-03T10:00:00Z"}"#.utf8)
            .write(to: day.appendingPathComponent("c1.sync-conflict-20250303-101010-ABCDEFG.json"))
        return folder
    }) { root, env in
        try almanac(["resolve"], in: root, env: env)
    }

    static let all = [newDocument, overwrite, dateChange, transaction, deleteWithReferences, deleteAll, retention, seedImport,
                      migrateUp, migrateOvertaken, seedImportOvertaken, rollback, repair, importExport, backup, restore, export,
                      attach, checkFix, resolve, restoreWithoutExchange, importOverEmptyStoreWithoutExchange]
}
