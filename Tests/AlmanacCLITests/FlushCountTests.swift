import Foundation
import Testing

/// The flush model of the Apple platforms article ("Flushes"): every writer pays exactly one full
/// flush (`F_FULLFSYNC` on Apple systems) at its commit point, and only barriers before and
/// after it. The counts are of requests, the same on every system, so Linux shows what the
/// Apple path costs; `ALMANAC_TEST_NO_VOLUME_SYNC` takes the path of a system without a
/// whole-volume sync, flushing each staged file instead.
@Suite("Flush counts")
struct FlushCountTests {
    struct Counts: Equatable, CustomStringConvertible {
        var full: Int
        var barrier: Int
        var volume: Int
        var description: String { "\(full) full, \(barrier) barrier, \(volume) volume" }
    }

    /// Runs `almanac args` and returns the flushes it reports with `ALMANAC_FLUSH_COUNTS=1`.
    static func counted(_ args: [String], volumeSync: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws -> Counts {
        var env = ["ALMANAC_FLUSH_COUNTS": "1"]
        if !volumeSync { env["ALMANAC_TEST_NO_VOLUME_SYNC"] = "1" }
        let result = try AlmanacProcess.run(args, env: env)
        try #require(result.exit == 0, "almanac \(args.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        let line = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("almanac: flushes: ") }, "\(result)")
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count == 3, "\(line)", sourceLocation: sourceLocation)
        return Counts(full: numbers[0], barrier: numbers[1], volume: numbers[2])
    }

    @Test("every writer pays one full flush, with and without a whole-volume sync", arguments: [true, false])
    func oneFullFlushPerOperation(volumeSync: Bool) throws {
        let folder = E2EFolder()
        let fixture = try ThreeYearStore(in: folder)
        let store = fixture.store.path
        let migrations = ["--migrations", E2ERepository.migrations("miga").path, "--schema", E2ERepository.schema("miga").path]
        let one = try folder.write(usageEvent(id: uuid(9001), timestamp: "2025-06-15T09:00:00Z"), to: "one.json")
        let many = try folder.write("[" + (1...200).map { usageEvent(id: uuid(10_000 + $0), timestamp: ThreeYearStore.timestamp($0 * 5)) }
            .joined(separator: ",") + "]", to: "many.json")
        let export = folder.path("export.jsonl")
        let seed = E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json").path
        let operations: [(String, [String])] = [
            ("save one", ["put", "usage-events", one.path, "--store", store]),
            ("batch of 200 in 200 folders", ["put", "usage-events", many.path, "--store", store]),
            ("delete one", ["rm", "usage-events", uuid(9001), "--store", store]),
            ("delete a range", ["delete", "usage-events", "--from", "2023-03-01", "--to", "2023-03-31", "--yes", "--store", store]),
            ("retention run", ["retention", "run", "--now", "2025-06-01", "--store", store]),
            ("export", ["export", "--out", export.path, "--store", store]),
            ("import", ["import", export.path, "--store", folder.path("imported").path]),
            ("migrate up", ["migrate", "up", "--store", store] + migrations),
            ("rollback", ["migrate", "rollback", "--store", store]),
            ("migrate up again", ["migrate", "up", "--store", store] + migrations),
            ("seed import", ["seed", "import", seed, "--store", store, "--schema", E2ERepository.schema("miga").path]),
        ]
        var table: [String] = []
        for (name, args) in operations {
            let counts = try FlushCountTests.counted(args, volumeSync: volumeSync)
            table.append("\(name): \(counts)")
            #expect(counts.full == 1, "\(name) should pay one full flush, paid \(counts)")
            if !volumeSync { #expect(counts.volume == 0, "\(name): \(counts)") }
        }
        print("flushes per operation (\(volumeSync ? "with" : "without") a volume sync):\n  " + table.joined(separator: "\n  "))
    }

    @Test("a batch is one transaction: with a volume sync its flushes grow with its folders, not its files; without one, each file is flushed once", arguments: [true, false])
    func batchFlushesGrowWithFoldersNotMore(volumeSync: Bool) throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let events = (1...30).map { usageEvent(id: uuid($0), timestamp: "2025-0\(1 + $0 % 3)-1\($0 % 9)T10:00:00Z") }
        let file = try folder.write("[" + events.joined(separator: ",") + "]", to: "batch.json")
        let counts = try FlushCountTests.counted(["put", "usage-events", file.path, "--store", store.path], volumeSync: volumeSync)
        #expect(counts.full == 1, "the journal is the one commit point: \(counts)")
        // 9 day folders (each flushed after its renames), the journal's folder and its file, the root.
        if volumeSync {
            #expect(counts.volume == 1, "\(counts)")
            #expect(counts.full + counts.barrier <= 9 + 10, "\(counts)")
        } else {
            #expect(counts.volume == 0, "\(counts)")
            #expect(counts.full + counts.barrier >= 30 + 9, "every file and folder flushed: \(counts)")
            #expect(counts.full + counts.barrier <= 30 + 2 * 9 + 10, "\(counts)")
        }
    }
}
