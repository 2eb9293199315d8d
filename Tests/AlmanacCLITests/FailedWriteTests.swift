import Foundation
import Testing

/// Writes that fail on a real, full file system (issue 41's sequences 1 and 2): what the
/// message says happened is what happened, and nothing a failed write left behind is ever
/// replayed against the user's word or deleted by `check --fix`.
@Suite("Failed writes on a full disk", .serialized, .enabled(if: SmallFileSystem.unavailable == nil))
struct FailedWriteTests {
    /// What a failed command says it did: both at once is a lie.
    static func outcome(of run: AlmanacRun) -> (nothingChanged: Bool, committed: Bool) {
        (run.stderr.contains("nothing was changed"), run.stderr.contains("is committed"))
    }

    static func leftovers(in store: URL) -> [String] {
        E2EFiles.files(under: store).filter { $0.contains("almanac-tmp") || $0.hasSuffix(".almanac/journal.json") }
    }

    @Test("sequence 1: a delete --all that fails says truthfully whether it is committed, and a later killed batch never replays it",
          arguments: [SmallFileSystem.Kind.tmpfs], 1...4)
    func deleteAllOnFullDisk(kind: SmallFileSystem.Kind, reserve: Int) throws {
        let disk = try SmallFileSystem(kind, kilobytes: 8 * 1024)
        let store = disk.path("store")
        try FileManager.default.copyItem(at: E2ERepository.sampleStore("miga"), to: store)
        let before = dataFiles(store).count
        try #require(before > 300)
        disk.fill(leaving: reserve)
        let delete = try run(["delete", "--all", "--yes", "--store", store.path])
        let said = Self.outcome(of: delete)
        #expect(!(said.nothingChanged && said.committed), "\(delete)")
        if delete.exit != 0 {
            #expect(said.nothingChanged || said.committed, "a failure says what it left: \(delete)")
            #expect(delete.stderr.contains("disk is full"), "\(delete)")
        }
        disk.empty()
        // A batch killed before its commit point makes the next command recover.
        let batch = try E2EFolder().write("[" + (1...3).map { usageEvent(id: uuid(900 + $0), timestamp: "2025-11-21T10:0\($0):00Z") }.joined(separator: ",") + "]", to: "batch.json")
        let killed = try run(["put", "usage-events", batch.path, "--store", store.path], env: ["ALMANAC_TEST_CRASH_AT": "batch:before-journal"])
        #expect(killed.exit != 0)
        let status = try run(["status", "--store", store.path])
        #expect(status.exit == 0, "\(status)")
        let after = dataFiles(store).count
        if delete.exit == 0 || said.committed {
            #expect(after == 0, "a committed delete is finished: \(after) documents left")
        } else {
            #expect(after == before, "nothing was changed, said the delete, yet \(before - after) documents went")
        }
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(Self.leftovers(in: store).isEmpty, "\(Self.leftovers(in: store))")
    }

    @Test("sequence 2: a batch that fails on a full disk is never half there, and reads and check --fix on the full disk lose none of it",
          arguments: [SmallFileSystem.Kind.tmpfs], [1, 4] + Array(28...35))
    func batchOnFullDisk(kind: SmallFileSystem.Kind, reserve: Int) throws {
        let disk = try SmallFileSystem(kind, kilobytes: 2 * 1024)
        let scratch = E2EFolder()
        let store = disk.path("store")
        let created = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")
        let batch = try scratch.write("[" + (1...30).map { usageEvent(id: uuid($0), timestamp: "2025-11-\(10 + $0 % 15)T10:00:00Z") }.joined(separator: ",") + "]", to: "batch.json")
        disk.fill(leaving: reserve)
        let put = try run(["put", "usage-events", batch.path, "--store", store.path])
        let said = Self.outcome(of: put)
        #expect(!(said.nothingChanged && said.committed), "\(put)")
        if put.exit != 0 { #expect(said.nothingChanged || said.committed, "a failure says what it left: \(put)") }
        // Reads while the disk is still full: none may crash or hide the batch behind a lock record.
        for arguments in [["ls", "usage-events"], ["status"], ["check"], ["get", "usage-events", uuid(1)]] {
            let read = try run(arguments + ["--store", store.path])
            #expect([0, 1, 3].contains(read.exit), "\(arguments): \(read)")
            #expect(!read.stderr.contains("nothing was changed by this write"), "a read changes nothing and says no such thing: \(read)")
        }
        disk.empty()
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 0, "\(fix)")
        let listed = try run(["ls", "usage-events", "--store", store.path])
        let counted = try run(["ls", "usage-events", "--count", "--store", store.path])
        #expect(listed.exit == 0 && counted.exit == 0, "\(listed)\n\(counted)")
        let lines = listed.stdout.split(separator: "\n").filter { $0.contains("data/usage-events/") }.count
        let count = Int(counted.stdout.split(whereSeparator: \.isWhitespace).first ?? "") ?? -1
        let expected = (put.exit == 0 || said.committed) ? 30 : 0
        #expect(count == expected, "put said \(put.exit == 0 ? "ok" : said.committed ? "committed" : "nothing changed"); ls --count \(count): \(put)")
        #expect(dataFiles(store).count == expected, "\(dataFiles(store).count) files on disk")
        #expect(lines == count, "ls lists \(lines), ls --count says \(count)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(Self.leftovers(in: store).isEmpty, "\(Self.leftovers(in: store))")
    }

