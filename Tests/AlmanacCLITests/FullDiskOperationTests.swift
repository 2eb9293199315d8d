import Foundation
import Testing

/// Every writer, and every copy off a store, on a real file system that fills up (issue 41,
/// item 4): the store on the full disk, or the destination on it. A write fails naming the
/// full disk (or succeeds), says truthfully whether it changed anything, and once space is
/// freed the store reads, checks clean and holds no staging or journal; `backup` and `export`
/// of a store on a full disk succeed.
@Suite("Every operation on a full disk", .serialized, .enabled(if: SmallFileSystem.unavailable == nil))
struct FullDiskOperationTests {
    /// One operation: how to prepare the store (before the disk is filled) and its arguments.
    struct Operation: Sendable, CustomStringConvertible {
        var name: String
        /// Migrate the sample to the current schema first (seeds and retention rules need it).
        var migrated = false
        /// Where the operation writes: the store itself, or a destination beside it.
        var destinationOnDisk = false
        /// The arguments, given the store, a folder on the small disk and one elsewhere.
        var arguments: @Sendable (_ store: URL, _ disk: URL, _ elsewhere: URL) throws -> [String]
        var description: String { name }
    }

    static let migrations = E2ERepository.migrations("miga").path, schema = E2ERepository.schema("miga").path

    static let operations: [Operation] = [
        Operation(name: "put") { store, _, elsewhere in
            ["put", "usage-events", try batchFile(count: 1, in: elsewhere).path, "--store", store.path]
        },
        Operation(name: "batch put") { store, _, elsewhere in
            ["put", "usage-events", try batchFile(count: 120, in: elsewhere).path, "--store", store.path]
        },
        Operation(name: "seed import", migrated: true) { store, _, _ in
            ["seed", "import", E2ERepository.root.appendingPathComponent("samples/miga/seeds/mindfulness_seed.json").path, "--store", store.path, "--schema", schema]
        },
        Operation(name: "migrate up") { store, _, _ in
            ["migrate", "up", "--migrations", migrations, "--schema", schema, "--store", store.path]
        },
        Operation(name: "delete --all") { store, _, _ in ["delete", "--all", "--yes", "--store", store.path] },
        Operation(name: "retention run", migrated: true) { store, _, _ in
            ["retention", "run", "--now", "2027-06-01", "--store", store.path, "--schema", schema]
        },
        Operation(name: "export of the store on the full disk") { store, _, elsewhere in
            ["export", "--store", store.path, "--out", elsewhere.appendingPathComponent("out-\(UUID().uuidString).jsonl").path]
        },
        Operation(name: "backup of the store on the full disk") { store, _, elsewhere in
            ["backup", elsewhere.appendingPathComponent("backup-\(UUID().uuidString)").path, "--store", store.path]
        },
        Operation(name: "export onto the full disk", destinationOnDisk: true) { store, disk, _ in
            ["export", "--store", store.path, "--out", disk.appendingPathComponent("out.jsonl").path]
        },
        Operation(name: "backup onto the full disk", destinationOnDisk: true) { store, disk, _ in
            ["backup", disk.appendingPathComponent("backup").path, "--store", store.path]
        },
        Operation(name: "import onto the full disk", destinationOnDisk: true) { store, disk, elsewhere in
            let export = elsewhere.appendingPathComponent("import-\(UUID().uuidString).jsonl")
            let made = try run(["export", "--store", store.path, "--out", export.path])
            guard made.exit == 0 else { throw AlmanacProcessError(description: "export: \(made)") }
            return ["import", export.path, "--store", disk.appendingPathComponent("imported").path]
        },
    ]

    /// The folders below the store's `data/` and `archive/`, as paths from the store root.
    static func folders(under store: URL) -> [String] {
        ["data", "archive"].flatMap { top -> [String] in
            let base = store.appendingPathComponent(top)
            let paths = (try? FileManager.default.subpathsOfDirectory(atPath: base.path)) ?? []
            return paths.filter { E2EFiles.isFolder(base.appendingPathComponent($0)) }.map { top + "/" + $0 }
        }.sorted()
    }

    static func batchFile(count: Int, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("batch-\(count)-\(UUID().uuidString).json")
        let documents = (1...count).map { usageEvent(id: uuid(7000 + $0), timestamp: "2025-12-\(10 + $0 % 18)T10:00:00Z") }
        try Data(("[" + documents.joined(separator: ",") + "]").utf8).write(to: file)
        return file
    }

    /// Words for a full disk, or a disk out of inodes.
    static func namesFullDisk(_ text: String) -> Bool {
        text.contains("disk is full") || text.contains("no free inodes")
    }

    /// How the disk is full: which file system, out of blocks or of inodes, and how much is left.
    struct Fullness: Sendable, CustomStringConvertible {
        var kind: SmallFileSystem.Kind
        var inodes = false
        var reserve: Int
        var description: String { "\(kind), \(inodes ? "inodes" : "blocks") with \(reserve) left" }
    }

