import Foundation
import Testing

@testable import Almanac

/// Explores the states a power cut could leave in the middle of one operation: the operation
/// runs once in a child process that logs its file-system changes (`ALMANAC_TEST_RECORD`),
/// then every crash state of each persistence model is rebuilt in a scratch folder, recovered
/// as the next writer would, and judged.
///
/// A state passes when, after recovery, every compared tree (outside `.almanac/`) is byte for
/// byte the tree before the operation or the tree after it, `check` finds nothing (but, in the
/// tree before a repair, the problems it starts from), and — for
/// a power cut after the operation returned — it is the tree after.
struct CrashExplorer {
    /// One operation to explore.
    struct Workload: Sendable {
        var name: String
        /// Whether the operation's change is reported durable at its (last) commit mark, as a
        /// save or transaction returns, rather than when the process ends.
        var reportsCommit = false
        /// The store that recovery opens and `check` checks, relative to the work folder.
        var store = "store"
        /// Makes the work folder and its starting state (a store, a backup, an export file…).
        var prepare: @Sendable () throws -> E2EFolder
        /// Runs the operation in the work folder with the recording environment; returns its exit status.
        var run: @Sendable (URL, [String: String]) throws -> Int32
    }

    /// Bounds of one exploration; `ALMANAC_CRASH_PREFIXES` and `ALMANAC_CRASH_RANDOM` raise them.
    struct Bounds {
        var prefixes = Int(ProcessInfo.processInfo.environment["ALMANAC_CRASH_PREFIXES"] ?? "") ?? 6
        var random = Int(ProcessInfo.processInfo.environment["ALMANAC_CRASH_RANDOM"] ?? "") ?? 2
        var seed = UInt64(ProcessInfo.processInfo.environment["ALMANAC_CRASH_SEED"] ?? "") ?? 2026
        /// The share of the states before a reported commit that are judged: a seeded third of
        /// them in an ordinary run (each day's runs judge another third), every one in a full
        /// sweep (``FullSweep``). A state after the operation reported its commit is always
        /// judged: that is the durability promise.
        var share = FullSweep.isOn ? 1 : 0.35
        /// The sample's seed, printed with every outcome (``FullSweep/seed``).
        var sampleSeed = FullSweep.seed
    }

    /// What one model's exploration of one operation found.
    struct Outcome: CustomStringConvertible {
        var operation: String
        var model: PersistenceModel
        var changes = 0
        var crashPoints = 0
        var explored = 0
        /// States left out of the sample (``Bounds/share``), and the sample's seed.
        var skipped = 0
        var sampleSeed: UInt64 = 0
        var failed = 0
        var failures: [String] = []
        /// Folders whose entries changed after their last flush when the operation reported success.
        var unflushed: [String] = []

        var description: String {
            "\(operation) on \(model): \(changes) changes, \(crashPoints) crash points, \(explored) states, \(failed) failed"
                + (skipped == 0 ? "" : " (\(skipped) more left out of the sample; ALMANAC_SAMPLE_SEED=\(sampleSeed); ALMANAC_FULL_SWEEP=1 judges all)")
                + (unflushed.isEmpty ? "" : ", folders left unflushed: \(unflushed)")
                + failures.prefix(3).map { "\n  - " + $0 }.joined()
        }
    }

    var bounds = Bounds()
    var extraEnvironment: [String: String] = [:]