    @Test("a committed delete whose attachment folder cannot be removed yet leaves its journal, and the next command finishes it: check stays clean")
    func attachmentFolderRemovalFails() throws {
        let id = "B93D0206-6694-4521-A2D6-7FB246F2A999"  // the cravey sample's video recording, with attachments
        // A traced run on one copy finds the calls that remove folders in data/recordings.
        let traced = E2EFolder()
        let probe = try traced.copySample("cravey")
        let trace = traced.path("trace.txt")
        let deleted = try run(["delete", "recordings", id, "--yes", "--store", probe.path], env: ["ALMANAC_TEST_FAULT_TRACE": trace.path])
        try #require(deleted.exit == 0, "\(deleted)")
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { line -> Int? in
            let parts = line.split(separator: " ", maxSplits: 2)
            return parts.count == 3 && parts[1] == "rmdir" && parts[2].hasSuffix("/data/recordings") ? Int(parts[0]) : nil
        }
        try #require(!calls.isEmpty, "the delete removes the recording's attachment folder")
        var refused = 0
        for call in calls {
            let work = E2EFolder()
            let store = try work.copySample("cravey")
            let failed = try run(["delete", "recordings", id, "--yes", "--store", store.path], env: ["ALMANAC_TEST_FAULT": "\(EDQUOT)@\(call)"])
            // An empty date folder that cannot go now goes with a later change; the attachment folder must not be left.
            #expect(failed.exit == 0 || failed.stderr.contains("quota"), "rmdir \(call): \(failed)")
            if failed.exit != 0 { refused += 1 }
            let check = try run(["check", "--store", store.path])
            #expect(check.exit == 0, "once the fault is gone the change is finished, and no attachment folder is left without its document: \(check)")
            let get = try run(["get", "recordings", id, "--store", store.path])
            #expect(get.exit != 0, "the delete was committed: \(get)")
        }
        #expect(refused > 0, "the attachment folder's removal failing stops the change from finishing: \(calls)")
    }

    /// On tmpfs the next opener may finish the batch even with the disk full (renames need no
    /// blocks); the read in place through the journal is `ReadOnlyStoreTests.committedChangeNotInPlace`.
    @Test("a store on a full disk holding a committed batch not yet in place is backed up and exported with the batch")
    func copiedOffWithCommittedBatch() throws {
        let disk = try SmallFileSystem(.tmpfs, kilobytes: 2 * 1024)
        let scratch = E2EFolder()
        let store = disk.path("store")
        let created = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")
        let batch = try scratch.write("[" + (1...30).map { usageEvent(id: uuid($0), timestamp: "2025-11-\(10 + $0 % 15)T10:00:00Z") }.joined(separator: ",") + "]", to: "batch.json")
        let put = try putCutOffAfterCommit("usage-events", batch, store: store, errno: ENOSPC, scratch: scratch)
        try #require(put.exit != 0 && Self.outcome(of: put).committed, "\(put)")
        disk.fill(leaving: 0)

        let backup = try run(["backup", scratch.path("backup").path, "--store", store.path])
        #expect(backup.exit == 0, "\(backup)")
        let counted = try run(["ls", "usage-events", "--count", "--store", scratch.path("backup").path])
        #expect(counted.stdout.split(whereSeparator: \.isWhitespace).first == "30", "the backup holds the committed batch: \(counted)")
        let checked = try run(["check", "--store", scratch.path("backup").path])
        #expect(checked.exit == 0, "\(checked)")
        #expect(Self.leftovers(in: scratch.path("backup")).isEmpty, "\(Self.leftovers(in: scratch.path("backup")))")
        let export = try run(["export", "--out", scratch.path("export.jsonl").path, "--store", store.path])
        #expect(export.exit == 0, "\(export)")
        let exported = (try? String(contentsOf: scratch.path("export.jsonl"), encoding: .utf8)) ?? ""
        #expect((1...30).allSatisfy { exported.contains(uuid($0)) }, "the export holds the committed batch: \(export)")

        disk.empty()
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        #expect(dataFiles(store).count == 30)
        #expect(Self.leftovers(in: store).isEmpty, "\(Self.leftovers(in: store))")
    }
}
