#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// Crash points are read only by debug builds of `almanac` (see TestHooks), the
// configuration `swift test` builds.
#if DEBUG
@Suite struct EndToEndMigrationCrashTests {
    static let documents = 40 + 2 + 1

    /// The store's data and schema as a clean migration leaves them (store.json differs by its times).
    static func migratedReference(from fixture: MigrationFixture, in folder: E2EFolder) throws -> String {
        let copy = folder.path("reference")
        try FileManager.default.copyItem(at: fixture.store, to: copy)
        let up = try run(["migrate", "up", "--store", copy.path, "--migrations", fixture.migrations.path, "--schema", fixture.schemaV2.path])
        try #require(up.exit == 0, "\(up)")
        return treeHash(copy, excluding: [".almanac", "store.json"])
    }

    @Test(arguments: TestHooks.migratePoints + ["staged-documents:25"])
    func aMigrationKilledAtAnyPointLeavesTheStoreWhollyAtOneVersion(point: String) throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 40)
        let original = treeHash(fixture.store)
        let reference = try Self.migratedReference(from: fixture, in: folder)

        let killed = try run(fixture.upArguments, env: ["ALMANAC_TEST_CRASH_AT": "migrate:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")

        // Any command recovers: here `status`.
        let version = try storeVersion(fixture.store)
        let committed = TestHooks.migratePoints.firstIndex(of: point).map { $0 >= TestHooks.migratePoints.firstIndex(of: "after-journal")! } ?? false
        #expect(version == (committed ? 2 : 1), "at \(point)")
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/migration.json")))
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0 && check.stdout.contains("\(Self.documents) documents checked"), "\(check)")

        if committed {
            #expect(treeHash(fixture.store, excluding: [".almanac", "store.json"]) == reference, "the new version is whole")
            let rollback = try run(["migrate", "rollback", "--store", fixture.store.path])
            #expect(rollback.exit == 0, "\(rollback)")
            #expect(treeHash(fixture.store) == original, "and its backup restores the old one byte for byte")
        } else {
            #expect(treeHash(fixture.store) == original, "the old version is untouched")
            let up = try run(fixture.upArguments)
            #expect(up.exit == 0, "the migration runs again: \(up)")
            let stagings = (try? FileManager.default.contentsOfDirectory(atPath: fixture.store.appendingPathComponent(".almanac").path))?
                .filter { $0.hasPrefix("migration") && $0 != "migration.json" } ?? []
            #expect(stagings.isEmpty, "a killed staging is swept by the next migration: \(stagings)")
            #expect(treeHash(fixture.store, excluding: [".almanac", "store.json"]) == reference)
        }
    }

    @Test(arguments: TestHooks.rollbackPoints)
    func aRollbackKilledAtAnyPointLeavesTheStoreWhollyAtOneVersion(point: String) throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 40)
        let original = treeHash(fixture.store)
        #expect(try run(fixture.upArguments).exit == 0)
        let migrated = treeHash(fixture.store)

        let killed = try run(["migrate", "rollback", "--store", fixture.store.path], env: ["ALMANAC_TEST_CRASH_AT": "rollback:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "killed at \(point): \(killed)")

        let version = try storeVersion(fixture.store)
        let committed = TestHooks.rollbackPoints.firstIndex(of: point)! >= TestHooks.rollbackPoints.firstIndex(of: "after-journal")!
        #expect(version == (committed ? 1 : 2), "at \(point)")
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/migration.json")))
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0 && check.stdout.contains("\(Self.documents) documents checked"), "\(check)")
        if committed {
            #expect(treeHash(fixture.store) == original)
        } else {
            #expect(treeHash(fixture.store) == migrated, "the migrated version is untouched")
            let rollback = try run(["migrate", "rollback", "--store", fixture.store.path])
            #expect(rollback.exit == 0, "the backup survived and restores: \(rollback)")
            #expect(treeHash(fixture.store) == original)
        }
    }

    /// Acceptance: a real `almanac migrate up` on 20,000 documents, killed with SIGKILL at 20
    /// random moments; after each, the next command finds the store wholly at one version
    /// with every document valid. Each kill costs a check of the 20,000 documents, so an
    /// ordinary run (CI) kills it at 6 moments drawn with the run's seed (``FullSweep``), and
    /// `ALMANAC_FULL_SWEEP=1` at all 20 (`ALMANAC_KILL_ATTEMPTS=N` at N).
    @Test func migrateUpKilledAtRandomMomentsOnTwentyThousandDocuments() throws {
        let folder = E2EFolder(inMemory: true)  // kill -9, not a power cut: the file system does not matter, and ext4 makes 20,000 files slow
        let fixture = try MigrationFixture(in: folder.url, events: 20_000)
        let total = 20_000 + 3
        let originalHash = treeHash(fixture.store)
        let original = treeIdentities(fixture.store)
        let executable = try #require(AlmanacProcess.executable, "\(AlmanacProcess.missingExecutable)")

        // One clean run and rollback, to time the migration.
        let started = Date()
        let clean = try run(fixture.upArguments)
        let duration = Date().timeIntervalSince(started)
        try #require(clean.exit == 0, "\(clean)")
        let migratedPaths = treeIdentities(fixture.store).map { $0.split(separator: " ")[0] }
        try #require(try run(["migrate", "rollback", "--store", fixture.store.path]).exit == 0)
        try #require(treeIdentities(fixture.store) == original)

        var generator = SplitMix64(seed: FullSweep.seed)
        var outcomes: [Int: Int] = [:]
        let attempts = Int(ProcessInfo.processInfo.environment["ALMANAC_KILL_ATTEMPTS"] ?? "") ?? (FullSweep.isOn ? 20 : 6)
        for attempt in 1...attempts {
            let process = Process()
            process.executableURL = executable
            process.arguments = fixture.upArguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.currentDirectoryURL = folder.url
            try process.run()
            let moment = 0.02 + Double(generator.next(below: 1_000_000)) / 1_000_000 * max(0, duration * 1.15 - 0.02)
            usleep(useconds_t(moment * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            // Any command recovers; `status` reads the version, `check` reads and validates every document.
            let version = try #require(try storeVersion(fixture.store), "attempt \(attempt): status failed")
            outcomes[version, default: 0] += 1
            let check = try run(["check", "--store", fixture.store.path])
            #expect(check.exit == 0 && check.stdout.contains("\(total) documents checked"),
                    "attempt \(attempt), killed after \(moment) s: \(check.stdout.suffix(300)) \(check.stderr.prefix(500))")
            if version == 2 {
                #expect(treeIdentities(fixture.store).map { $0.split(separator: " ")[0] } == migratedPaths, "attempt \(attempt): every file of version 2, nothing else")
                let rollback = try run(["migrate", "rollback", "--store", fixture.store.path])
                try #require(rollback.exit == 0, "attempt \(attempt): \(rollback)")
            }
            #expect(treeIdentities(fixture.store) == original, "attempt \(attempt), killed after \(moment) s: every file of version 1 untouched")
        }
        #expect(treeHash(fixture.store) == originalHash, "byte for byte at the end")
        print("kill -9 at \(attempts) random moments (ALMANAC_SAMPLE_SEED=\(FullSweep.seed)) of a \(String(format: "%.2f", duration)) s migration: \(outcomes[1] ?? 0) left at version 1, \(outcomes[2] ?? 0) at version 2")
    }
}
#endif
