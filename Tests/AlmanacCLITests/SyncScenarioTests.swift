import Foundation
import Testing

@testable import Almanac

/// The scenarios of a store kept on several devices, run with the tool as a person runs it:
/// conflict copies and one id in two folders are one document for every command, `store.json`
/// versions merge, the same work on two devices writes the same bytes, and git's merge driver
/// merges documents field by field.
@Suite struct SyncScenarioTests {
    static let cravey = ["--schema", E2ERepository.schema("cravey").path, "--migrations", E2ERepository.migrations("cravey").path]

    static let miga = ["--schema", E2ERepository.schema("miga").path, "--migrations", E2ERepository.migrations("miga").path]

    /// The Cravey sample at schema version 2 (its catalog orders versions by `modifiedAt`).
    private func migratedCravey(_ folder: E2EFolder) throws -> URL {
        try migrated("cravey", Self.cravey, in: folder)
    }

    /// The sample of `app` migrated to its latest version.
    func migrated(_ app: String, _ project: [String], in folder: E2EFolder) throws -> URL {
        let store = try folder.copySample(app)
        let up = try run(["migrate", "up", "--store", store.path] + project)
        try #require(up.exit == 0, "\(up)")
        return store
    }

    private func count(_ collection: String, _ store: URL) throws -> Int {
        let result = try run(["ls", collection, "--count", "--store", store.path])
        return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    private func statusCount(_ collection: String, _ store: URL) throws -> Int? {
        let status = try run(["status", "--json", "--store", store.path]).json() as? [String: Any]
        let collections = status?["collections"] as? [[String: Any]]
        return collections?.first { $0["name"] as? String == collection }.flatMap { int($0["documents"]) }
    }

    private func dashboardCravings(_ store: URL) throws -> String {
        let report = try run(["report", "cravey", "dashboard", "--store", store.path, "--now", "2025-02-02T20:00:00Z", "--json"])
        #expect(report.exit == 0, "\(report)")
        return report.stdout
    }

    /// Every read the tool offers, as numbers a copy or a second file would change.
    private func readings(_ store: URL, _ folder: E2EFolder, _ label: String) throws -> [String: String] {
        let export = folder.path("\(label).jsonl")
        let exported = try run(["export", "--out", export.path, "--store", store.path])
        #expect(exported.exit == 0, "\(exported)")
        let imported = try run(["import", export.path, "--store", folder.path("\(label)-imported").path])
        #expect(imported.exit == 0, "the export of a store with conflicts imports: \(imported)")
        let listed = try run(["ls", "cravings", "--store", store.path])
        return [
            "count": String(try count("cravings", store)),
            "status": String(try statusCount("cravings", store) ?? -1),
            "rows": String(listed.stdout.split(separator: "\n").count),
            "dashboard": try dashboardCravings(store),
            "exported": String(try count("cravings", folder.path("\(label)-imported"))),
        ]
    }

    @Test func aSyncthingCopyIsNeverASecondDocument() throws {
        let folder = E2EFolder()
        let store = try migratedCravey(folder)
        let before = try readings(store, folder, "before")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let copyName = String(original.dropLast(5)) + ".sync-conflict-20261125-101010-ABCDEFG.json"
        let edited = try #require(E2EFiles.text(store.appendingPathComponent(original)))
            .replacingOccurrences(of: #""intensity": [0-9]+"#, with: "\"intensity\": 10", options: .regularExpression)
        try Data(edited.utf8).write(to: store.appendingPathComponent(copyName))
        #expect(try readings(store, folder, "after") == before)
        let listed = try run(["ls", "cravings", "--store", store.path])
        #expect(listed.exit == 0 && listed.stderr.contains("is in 2 versions after a sync"), "reads succeed and say so: \(listed)")
        // The copy's name is no id.
        let id = String((copyName as NSString).lastPathComponent.dropLast(5))
        #expect(try run(["get", "cravings", id, "--store", store.path]).exit == 2)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains(copyName), "\(check)")
        let resolved = try run(["resolve", "--store", store.path])
        #expect(resolved.exit == 0 && resolved.stdout.contains("resolved 1 document"), "\(resolved)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        #expect(!E2EFiles.exists(store.appendingPathComponent(copyName)))
    }

    @Test func oneIDInTwoDateFoldersIsOneDocument() throws {
        let folder = E2EFolder()
        let store = try migratedCravey(folder)
        let before = try readings(store, folder, "before")
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/2025/01/") })
        let object = try #require(E2EFiles.object(store.appendingPathComponent(original)))
        let id = try #require(object["id"] as? String)
        // The same craving moved to December on another device (git's rename/rename, say).
        var moved = object
        moved["timestamp"] = "2024-12-30T10:00:00Z"
        let twin = "data/cravings/2024/12/\(id).json"
        try FileManager.default.createDirectory(at: store.appendingPathComponent("data/cravings/2024/12"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: moved, options: [.prettyPrinted, .sortedKeys]).write(to: store.appendingPathComponent(twin))
        try? FileManager.default.removeItem(at: store.appendingPathComponent(".almanac/ids"))
        #expect(try readings(store, folder, "after") == before)
        // get needs no id hint and picks the same version as the listing.
        let got = try run(["get", "cravings", id, "--store", store.path])
        #expect(got.exit == 0 && got.stderr.contains("2 versions"), "\(got)")
        let listed = try run(["ls", "cravings", "--json", "--store", store.path]).json() as? [[String: Any]]
        let entry = listed?.first { ($0["document"] as? [String: Any])?["id"] as? String == id }
        #expect((entry?["document"] as? [String: Any])?["timestamp"] as? String == (try? JSONSerialization.jsonObject(with: Data(got.stdout.utf8)) as? [String: Any])?["timestamp"] as? String)
        #expect(entry?["conflict"] != nil)
        #expect(try run(["check", "--store", store.path]).exit == 3)
    }

    @Test func anICloudCopyWhoseOriginalIsGoneIsTheDocument() throws {
        let folder = E2EFolder()
        let store = try migratedCravey(folder)
        let before = try count("cravings", store)
        let original = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        let copy = String(original.dropLast(5)) + " 2.json"
        try FileManager.default.moveItem(at: store.appendingPathComponent(original), to: store.appendingPathComponent(copy))
        #expect(try count("cravings", store) == before)
        let id = String((original as NSString).lastPathComponent.dropLast(5))
        #expect(try run(["get", "cravings", id, "--store", store.path]).exit == 0)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("is the only version of cravings document"), "\(check)")
        #expect(!check.stdout.contains("move it out"), "the only copy is never advised away: \(check)")
        #expect(try run(["resolve", "cravings", id, "--store", store.path]).exit == 0)
        #expect(E2EFiles.exists(store.appendingPathComponent(original)))
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    @Test func theSameWorkOnTwoDevicesWritesTheSameFiles() throws {
        let folder = E2EFolder()
        for (app, work) in [
            ("cravey", [["migrate", "up"] + Self.cravey]),
            ("miga", [["migrate", "up", "--schema", E2ERepository.schema("miga").path, "--migrations", E2ERepository.migrations("miga").path],
                      ["seed", "import", E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json").path,
                       "--schema", E2ERepository.schema("miga").path],
                      ["retention", "run", "--now", "2026-06-01"]]),
        ] {
            let a = folder.path("\(app)-a"), b = folder.path("\(app)-b")
            try FileManager.default.copyItem(at: E2ERepository.sampleStore(app), to: a)
            try FileManager.default.copyItem(at: E2ERepository.sampleStore(app), to: b)
            for step in work {
                for device in [a, b] {
                    let result = try run(step + ["--store", device.path])
                    #expect(result.exit == 0, "\(app) \(step.prefix(2)): \(result)")
                }
                Thread.sleep(forTimeInterval: 0.02)  // another instant on each device
            }
            #expect(try sharedFiles(a) == sharedFiles(b), "\(app): the shared files differ")
            #expect(try sharedFiles(a).keys.contains("store.json"))
        }
    }

    /// Acceptance: a store in git with the merge driver. Two devices change different fields
    /// of one document, then the same field; `git pull` merges both without markers.
    @Test func gitPullMergesDocumentsFieldByFieldWithTheDriver() throws {
        let folder = E2EFolder()
        let seed = try migratedCravey(folder)
        try Data(".almanac/\n".utf8).write(to: seed.appendingPathComponent(".gitignore"))
        let origin = folder.path("origin.git").path
        try git(["init", "-q", "-b", "main"], in: seed)
        #expect(try run(["git", "install", "--store", seed.path]).exit == 0)
        try git(["add", "-A"], in: seed)
        try git(["commit", "-q", "-m", "store"], in: seed)
        try git(["clone", "-q", "--bare", seed.path, origin], in: folder.url)
        let a = folder.path("a"), b = folder.path("b")
        for device in [a, b] {
            try git(["clone", "-q", origin, device.path], in: folder.url)
            let installed = try run(["git", "install", "--store", device.path])
            #expect(installed.exit == 0, "\(installed)")
            // Directory-rename detection off (git 2.39 drops a document edited while its day was archived).
            let config = try String(contentsOf: device.appendingPathComponent(".git/config"), encoding: .utf8)
            #expect(config.contains("directoryRenames = false"), "\(config)")
        }
        let file = try #require(dataFiles(a).first { $0.hasPrefix("data/cravings/") })
        let id = String((file as NSString).lastPathComponent.dropLast(5))
        func edit(_ device: URL, _ changes: [String: Any]) throws {
            let url = device.appendingPathComponent(file)
            var object = try #require(E2EFiles.object(url))
            for (key, value) in changes { object[key] = value }
            let input = device.appendingPathComponent("../\(device.lastPathComponent)-edit.json")
            try JSONSerialization.data(withJSONObject: object).write(to: input)
            let put = try run(["put", "cravings", input.path, "--store", device.path])
            try #require(put.exit == 0, "put: \(put)")
            try git(["commit", "-q", "-am", "edit"], in: device)
        }
        // Different fields: both kept.
        try edit(a, ["intensity": 2, "modifiedAt": "2025-02-01T10:00:00Z"])
        try git(["push", "-q", "origin", "main"], in: a)
        try edit(b, ["location": "Outside", "modifiedAt": "2025-02-01T11:00:00Z"])
        try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: b)
        var merged = try #require(E2EFiles.object(b.appendingPathComponent(file)))
        #expect(merged["intensity"] as? Int == 2 && merged["location"] as? String == "Outside", "\(merged)")
        #expect(merged["modifiedAt"] as? String == "2025-02-01T11:00:00Z")
        #expect(!(E2EFiles.text(b.appendingPathComponent(file)) ?? "").contains("<<<<<<<"))
        let clean = try run(["check", "--store", b.path])
        #expect(clean.exit == 0, "\(clean)")
        try git(["push", "-q", "origin", "main"], in: b)
        try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: a)
        // The same field: the newer modification wins, on both devices alike.
        try edit(a, ["intensity": 9, "modifiedAt": "2025-02-02T12:00:00Z"])
        try git(["push", "-q", "origin", "main"], in: a)
        try edit(b, ["intensity": 4, "modifiedAt": "2025-02-02T09:00:00Z"])
        try git(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: b)
        merged = try #require(E2EFiles.object(b.appendingPathComponent(file)))
        #expect(merged["intensity"] as? Int == 9 && merged["location"] as? String == "Outside", "\(merged)")
        #expect(try run(["check", "--store", b.path]).exit == 0)
        #expect(try run(["get", "cravings", id, "--store", b.path]).stderr.isEmpty)
    }

    /// Two devices doing different work both rewrite store.json; git leaves markers (no driver
    /// here). Every command still reads the store, and resolve writes the merged history.
    @Test func aConflictedStoreFileIsMergedNotCalledDamaged() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let seedFile = E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json").path
        #expect(try run(["migrate", "up", "--store", store.path] + Self.miga).exit == 0)
        try Data(".almanac/\n".utf8).write(to: store.appendingPathComponent(".gitignore"))
        try git(["init", "-q", "-b", "main"], in: store)
        try git(["add", "-A"], in: store)
        try git(["commit", "-q", "-m", "store"], in: store)
        let other = folder.path("other")
        try git(["clone", "-q", store.path, other.path], in: folder.url)
        // This device imports the seed; the other runs retention.
        #expect(try run(["seed", "import", seedFile, "--store", store.path, "--schema", E2ERepository.schema("miga").path]).exit == 0)
        try git(["add", "-A"], in: store)
        try git(["commit", "-q", "-m", "seed"], in: store)
        let retention = try run(["retention", "run", "--now", "2026-06-01", "--store", other.path])
        #expect(retention.exit == 0, "\(retention)")
        try git(["add", "-A"], in: other)
        try git(["commit", "-q", "-m", "retention"], in: other)
        let pulled = try gitStatus(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: other)
        let text = E2EFiles.text(other.appendingPathComponent("store.json")) ?? ""
        if pulled != 0 { #expect(text.contains("<<<<<<<"), "git reports a conflict in store.json") }
        let status = try run(["status", "--store", other.path])
        #expect(status.exit == 0, "every command reads a store.json with markers: \(status)")
        #expect(!status.stderr.contains("restore the store from a backup"))
        if text.contains("<<<<<<<") {
            let check = try run(["check", "--store", other.path])
            #expect(check.exit == 3 && check.stdout.contains("store.json"), "\(check)")
            let resolved = try run(["resolve", "--store", other.path])
            #expect(resolved.exit == 0 && resolved.stdout.contains("store.json: merged"), "\(resolved)")
        }
        let manifest = try #require(E2EFiles.object(other.appendingPathComponent("store.json")))
        #expect((manifest["seeds"] as? [Any])?.isEmpty == false && manifest["retention"] != nil, "both devices' work is in the history")
        let check = try run(["check", "--store", other.path])
        #expect(check.exit == 0 || !check.stdout.contains("store.json"), "\(check)")
    }

    /// Every file outside `.almanac/`, by path, with its bytes.
    private func sharedFiles(_ store: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in E2EFiles.files(under: store) where !path.hasPrefix(".almanac") {
            files[path] = try Data(contentsOf: store.appendingPathComponent(path))
        }
        return files
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        try GitRepository.run(arguments, in: folder)
    }

    private func gitStatus(_ arguments: [String], in folder: URL) throws -> Int32 {
        try GitRepository.status(arguments, in: folder)
    }
}

extension SyncScenarioTests {
    /// A device still on the day layout writes an event after another device moved the
    /// collection to month folders: every read finds it, check says where it belongs, and
    /// check --fix moves it there.
    @Test func aDocumentInAnOlderLayoutIsReadAndBroughtForward() throws {
        let folder = E2EFolder()
        let store = try migrated("miga", Self.miga, in: folder)
        let before = try count("usage-events", store)
        let existing = try #require(dataFiles(store).first { $0.hasPrefix("data/usage-events/2025/01/") })
        var object = try #require(E2EFiles.object(store.appendingPathComponent(existing)))
        let id = "0DD1A700-7000-4000-8000-000000000001"
        object["id"] = id
        object["timestamp"] = "2025-01-27T15:00:00Z"
        let old = "data/usage-events/2025/01/27/\(id).json"
        try FileManager.default.createDirectory(at: store.appendingPathComponent("data/usage-events/2025/01/27"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: store.appendingPathComponent(old))
        #expect(try count("usage-events", store) == before + 1)
        #expect(try statusCount("usage-events", store) == before + 1)
        let ranged = try run(["ls", "usage-events", "--from", "2025-01-27", "--to", "2025-01-27", "--store", store.path])
        #expect(ranged.stdout.contains(id), "\(ranged)")
        // Reads say so on stderr until check --fix moves it.
        #expect(ranged.stderr.contains("1 document is in folders of an older layout (\(old))"), "\(ranged)")
        let got = try run(["get", "usage-events", id, "--store", store.path])
        #expect(got.exit == 0 && got.stderr.contains("older layout (\(old))"), "\(got)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("\(old): error: /timestamp: is dated"), "\(check)")
        #expect(!check.stdout.contains("unknown folder"), "\(check)")
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0, "\(fix)")
        #expect(E2EFiles.exists(store.appendingPathComponent("data/usage-events/2025/01/\(id).json")))
        #expect(!E2EFiles.exists(store.appendingPathComponent("data/usage-events/2025/01/27")))
        #expect(try count("usage-events", store) == before + 1)
        #expect(!(try run(["ls", "usage-events", "--store", store.path])).stderr.contains("older layout"))
    }
}

extension SyncScenarioTests {
    /// A device still on schema version 2 of MIGA writes its preferences (a First Run phase by
    /// its old name) after another device migrated the store to version 3: reads return it,
    /// check names it, check --fix and migrate up bring it forward by migration 3.
    @Test func aDocumentInAnOlderShapeIsReportedAndBroughtForward() throws {
        let folder = E2EFolder()
        let store = try migrated("miga", Self.miga, in: folder)
        let file = store.appendingPathComponent("data/preferences.json")
        func writeOlderShape(_ phase: String) throws {
            var object = try #require(E2EFiles.object(file))
            object["frePhase"] = phase
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        }
        try writeOlderShape("phase1Complete")
        let got = try run(["get", "preferences", "--store", store.path])
        #expect(got.exit == 0 && got.stdout.contains("phase1Complete"), "\(got)")
        #expect(got.stderr.contains("data/preferences.json: /frePhase:") && got.stderr.contains("brings it forward"), "\(got)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("data/preferences.json"), "\(check)")

        let dry = try run(["check", "--fix", "--dry-run", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path])
        #expect(dry.stdout.contains("data/preferences.json: would be brought forward by 0003-fre-phase-names.json, 0004-fre-starts-and-stays.json, 0005-text-as-seen-and-no-future-events.json: it was in the shape before schema version 3"), "\(dry)")
        #expect(E2EFiles.object(file)?["frePhase"] as? String == "phase1Complete")
        let fix = try run(["check", "--fix", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path])
        #expect(fix.exit == 0, "\(fix)")
        #expect(E2EFiles.object(file)?["frePhase"] as? String == "appsSelected")
        #expect(try run(["check", "--store", store.path]).exit == 0)

        // Again, and this time the next `migrate up` (nothing left to migrate) brings it forward.
        try writeOlderShape("phase2Complete")
        let up = try run(["migrate", "up", "--store", store.path] + Self.miga)
        #expect(up.exit == 0 && up.stdout.contains("brought forward 1 document") && up.stdout.contains("nothing to migrate"), "\(up)")
        #expect(E2EFiles.object(file)?["frePhase"] as? String == "appsHidden")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
