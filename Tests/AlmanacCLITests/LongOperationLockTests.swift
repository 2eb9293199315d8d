import Foundation
import Testing
@testable import Almanac

/// A long migration or seed import reads and stages without the writers' lock and takes it
/// only to check that nobody committed meanwhile and to commit: another writer's save gets
/// the lock at once (here within a 1 s lock timeout) and is not lost, since the operation
/// stages again from what that writer left; readers see the store wholly before or after.
@Suite("Long operations hold the writers' lock only to commit")
struct LongOperationLockTests {
    /// Starts `almanac arguments` paused at `point` until `resume` exists; returns once it waits there.
    func startPaused(_ arguments: [String], at point: String, resume: String) throws -> (Process, Pipe, Pipe) {
        let started = try MigrateAfterWaitTests.start(arguments, env: ["ALMANAC_TEST_PAUSE_AT": point, "ALMANAC_TEST_RESUME_FILE": resume])
        try #require(MigrateAfterWaitTests.wait { FileManager.default.fileExists(atPath: resume + ".waiting") }, "paused at \(point)")
        return started
    }

    func finish(_ started: (Process, Pipe, Pipe), resume: String) -> (status: Int32, output: String) {
        _ = FileManager.default.createFile(atPath: resume, contents: nil)
        started.0.waitUntilExit()
        let out = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: started.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (started.0.terminationStatus, out + err)
    }