    static let fullness: [Fullness] = {
        var cases = [Fullness(kind: .tmpfs, reserve: 0), Fullness(kind: .tmpfs, reserve: 3), Fullness(kind: .tmpfs, reserve: 24),
                     Fullness(kind: .tmpfs, inodes: true, reserve: 0), Fullness(kind: .tmpfs, inodes: true, reserve: 6)]
        if SmallFileSystem.ext4Unavailable == nil { cases += [Fullness(kind: .ext4, reserve: 0), Fullness(kind: .ext4, reserve: 8)] }
        return cases
    }()

    /// One operation on one kind of full disk.
    struct Case: Sendable, CustomStringConvertible {
        var operation: Int
        var full: Fullness
        var description: String { "\(FullDiskOperationTests.operations[operation].name), \(full)" }
    }

    /// Every operation on a disk with no block left and on one with no inode left, and on one
    /// more fullness drawn with ``FullSweep/seed``; every operation on every fullness in a full
    /// sweep (``FullSweep``).
    static let cases: [Case] = {
        let all = FullSweep.isOn
        var generator = SplitMix64(seed: FullSweep.seed)
        return operations.indices.flatMap { index -> [Case] in
            let always = [0, fullness.firstIndex { $0.inodes && $0.reserve == 0 } ?? 0]
            var others = fullness.indices.filter { !always.contains($0) }
            var chosen = Array(Set(always))
            while !all, chosen.count < 3, !others.isEmpty { chosen.append(others.remove(at: Int(generator.next() % UInt64(others.count)))) }
            return (all ? Array(fullness.indices) : chosen.sorted()).map { Case(operation: index, full: fullness[$0]) }
        }
    }()

    @Test("an operation on a full disk fails cleanly or succeeds, and the store is whole once space is freed", arguments: cases)
    func operation(_ sampled: Case) throws {
        print("full disk: \(sampled) (ALMANAC_SAMPLE_SEED=\(FullSweep.seed); ALMANAC_FULL_SWEEP=1 runs every fullness)")
        let operation = Self.operations[sampled.operation]
        let full = sampled.full
        let reserve = full.reserve
        let disk = try SmallFileSystem(full.kind, kilobytes: 12 * 1024, inodes: full.inodes ? 4000 : nil)
        let elsewhere = E2EFolder()
        // The store lives on the small disk, unless the operation's destination does.
        let store = operation.destinationOnDisk ? elsewhere.path("store") : disk.path("store")
        try FileManager.default.copyItem(at: E2ERepository.sampleStore("miga"), to: store)
        if operation.migrated {
            let up = try run(["migrate", "up", "--migrations", Self.migrations, "--schema", Self.schema, "--store", store.path])
            try #require(up.exit == 0, "\(up)")
        }
        let arguments = try operation.arguments(store, disk.mountPoint, elsewhere.url)
        let before = dataFiles(store)
        let foldersBefore = Self.folders(under: store)
        if full.inodes { disk.fillInodes(leaving: reserve) } else { disk.fill(leaving: reserve) }
        let result = try run(arguments)
        let copiesOff = operation.name.hasPrefix("export of") || operation.name.hasPrefix("backup of")
        if copiesOff {
            #expect(result.exit == 0, "a store on a full disk is copied off it: \(result)")
        } else if result.exit != 0 {
            #expect(Self.namesFullDisk(result.stderr), "\(result)")
        } else {
            // Proof that the disk was full: with no block left, every write fails.
            #expect(reserve > 0, "succeeded on a disk with no free block: \(result)")
        }
        if full.inodes, result.exit != 0 {
            #expect(result.stderr.contains("no free inodes"), "out of inodes, not of space: \(result)")
        }
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Fatal error"), "\(result)")
        #expect(!(result.stderr.contains("nothing was changed") && result.stderr.contains("is committed")), "\(result)")
        if result.stderr.contains("nothing was changed") {
            #expect(dataFiles(store) == before, "nothing was changed, it said: \(result)")
            let made = Set(Self.folders(under: store)).subtracting(foldersBefore)
            #expect(made.isEmpty, "a failed change leaves no folder it made: \(made.sorted().prefix(5))")
        }
        disk.empty()
        let status = try run(["status", "--store", store.path])
        #expect(status.exit == 0, "\(status)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
        let leftovers = (E2EFiles.files(under: store) + E2EFiles.files(under: disk.mountPoint)).filter {
            $0.contains("almanac-tmp") || $0.hasSuffix(".almanac/journal.json") || $0.contains(".almanac/snapshots/")
        }
        #expect(leftovers.isEmpty, "\(leftovers.prefix(5))")
        if operation.destinationOnDisk, result.exit != 0 {
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: disk.mountPoint.path)) ?? []
            #expect(kept.filter { !$0.hasPrefix(".") && $0 != "lost+found" }.isEmpty, "a failed copy leaves nothing at its destination: \(kept)")
        }
    }
}
