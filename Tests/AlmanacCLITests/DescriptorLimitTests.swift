#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

/// Apple systems give a process a few hundred descriptors (256 by default on macOS); a store
/// with years of day folders must work within far fewer. Every command that reads or writes a
/// three-year, day-partitioned collection runs here with `ulimit -n 64`.
@Suite("Descriptor limit")
struct DescriptorLimitTests {
    static let limit = 64

    /// Runs `almanac args` under the limit and requires it to succeed.
    @discardableResult
    func limited(_ args: [String], cwd: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> AlmanacRun {
        let result = try AlmanacProcess.run(args, cwd: cwd, descriptorLimit: DescriptorLimitTests.limit)
        #expect(result.exit == 0, "almanac \(args.joined(separator: " ")) under ulimit -n \(DescriptorLimitTests.limit): \(result)",
                sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("too many open files"), sourceLocation: sourceLocation)
        return result
    }

    @Test("reads, writes, check, export and import, delete by range and retention succeed under 64 descriptors")
    func readsAndWritesOfAThreeYearStore() throws {
        let folder = E2EFolder()
        let fixture = try ThreeYearStore(in: folder)
        let store = fixture.store.path
        #expect(try limited(["ls", "usage-events", "--store", store]).stderr.contains("\(ThreeYearStore.days) documents"))
        #expect(try limited(["get", "usage-events", ThreeYearStore.id(500), "--store", store]).stdout.contains(ThreeYearStore.id(500)))

        // One new event and one moved to another day folder (its old copy goes, its folder too).
        let batch = "[" + usageEvent(id: uuid(5000), timestamp: "2025-06-15T09:00:00Z") + ","
            + usageEvent(id: ThreeYearStore.id(1), timestamp: "2025-12-31T08:00:00Z") + "]"
        try limited(["put", "usage-events", try folder.write(batch, to: "batch.json").path, "--store", store])
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("data/usage-events/2023/01/01")))
        try limited(["rm", "usage-events", ThreeYearStore.id(2), "--store", store])
        #expect(try limited(["check", "--store", store]).stdout.contains("\(ThreeYearStore.days) documents checked: 0 errors"))

        let export = folder.path("export.jsonl")
        try limited(["export", "--out", export.path, "--store", store])
        let imported = folder.path("imported")
        try limited(["import", export.path, "--store", imported.path])
        #expect(try limited(["ls", "usage-events", "--store", imported.path]).stderr.contains("\(ThreeYearStore.days) documents"))

        let deleted = try limited(["delete", "usage-events", "--from", "2023-03-01", "--to", "2023-06-30", "--yes", "--store", store])
        #expect(deleted.stdout.contains("deleted 122 documents"), "\(deleted)")
        let retention = try limited(["retention", "run", "--now", "2026-01-01", "--json", "--store", store])
        let report = try #require(try retention.json() as? [String: Any])
        #expect(int(report["archived"]) ?? 0 > 500, "\(retention)")
        #expect(try limited(["check", "--store", store]).stdout.contains("0 errors"))
    }

    @Test("migrate up with a repartition, rollback and seed import succeed under 64 descriptors")
    func migrationsOfAThreeYearStore() throws {
        let folder = E2EFolder()
        let store = try ThreeYearStore(in: folder).store.path
        let migrations = ["--migrations", E2ERepository.migrations("miga").path, "--schema", E2ERepository.schema("miga").path]
        try limited(["migrate", "up", "--store", store] + migrations)
        #expect(E2EFiles.isFolder(URL(fileURLWithPath: store).appendingPathComponent("data/usage-events/2024/02")))
        #expect(!E2EFiles.isFolder(URL(fileURLWithPath: store).appendingPathComponent("data/usage-events/2024/02/01")))
        try limited(["migrate", "rollback", "--store", store])
        #expect(E2EFiles.isFolder(URL(fileURLWithPath: store).appendingPathComponent("data/usage-events/2024/02/01")))
        try limited(["migrate", "up", "--store", store] + migrations)
        let seed = E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json")
        try limited(["seed", "import", seed.path, "--store", store, "--schema", E2ERepository.schema("miga").path])
        #expect(try limited(["check", "--store", store]).stdout.contains("0 errors"))
        #expect(try limited(["ls", "usage-events", "--store", store]).stderr.contains("\(ThreeYearStore.days) documents"))
    }

    @Test("a batch that runs out of descriptors says so, changes nothing, and leaves no staged file behind")
    func batchOutOfDescriptors() throws {
        var failed = 0
        for limit in [12, 14, 16] { failed += try batchOutOfDescriptors(limit: limit) ? 1 : 0 }
        #expect(failed > 0, "at least one limit must be too low for the batch, or this proves nothing")
    }

    /// Whether the batch failed under `limit` descriptors (what it left is checked either way).
    func batchOutOfDescriptors(limit: Int) throws -> Bool {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let documents = (1...500).map { usageEvent(id: uuid($0), timestamp: "2025-\(String(format: "%02d", 1 + $0 % 12))-\(String(format: "%02d", 1 + $0 % 28))T10:00:00Z") }
        let batch = try folder.write("[" + documents.joined(separator: ",") + "]", to: "batch.json")
        try #require(try run(["put", "usage-events", batch.path, "--store", store.path]).exit == 0)
        let before = dataFiles(store).map { (try? Data(contentsOf: store.appendingPathComponent($0))) ?? Data() }
        // The same 500 again, each now replacing a stored one: a journal's worth of files.
        let changed = try folder.write("[" + documents.map { $0.replacingOccurrences(of: #""pauseDuration":7"#, with: #""pauseDuration":8"#) }.joined(separator: ",") + "]",
                                       to: "changed.json")
        let limited = try AlmanacProcess.run(["put", "usage-events", changed.path, "--store", store.path], descriptorLimit: limit)
        if limited.exit != 0 {
            #expect(limited.stderr.contains("too many open files") && limited.stderr.contains("nothing was changed"), "\(limited)")
            #expect(dataFiles(store).map { (try? Data(contentsOf: store.appendingPathComponent($0))) ?? Data() } == before, "nothing was changed")
        }
        let left = E2EFiles.files(under: store).filter { $0.contains("almanac-tmp") }
        #expect(left.isEmpty, "staged files left behind: \(left.count)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        return limited.exit != 0
    }

    @Test("migrating with few descriptors leaves every document a file of its own")
    func migrationWithoutHardLinks() throws {
        let folder = E2EFolder()
        let store = try ThreeYearStore(in: folder).store
        let args = ["migrate", "up", "--store", store.path, "--migrations", E2ERepository.migrations("miga").path,
                    "--schema", E2ERepository.schema("miga").path]
        let result = try AlmanacProcess.run(args, descriptorLimit: DescriptorLimitTests.limit)
        #expect(result.exit == 0, "\(result)")
        var info = stat()
        let kept = store.appendingPathComponent("data/usage-events/2024/02/\(ThreeYearStore.id(397)).json")
        #expect(lstat(kept.path, &info) == 0 && info.st_nlink == 1, "a file of its own, not a second name of the backup's file")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