    /// Runs `workload` once and judges its crash states under every model.
    func explore(_ workload: Workload) throws -> [Outcome] {
        let work = try workload.prepare(), scratch = E2EFolder(inMemory: true)
        let baseline = Self.baselineProblems(of: work.url.appendingPathComponent(workload.store))
        let leftovers = Self.leftoverKeys(baseline, store: workload.store)
        var objects = ObjectTable()
        let before = try FileTreeImage.snapshot(of: work.url, objects: &objects)
        let logURL = scratch.path("operation.log")
        let status = try workload.run(work.url, extraEnvironment.merging(["ALMANAC_TEST_RECORD": logURL.path]) { $1 })
        guard status == 0 else { throw ExplorerError("\(workload.name) exited \(status)") }
        var afterObjects = ObjectTable()
        let afterListing = try FileTreeImage.snapshot(of: work.url, objects: &afterObjects).listing()
        if let kept = leftovers.first(where: { afterListing[$0] != nil }) {
            throw ExplorerError("\(workload.name) left a dead writer's leftover: \(kept)")
        }
        let log = try RecordedChange.parse(log: (try? Data(contentsOf: logURL)) ?? Data(), objects: &objects)

        // The log must be complete: replayed whole, it gives the tree the operation left.
        var replayed = before
        for change in log { replayed.apply(change) }
        let missing = Self.differences(replayed.listing(), afterListing)
        guard missing.isEmpty else {
            throw ExplorerError("\(workload.name): the log does not replay to the tree the operation left (a change made around FileSystemRecorder?): \(missing.prefix(5))")
        }

        let unflushed = Self.unflushedFolders(log, after: replayed, until: workload.reportsCommit ? log.lastIndex { $0.kind == .mark } : nil)
        if ProcessInfo.processInfo.environment["ALMANAC_CRASH_TRACE"] == "1" {
            print(log.enumerated().map { "\(workload.name) \($0.offset): \($0.element)" }.joined(separator: "\n"))
        }
        let view = { (listing: [String: [UInt8]]) in Self.view(listing).filter { !leftovers.contains($0.key) } }
        let beforeView = view(before.listing()), afterView = view(afterListing)
        // A workload may commit more than once (a save overtaking a migration, then the
        // migration): the tree as each reported commit left it is a state a power cut may keep.
        var committedViews: Set<[String: [UInt8]]> = []
        var prefix = before
        for (index, change) in log.enumerated() {
            if change.kind == .mark { committedViews.insert(view(prefix.listing())) }
            prefix.apply(log[index])
        }
        let points = log.indices.filter { log[$0].isFlush || log[$0].kind == .mark } + [log.count]
        // From its last commit on, the operation has told its caller the change is durable.
        let committed = workload.reportsCommit ? log.lastIndex { $0.kind == .mark }.map { $0 + 1 } ?? log.count : log.count
        let covers = PersistenceModel.covers(of: log)
        // A tree is judged once whichever model reached it: the verdict depends on the tree and
        // on whether the operation had reported its commit, not on the flush model.
        var verdicts: [[String: [UInt8]]: String?] = [:], completedVerdicts: [[String: [UInt8]]: String?] = [:]
        return try PersistenceModel.allCases.map { model in
            var outcome = Outcome(operation: workload.name, model: model, changes: log.count, crashPoints: points.count,
                                  sampleSeed: bounds.sampleSeed, unflushed: unflushed)
            var generator = SplitMix64(seed: bounds.seed), sampler = SplitMix64(seed: bounds.sampleSeed)
            var judged: Set<Set<Int>> = []
            for point in points {
                let states = model.crashStates(of: log, covers: covers, issued: point, prefixLimit: bounds.prefixes,
                                               randomCount: bounds.random, generator: &generator)
                for state in states where judged.insert(state).inserted || point >= committed {
                    var image = before
                    for index in state.sorted() { image.apply(log[index]) }
                    let listing = image.listing()
                    let completed = point >= committed
                    let verdict: String?
                    if let known = completed ? completedVerdicts[listing] : verdicts[listing] {
                        verdict = known
                    } else if !completed, bounds.share < 1, Double(sampler.next() % 1_000_000) >= bounds.share * 1_000_000 {
                        outcome.skipped += 1
                        continue
                    } else {
                        verdict = try judge(image, objects: objects, workload: workload, before: beforeView, after: afterView,
                                            committed: committedViews, completed: completed, baseline: baseline, leftovers: leftovers, scratch: scratch)
                        if !completed { verdicts[listing] = .some(verdict) } else { completedVerdicts[listing] = .some(verdict) }
                    }
                    outcome.explored += 1
                    if let verdict {
                        outcome.failed += 1
                        let lost = (0..<point).filter { !state.contains($0) && !log[$0].isFlush && log[$0].kind != .mark }
                        outcome.failures.append("power cut before change \(point) of \(log.count)\(point < log.count ? " (\(log[point]))" : "")\(point >= committed ? ", after the operation reported its commit" : ""); lost \(lost.count): \(lost.prefix(4).map { log[$0].description }.joined(separator: "; ")): \(verdict)")
                    }
                }
            }
            return outcome
        }
    }

