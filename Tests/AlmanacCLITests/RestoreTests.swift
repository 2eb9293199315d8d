#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// `almanac restore BACKUP --store S`: the backup's exact tree in place of the store, in one
/// atomic step, the replaced store kept beside it.
@Suite struct RestoreTests {
    /// A Cravey sample copy and its backup, then the store damaged: a month of usage gone and
    /// a craving's file broken.
    private func damagedStoreAndBackup(_ folder: E2EFolder) throws -> (store: URL, backup: URL, damaged: String) {
        let store = try folder.copySample("cravey")
        let backup = folder.path("backup")
        let made = try run(["backup", backup.path, "--store", store.path])
        try #require(made.exit == 0, "\(made)")
        try FileManager.default.removeItem(at: store.appendingPathComponent("data/usage/2025/01"))
        let craving = try #require(dataFiles(store).first { $0.hasPrefix("data/cravings/") })
        try Data("{".utf8).write(to: store.appendingPathComponent(craving))
        #expect(try run(["check", "--store", store.path]).exit == 3)
        return (store, backup, treeHash(store))
    }

    @Test func aDamagedStoreGetsTheBackupsExactTreeAndIsKeptBeside() throws {
        let folder = E2EFolder()
        let (store, backup, damaged) = try damagedStoreAndBackup(folder)
        let restore = try run(["restore", backup.path, "--store", store.path, "--json"])
        #expect(restore.exit == 0, "\(restore)")
        #expect(treeHash(store) == treeHash(backup), "the backup's exact tree")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        let report = try #require(try restore.json() as? [String: Any])
        let kept = try #require((report["replaced"] as? String).flatMap(URL.init(string:)))
        #expect(kept.lastPathComponent.hasPrefix("cravey-store.replaced-"))
        #expect(treeHash(kept) == damaged, "the replaced store is kept as it was")
        #expect(try run(["diff", backup.path, store.path]).exit == 0)
    }

    #if DEBUG
    @Test(arguments: ["after-staging", "before-exchange", "after-exchange"])
    func aKilledRestoreLeavesTheOldStoreOrTheRestoredOne(point: String) throws {
        let folder = E2EFolder()
        let (store, backup, damaged) = try damagedStoreAndBackup(folder)
        let killed = try run(["restore", backup.path, "--store", store.path], env: ["ALMANAC_TEST_CRASH_AT": "restore:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")
        let now = treeHash(store)
        let exchanged = point == "after-exchange"
        #expect(now == (exchanged ? treeHash(backup) : damaged), "killed \(point): wholly the old store or the restored one")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".cravey-store.") }
        if exchanged {
            // The old store waits under the staging name; the next restore names it as kept.
            #expect(siblings.count == 1 && treeHash(folder.path(siblings[0])) == damaged, "\(siblings)")
            // Any command that opens the restored store names it as kept (a power cut here is
            // the same state: the crash-state explorer found it).
            let status = try run(["status", "--store", store.path])
            #expect(status.exit == 0, "\(status)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            #expect(!names.contains { $0.hasPrefix(".cravey-store.") }, "\(names)")
            #expect(names.contains { $0.hasPrefix("cravey-store.replaced-by-interrupted-restore-") }, "\(names)")
            #expect(!E2EFiles.exists(store.appendingPathComponent(".almanac/restore-staging")), "the mark is gone once the old store is kept")
        }
        let again = try run(["restore", backup.path, "--store", store.path])
        #expect(again.exit == 0, "\(again)")
        #expect(treeHash(store) == treeHash(backup))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!names.contains { $0.hasPrefix(".cravey-store.") }, "no staging left: \(names)")
        if exchanged {
            let kept = try #require(names.first { $0.hasPrefix("cravey-store.replaced-by-interrupted-restore-") }, "\(names)")
            #expect(treeHash(folder.path(kept)) == damaged)
        }
    }
    #endif

    @Test func aBackupThatIsDamagedOfAnotherAppOrNewerIsRefusedAndTheStoreUntouched() throws {
        let folder = E2EFolder()
        let (store, backup, damaged) = try damagedStoreAndBackup(folder)
        let other = try run(["restore", E2ERepository.sampleStore("miga").path, "--store", store.path])
        #expect(other.exit == 2 && other.stderr.contains("the backup is of miga, the store of cravey"), "\(other)")

        let newer = folder.path("newer")
        try FileManager.default.copyItem(at: backup, to: newer)
        let manifest = newer.appendingPathComponent("store.json")
        let text = try #require(E2EFiles.text(manifest))
        // A store format this tool does not know, and a schema version beyond the app's newest.
        try Data(text.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 99").utf8).write(to: manifest)
        let tooNew = try run(["restore", newer.path, "--store", store.path])
        #expect(tooNew.exit == 5, "\(tooNew)")
        try Data(text.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 99").utf8).write(to: manifest)
        let newerSchema = try run(["restore", newer.path, "--store", store.path], cwd: E2ERepository.root)
        #expect(newerSchema.exit == 5, "\(newerSchema)")

        let broken = folder.path("broken")
        try FileManager.default.copyItem(at: backup, to: broken)
        let file = try #require(dataFiles(broken).first)
        try Data("{".utf8).write(to: broken.appendingPathComponent(file))
        let unclean = try run(["restore", broken.path, "--store", store.path])
        #expect(unclean.exit == 3 && unclean.stderr.contains("does not check clean"), "\(unclean)")

        #expect(treeHash(store) == damaged, "nothing was restored")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!names.contains { $0.hasPrefix(".cravey-store.") || $0.contains("replaced") }, "\(names)")
    }

    @Test func anExportFileIsRestoredToo() throws {
        let folder = E2EFolder()
        let (store, backup, _) = try damagedStoreAndBackup(folder)
        let export = folder.path("cravey.jsonl")
        // Exported from the backup: a test never writes into samples/ (an export takes the lock there).
        #expect(try run(["export", "--attachments", "--out", export.path, "--store", backup.path]).exit == 0)
        let restore = try run(["restore", export.path, "--store", store.path])
        #expect(restore.exit == 0, "\(restore)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        #expect(try run(["diff", export.path, store.path]).exit == 0)
    }
}
