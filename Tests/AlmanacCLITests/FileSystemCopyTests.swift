#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// Issue 57, acceptance lines 1 and 3, on real file systems mounted from images: exFAT
/// through FUSE (a USB stick's: no hard links, no atomic exchange, no permissions), xfs,
/// btrfs and ext4. Each kind needs root and its Debian package (`.ci/run` installs them);
/// one that cannot be mounted here is named and left out.
@Suite("Stores on exFAT, xfs, btrfs and ext4, copied by cp and rsync", .serialized)
struct FileSystemCopyTests {
    static let kinds: [SmallFileSystem.Kind] = [.exfat, .xfs, .btrfs, .ext4]

    /// The size of each kind's image, in KiB (sparse: only what is written takes room).
    static func size(_ kind: SmallFileSystem.Kind) -> Int {
        switch kind {
        case .xfs: 320 * 1024
        case .btrfs: 160 * 1024
        default: 64 * 1024
        }
    }

    static let copies: [(name: String, command: [String], keepsInternals: Bool)] = [
        ("cp -a", ["/bin/cp", "-a"], true),
        ("cp -r", ["/bin/cp", "-r"], true),
        ("rsync -a", ["/usr/bin/rsync", "-a"], true),
        ("rsync -a --exclude .almanac", ["/usr/bin/rsync", "-a", "--exclude", ".almanac"], false),
    ]

    @Test("cp -a, cp -r, rsync -a and rsync -a --exclude .almanac of a migrated store, after puts that replaced documents: every document, check clean, rollback without --force", arguments: kinds)
    func copiesAreComplete(kind: SmallFileSystem.Kind) throws {
        if let reason = SmallFileSystem.unavailable(kind) {
            print("skipped on \(kind): \(reason)")
            return
        }
        let volume = try SmallFileSystem(kind, kilobytes: Self.size(kind))
        let fixture = try MigrationFixture(in: volume.path("work"), events: 30)
        let original = try treeFiles(fixture.store)
        let up = try run(fixture.upArguments)
        try #require(up.exit == 0, "\(up)")
        // Puts that replace documents leave merge bases and copies of this device's writes in .almanac/base/.
        for text in ["first, edited", "first, edited again"] {
            let note = try volume.scratchFile(#"{"id": "n1", "text": "\#(text)"}"#, named: "n1.json")
            try #require(try run(["put", "notes", note.path, "--store", fixture.store.path]).exit == 0)
        }
        let store = try treeFiles(fixture.store)
        #expect(try filesWithSeveralNames(under: fixture.store).isEmpty, "no file of the store has two names on \(kind)")

        for (index, copy) in Self.copies.enumerated() {
            guard FileManager.default.isExecutableFile(atPath: copy.command[0]) else {
                print("skipped \(copy.name) on \(kind): \(copy.command[0]) is not installed")
                continue
            }
            let target = volume.path("copy-\(index)")
            let source = copy.command[0].hasSuffix("rsync") ? fixture.store.path + "/" : fixture.store.path
            #expect(SmallFileSystem.command(copy.command + [source, target.path]) == 0, "\(copy.name) on \(kind)")
            #expect(try treeFiles(target) == store, "\(copy.name) on \(kind) holds every document, byte for byte")
            let check = try run(["check", "--store", target.path])
            #expect(check.exit == 0 && check.stdout.contains("0 errors"), "\(copy.name) on \(kind): \(check)")
            guard copy.keepsInternals else { continue }
            // The copy was written after the migration only by the puts, as the original was.
            let refused = try run(["migrate", "rollback", "--store", target.path])
            #expect(refused.exit == 1 && !refused.stderr.contains("n1.json"), "only the commit clock tells of the puts: \(refused)")
            let rollback = try run(["migrate", "rollback", "--force", "--store", target.path])
            #expect(rollback.exit == 0, "\(copy.name) on \(kind): \(rollback)")
            var expected = original
            expected["data/notes/n1.json"] = store["data/notes/n1.json"]
            #expect(try treeFiles(target) == expected, "\(copy.name) on \(kind): rolled back, the later note kept")
        }

        // An untouched migrated store, copied, rolls back without --force: decided by content, not inodes.
        let fresh = try MigrationFixture(in: volume.path("fresh"), events: 10)
        let before = try treeFiles(fresh.store)
        try #require(try run(fresh.upArguments).exit == 0)
        for (index, copy) in Self.copies.enumerated() where copy.keepsInternals && FileManager.default.isExecutableFile(atPath: copy.command[0]) {
            let target = volume.path("fresh-copy-\(index)")
            let source = copy.command[0].hasSuffix("rsync") ? fresh.store.path + "/" : fresh.store.path
            #expect(SmallFileSystem.command(copy.command + [source, target.path]) == 0)
            let rollback = try run(["migrate", "rollback", "--store", target.path])
            #expect(rollback.exit == 0, "\(copy.name) on \(kind) of an untouched migrated store: \(rollback)")
            #expect(try treeFiles(target) == before, "\(copy.name) on \(kind): the version from before, byte for byte")
        }
    }

    @Test("migrate up and rollback killed at every step on exFAT: the next command finds the store wholly before or after, every document there")
    func killedAtEveryStepOnExFAT() throws {
        if let reason = SmallFileSystem.unavailable(.exfat) {
            print("skipped: \(reason)")
            return
        }
        #if DEBUG
        let volume = try SmallFileSystem(.exfat, kilobytes: Self.size(.exfat))
        let reference = try MigrationFixture(in: volume.path("reference"), events: 12)
        let original = try treeFiles(reference.store)
        try #require(try run(reference.upArguments).exit == 0)
        let migrated = try treeFiles(reference.store)
        let commit = TestHooks.migratePoints.firstIndex(of: "after-journal")!
        for (index, point) in TestHooks.migratePoints.enumerated() {
            let fixture = try MigrationFixture(in: volume.path("up-\(index)"), events: 12)
            let killed = try run(fixture.upArguments, env: ["ALMANAC_TEST_CRASH_AT": "migrate:\(point)"])
            #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")
            let version = try storeVersion(fixture.store)
            #expect(version == (index >= commit ? 2 : 1), "at \(point)")
            #expect(try treeFiles(fixture.store).filter { $0.key != "store.json" } == (index >= commit ? migrated : original).filter { $0.key != "store.json" },
                    "wholly \(index >= commit ? "after" : "before") at \(point)")
            let check = try run(["check", "--store", fixture.store.path])
            #expect(check.exit == 0, "at \(point): \(check)")
        }
        let rollbackCommit = TestHooks.rollbackPoints.firstIndex(of: "after-journal")!
        for (index, point) in TestHooks.rollbackPoints.enumerated() {
            let fixture = try MigrationFixture(in: volume.path("rollback-\(index)"), events: 12)
            try #require(try run(fixture.upArguments).exit == 0)
            let killed = try run(["migrate", "rollback", "--store", fixture.store.path], env: ["ALMANAC_TEST_CRASH_AT": "rollback:\(point)"])
            #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")
            let version = try storeVersion(fixture.store)
            #expect(version == (index >= rollbackCommit ? 1 : 2), "at \(point)")
            let files = try treeFiles(fixture.store).filter { $0.key != "store.json" }
            #expect(files == (index >= rollbackCommit ? original : migrated).filter { $0.key != "store.json" }, "wholly one version at \(point)")
        }
        #endif
    }