    /// Rebuilds `image`, recovers it as the next writer would, and returns what is wrong, or nil.
    private func judge(_ image: FileTreeImage, objects: ObjectTable, workload: Workload, before: [String: [UInt8]], after: [String: [UInt8]],
                       committed: Set<[String: [UInt8]]>, completed: Bool, baseline: Set<String>, leftovers: Set<String>,
                       scratch: E2EFolder) throws -> String? {
        let folder = scratch.path("state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try image.materialise(at: folder)
        try Self.translateInodes(in: folder, image: image, objects: objects)
        let storeURL = folder.appendingPathComponent(workload.store)
        var problems: [CheckReport.Problem] = []
        // The next open of a store's path finishes a replacement cut between its two renames
        // (no exchange): the path is missing then, and opening it is what the next command does.
        if !FileManager.default.fileExists(atPath: storeURL.path) {
            _ = try? Store(at: storeURL, options: .init(lockTimeout: 5, lockLinger: 0))
        }
        if FileManager.default.fileExists(atPath: storeURL.appendingPathComponent(Manifest.fileName).path) {
            do {
                let store = try Store(at: storeURL, options: .init(lockTimeout: 5, lockLinger: 0))
                try store.write { _ in }
                store.finishWriting()
                // A migration killed while staging (holding no lock) leaves its staging folder to
                // the next migration or `check --fix`, not to an ordinary writer: check warns of it.
                problems = try Store(at: storeURL).check().problems.filter { $0.kind != "abandoned-staging" }
            } catch {
                return "recovery failed: \(error)"
            }
        }
        var objects = ObjectTable()
        let view = Self.view(try FileTreeImage.snapshot(of: folder, objects: &objects).listing()).filter { !leftovers.contains($0.key) }
        // A repair's workload starts from problems: the state before it keeps them, and a dead
        // writer's leftover may outlive a cut after the repair's commit.
        problems.removeAll { baseline.contains("\($0.kind) \($0.path)") && (view == before || $0.kind == "temporary-file") }
        if !problems.isEmpty {
            return "check after recovery: " + problems.prefix(3).map { "\($0.kind) \($0.path): \($0.message)" }.joined(separator: "; ")
        }
        if view == after { return nil }
        if completed { return "the operation reported its commit, yet the tree is not the one it left: \(Self.differences(view, after).prefix(4))" }
        if view == before || committed.contains(view) { return nil }
        return "neither the tree before nor the one after (nor one a reported commit left): from before \(Self.differences(view, before).prefix(3)), from after \(Self.differences(view, after).prefix(3))"
    }

    /// What `check` finds in a workload's store before it runs, as "kind path": the workload of
    /// a repair (`check --fix`, `resolve`) starts from problems. Empty where there is no store yet.
    static func baselineProblems(of store: URL) -> Set<String> {
        guard FileManager.default.fileExists(atPath: store.appendingPathComponent(Manifest.fileName).path),
              let report = try? Store(at: store).check()
        else { return [] }
        return Set(report.problems.map { "\($0.kind) \($0.path)" })
    }

    /// The tree paths of the dead writers' leftovers among `baseline`'s problems: present or
    /// not, the store is the same (the next write or `check --fix` removes them).
    static func leftoverKeys(_ baseline: Set<String>, store: String) -> Set<String> {
        Set(baseline.compactMap { $0.hasPrefix("temporary-file ") ? "\(store)/" + $0.dropFirst("temporary-file ".count) : nil })
    }

    /// The tree as compared: its files and their bytes (a folder is compared through the files
    /// it holds: an empty date folder made by an interrupted save holds no data), without
    /// `.almanac/` folders (locks, hints, journals) and without the leftovers an interrupted
    /// backup, import or restore leaves beside a store, which the next such run removes.
    ///
    /// The store a restore replaced is compared under one name, `<store>.replaced`: its real
    /// name carries the time of the restore, or the process of a restore that was cut.
    static func view(_ listing: [String: [UInt8]]) -> [String: [UInt8]] {
        var view: [String: [UInt8]] = [:]
        for (path, bytes) in listing {
            var components = path.split(separator: "/").map(String.init)
            guard !path.hasSuffix("/"), !components.contains(".almanac"), let first = components.first,
                  !Directory.isTemporaryName(first)
            else { continue }
            if let range = first.range(of: ".replaced-") { components[0] = first[..<range.lowerBound] + ".replaced" }
            view[components.joined(separator: "/")] = bytes
        }
        return view
    }

    /// Rewrites the folder inodes a migration journal names (`.almanac/migration.json`) to the
    /// inodes of the rebuilt tree: a real power cut keeps inode numbers, a rebuilt tree cannot.
    static func translateInodes(in folder: URL, image: FileTreeImage, objects: ObjectTable) throws {
        let entries = image.entries()
        let journals = entries.keys.filter { $0.hasSuffix(".almanac/migration.json") }
        guard !journals.isEmpty else { return }
        var renumbered: [String: String] = [:]
        for (path, entry) in entries where path.hasSuffix("/") {
            var info = stat()
            guard let old = objects.inode(of: entry.object), lstat(folder.appendingPathComponent(path).path, &info) == 0 else { continue }
            renumbered[String(old)] = String(info.st_ino)
        }
        for journal in journals {
            let url = folder.appendingPathComponent(journal)
            guard var fields = try? JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else { continue }
            for key in ["dataInode", "schemaInode"] {
                if let old = fields[key] as? String, let new = renumbered[old] { fields[key] = new }
            }
            try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]).write(to: url)
        }
    }

    /// The folders (paths in the tree after) whose entries a change made after the folder's
    /// last flush, at the operation's report of success (`until`, its last commit mark) or its
    /// end: each must be flushed before the operation says it is done (DESIGN §4,
    /// "Durability"). A volume sync flushes every folder. Folders gone by the end, and the
    /// hints and caches a crash may lose (`.almanac/ids/`, the folder index `.almanac/index/`,
    /// checked before every use), do not count.
    /// The folders of `.almanac/` that hold caches (``unflushedFolders(_:after:until:)``).
    static let cacheFolders: Set<String> = ["index", "ids"]

    static func unflushedFolders(_ log: [RecordedChange], after: FileTreeImage, until: Int?) -> [String] {
        var dirty: Set<ObjectID> = []
        let internalFolders = Set(after.entries().filter { $0.key.hasSuffix(".almanac/") }.map(\.value.object))
        for change in log[..<(until ?? log.count)] {
            switch change.kind {
            case .mkdir where Self.cacheFolders.contains(change.name) && change.folder.map(internalFolders.contains) == true:
                // A cache's own folder in `.almanac/`, made afresh (a migration's index): lost, it is rebuilt.
                continue
            case .create, .mkdir, .unlink, .rmdir:
                if let folder = change.folder { dirty.insert(folder) }
            case .rename where Self.cacheFolders.contains(change.name) && change.name == change.otherName
                && [change.folder, change.otherFolder].contains { $0.map(internalFolders.contains) == true }:
                // The folder index going with the backup of its version, or back: lost, it is rebuilt.
                continue
            case .rename, .exchange:
                if let folder = change.folder { dirty.insert(folder) }
                if let other = change.otherFolder { dirty.insert(other) }
            case .link:
                // A new name in the target folder; the source folder's entries stay as they were.
                if let other = change.otherFolder { dirty.insert(other) }
            case .barrier, .full:
                if let object = change.object { dirty.remove(object) }
            case .volume:
                dirty.removeAll()
            default:
                continue
            }
        }
        var folders = Dictionary(after.entries().filter { $0.key.hasSuffix("/") }.map { ($0.value.object, String($0.key.dropLast())) }) { first, _ in first }
        folders[after.root] = "(the work folder)"
        return dirty.compactMap { folders[$0] }.filter { !$0.contains(".almanac/ids") && !$0.contains(".almanac/index") }.sorted()
    }

    /// The paths whose presence or bytes differ.
    static func differences(_ a: [String: [UInt8]], _ b: [String: [UInt8]]) -> [String] {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted().map { path in
            a[path] == nil ? "+\(path)" : b[path] == nil ? "-\(path)" : "~\(path)"
        }
    }
}