    @Test("a save during a migration's staging gets the lock within a second and is migrated too; readers never see a mix")
    func saveDuringMigration() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 300)
        let resume = folder.path("resume").path

        // Readers in this process, opening the store afresh each time, all through the migration.
        let done = Flag()
        let mixed = Flag()
        let reads = Counter()
        let reader = Thread {
            while !done.isSet {
                guard let store = try? Store(at: fixture.store), let events = try? store.read({ try $0.documents(json: "events") }) else { continue }
                let labelled = events.filter { $0.value["label"] != nil }.count
                if labelled != 0 && labelled != events.count { mixed.set() }
                _ = reads.next()
            }
        }
        reader.start()
        defer { done.set() }

        let migration = try startPaused(fixture.upArguments, at: "migrate:staged-documents:150", resume: resume)
        // Halfway through staging: another writer saves, with a lock timeout of one second.
        let writer = try Store(at: fixture.store, options: Store.Options(lockTimeout: 1, lockLinger: 0))
        _ = try writer.save(json: try JSONValue(parsing: Array(#"{"id": "late", "at": "2025-03-03T10:00:00Z", "amount": 2, "kind": "a"}"#.utf8)), in: "events")
        writer.finishWriting()
        #expect(FileManager.default.fileExists(atPath: fixture.store.appendingPathComponent("data/events/2025/03/03/late.json").path),
                "saved at the old version, while the migration stages")

        let (status, output) = finish(migration, resume: resume)
        #expect(status == 0, "\(output)")
        done.set()
        while reader.isExecuting { usleep(1000) }
        let migrated = try Store(at: fixture.store)
        #expect(migrated.schemaVersion == 2)
        let late = try #require(try migrated.document(json: "late", in: "events"), "the save made during staging is not lost")
        #expect(late.location.folderPath == ["data", "events", "2025", "03"], "filed by month, as version 2 files")
        #expect(late.value["label"]?.stringValue == "none" && late.value["kind"]?.stringValue == "alpha", "\(late.value)")
        #expect(try migrated.read { try $0.documents(json: "events") }.count == 301)
        #expect(try migrated.check().isClean)
        #expect(!mixed.isSet, "no reader saw some events migrated and others not (\(reads.next()) reads)")
    }

    @Test("a user's change during a seed import's planning gets the lock within a second, and the import keeps it")
    func saveDuringSeedImport() throws {
        let fixture = try SeedFixture()
        let first = try fixture.importing([try fixture.seedFile("v1.json", version: 1, documents: fixture.version1)])
        try #require(first.exit == 0, "\(first)")
        let updated = (1...5).map { SeedFixture.message("m\($0)", version: 2, text: "message \($0), revised") }
        let resume = fixture.folder.path("resume").path
        let seedImport = try startPaused(["seed", "import", "--store", fixture.store.path, try fixture.seedFile("v2.json", version: 2, documents: updated).path],
                                         at: "seed:planned", resume: resume)

        // The import planned from m1 as it was; the user now shows m1 seven times.
        let writer = try Store(at: fixture.store, options: Store.Options(lockTimeout: 1, lockLinger: 0))
        let shown = #"{"id": "m1", "contentVersion": 1, "text": "message 1", "category": "calm", "isCustom": false, "timesShown": 7, "isActive": true}"#
        _ = try writer.save(json: try JSONValue(parsing: Array(shown.utf8)), in: "messages")
        writer.finishWriting()

        let (status, output) = finish(seedImport, resume: resume)
        #expect(status == 0, "\(output)")
        let m1 = try #require(fixture.document("m1"))
        #expect(m1["text"] as? String == "message 1, revised", "the import's update landed: \(m1)")
        #expect(int(m1["timesShown"]) == 7, "the user's count, saved while the import planned, is kept: \(m1)")
        #expect(int(fixture.document("m2")?["contentVersion"]) == 2)
    }

    @Test("a migration stages in a folder of its own and sweeps the stagings of processes that are gone, never a live one's")
    func stagingFoldersArePerProcess() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 20)
        let internalFolder = fixture.store.appendingPathComponent(".almanac")
        try FileManager.default.createDirectory(at: internalFolder, withIntermediateDirectories: true)
        // A live process staging (here: a sleeping one), a killed one's, and the old unnamed folder.
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let live = "migration-\(sleeper.processIdentifier)-1"
        for name in [live, "migration-2147483000-1", "migration"] {
            try FileManager.default.createDirectory(at: internalFolder.appendingPathComponent(name + "/data"), withIntermediateDirectories: true)
        }
        let up = try run(fixture.upArguments)
        #expect(up.exit == 0, "\(up)")
        let left = try FileManager.default.contentsOfDirectory(atPath: internalFolder.path).filter { $0.hasPrefix("migration") }.sorted()
        #expect(left == [live], "only the live process's staging is left: \(left)")
    }

    @Test("the sweep keeps a dead process's staging folder when the migration journal names it (recovery swaps it back)")
    func sweepKeepsTheJournaledFolder() throws {
        let folder = E2EFolder()
        let internalURL = folder.path(".almanac")
        for name in ["migration-2147483000-1", "migration-2147483000-2"] {
            try FileManager.default.createDirectory(at: internalURL.appendingPathComponent(name + "/data"), withIntermediateDirectories: true)
        }
        let journal = MigrationJournal(kind: .migrate, fromVersion: 1, toVersion: 2, stagingFolder: "migration-2147483000-1", dataInode: 1, schemaInode: 2)
        try Data(try journal.bytes).write(to: internalURL.appendingPathComponent(MigrationJournal.fileName))
        let internalFolder = try Directory.openRoot(atPath: internalURL.path)
        #expect(try StoreSwap.sweepAbandonedStagings(in: internalFolder))
        let left = try FileManager.default.contentsOfDirectory(atPath: internalURL.path).filter { $0.hasPrefix("migration-") }
        #expect(left == ["migration-2147483000-1"], "\(left)")
    }

    @Test("check warns of a killed migration's staging, and check --fix removes it")
    func checkReportsAbandonedStaging() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 5)
        let staging = fixture.store.appendingPathComponent(".almanac/migration-2147483000-1/data")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0, "a warning: \(check)")
        #expect(check.stdout.contains(".almanac/migration-2147483000-1") && check.stdout.contains("migration whose process was killed"), "\(check)")
        let fix = try run(["check", "--fix", "--store", fixture.store.path])
        #expect(fix.exit == 0, "\(fix)")
        #expect(!FileManager.default.fileExists(atPath: staging.deletingLastPathComponent().path), "removed by the fix")
        #expect(try run(["check", "--store", fixture.store.path]).stdout.contains("0 warnings"))
    }

    @Test("a large batch validates without the lock: a save made meanwhile gets the lock within a second, and the batch, planned again, lands whole beside it")
    func saveDuringLargeBatch() throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let events = (0..<100).map { usageEvent(id: uuid(1000 + $0), timestamp: "2025-05-\(String(format: "%02d", 1 + $0 % 28))T08:00:00Z") }
        let batch = try folder.write("[" + events.joined(separator: ",") + "]", to: "batch.json")
        let resume = folder.path("resume").path
        let put = try startPaused(["put", "usage-events", batch.path, "--store", storeURL.path], at: "batch:planned", resume: resume)

        let writer = try Store(at: storeURL, options: Store.Options(lockTimeout: 1, lockLinger: 0))
        // One of the batch's documents, on another month: a batch committed as planned would leave it twice.
        _ = try writer.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(1000), timestamp: "2025-06-15T08:00:00Z", pause: 13).utf8)), in: "usage-events")
        writer.finishWriting()

        let (status, output) = finish(put, resume: resume)
        #expect(status == 0, "\(output)")
        let store = try Store(at: storeURL)
        #expect(try store.read { try $0.documents(json: "usage-events") }.count == 100)
        // The batch was planned again after the save: its version moved the document back, whole.
        let document = try #require(try store.document(json: uuid(1000), in: "usage-events"))
        #expect(document.value["pauseDuration"]?.numberValue?.doubleValue == 7)
        #expect(document.location.folderPath == ["data", "usage-events", "2025", "05"])
        #expect(!FileManager.default.fileExists(atPath: storeURL.appendingPathComponent("data/usage-events/2025/06/\(uuid(1000)).json").path))
        #expect(try store.check().isClean)
    }
}