    @Test("restore and import over an empty store killed at every step on exFAT: the next command finds the old store or the new one, whole")
    func replacementsKilledAtEveryStepOnExFAT() throws {
        if let reason = SmallFileSystem.unavailable(.exfat) {
            print("skipped: \(reason)")
            return
        }
        #if DEBUG
        let volume = try SmallFileSystem(.exfat, kilobytes: Self.size(.exfat))
        for (index, point) in ["after-staging", "before-exchange", "after-ready", "after-old-kept", "after-exchange"].enumerated() {
            let fixture = try MigrationFixture(in: volume.path("restore-\(index)"), events: 6)
            let backup = fixture.folder.appendingPathComponent("backup")
            try #require(try run(["backup", backup.path, "--store", fixture.store.path]).exit == 0)
            let note = try volume.scratchFile(#"{"id": "n9", "text": "after the backup"}"#, named: "n9.json")
            try #require(try run(["put", "notes", note.path, "--store", fixture.store.path]).exit == 0)
            let old = try treeFiles(fixture.store), restored = try treeFiles(backup)
            let killed = try run(["restore", backup.path, "--store", fixture.store.path], env: ["ALMANAC_TEST_CRASH_AT": "restore:\(point)"])
            #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")
            let status = try run(["status", "--store", fixture.store.path])
            #expect(status.exit == 0, "a store is at the path after a restore killed at \(point): \(status)")
            let now = try treeFiles(fixture.store)
            #expect(now == old || now == restored, "wholly the old store or the restored one at \(point)")
            #expect(now == (["after-old-kept", "after-exchange"].contains(point) ? restored : old), "at \(point)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).filter { $0.hasPrefix("store.replaced-") }
            if now == restored { #expect(try kept.map { try treeFiles(fixture.folder.appendingPathComponent($0)) } == [old], "the old store is kept whole: \(kept)") }
        }
        for (index, point) in ["before-exchange", "after-ready", "after-old-kept", "after-exchange"].enumerated() {
            let fixture = try MigrationFixture(in: volume.path("import-\(index)"), events: 6)
            let export = fixture.folder.appendingPathComponent("export.jsonl")
            try #require(try run(["export", "--out", export.path, "--store", fixture.store.path]).exit == 0)
            try #require(try run(["delete", "--all", "--yes", "--store", fixture.store.path]).exit == 0)
            let empty = try treeFiles(fixture.store)
            let killed = try run(["import", export.path, "--store", fixture.store.path], env: ["ALMANAC_TEST_CRASH_AT": "import:\(point)"])
            #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")
            let count = try run(["ls", "events", "--count", "--store", fixture.store.path])
            #expect(count.exit == 0, "a store is at the path after an import killed at \(point): \(count)")
            let imported = ["after-old-kept", "after-exchange"].contains(point)
            #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (imported ? "6" : "0"), "at \(point): \(count)")
            if !imported { #expect(try treeFiles(fixture.store) == empty, "the empty store untouched at \(point)") }
        }
        #endif
    }
}
