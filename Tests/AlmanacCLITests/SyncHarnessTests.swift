import Foundation
import Testing

@testable import Almanac

/// Two devices, seeded random histories (saves, edits, date moves, deletes, singleton edits,
/// seed imports of two content versions, retention runs, a migration, resolves), every sync tool: after each sync no count holds a
/// document twice, no write is lost (each is in a file, or a later write, delete or merge of
/// its id on a device that had it replaced it), and `check` names every document a sync left
/// in several versions or a note in the version-1 shape; after `resolve` (and bringing notes
/// forward) both devices hold the same files and `check` is clean.
///
/// Bounded for CI. A longer run:
/// `ALMANAC_SYNC_HISTORIES=80 ALMANAC_SYNC_OPERATIONS=30 ALMANAC_SYNCTHING_HISTORIES=6 swift test --filter SyncHarnessTests`
/// (`ALMANAC_SYNC_TOOLS="git (markers),Dropbox"` runs only the tools named; `ALMANAC_SYNC_SEED=3901`
/// one history, `ALMANAC_SYNC_TRACE=1` step by step, `ALMANAC_SYNC_KEEP=/tmp/keep` a copy of
/// both devices and git's origin before each git sync).
@Suite struct SyncHarnessTests {
    static let histories = ProcessInfo.processInfo.environment["ALMANAC_SYNC_HISTORIES"].flatMap(Int.init) ?? 4
    static let operationsPerRound = ProcessInfo.processInfo.environment["ALMANAC_SYNC_OPERATIONS"].flatMap(Int.init) ?? 10
    static let rounds = 3

    @Test(arguments: ReplicaPair.Tool.simulated)
    func randomHistoriesKeepEveryWriteAndConverge(tool: ReplicaPair.Tool) throws {
        guard Self.runs(tool) else { return }
        try runHistories(tool, histories: Self.histories, operationsPerRound: Self.operationsPerRound)
    }

    /// The same histories through two real Syncthing instances on 127.0.0.1, checked against
    /// Syncthing's own conflict handling (fewer: each sync waits for the engine).
    @Test(.enabled(if: SyncthingDaemons.unavailable == nil, "\(SyncthingDaemons.unavailable ?? "")"))
    func randomHistoriesThroughRealSyncthing() throws {
        guard Self.runs(.syncthingDaemons) else { return }
        let histories = ProcessInfo.processInfo.environment["ALMANAC_SYNCTHING_HISTORIES"].flatMap(Int.init) ?? 2
        try runHistories(.syncthingDaemons, histories: histories, operationsPerRound: 8)
    }

    /// The same histories through real `unison -copyonconflict -prefer newer`, which keeps the
    /// losing side as `<id> (conflict_on_<date>).json` (and an edit a delete beat as
    /// `… _was_deleted).json`).
    @Test(.enabled(if: FileSyncTool.unavailable(.unison) == nil, "\(FileSyncTool.unavailable(.unison) ?? "")"))
    func randomHistoriesThroughRealUnison() throws {
        guard Self.runs(.unison) else { return }
        try runHistories(.unison, histories: Self.fileSyncHistories, operationsPerRound: Self.operationsPerRound)
    }

    /// The same histories through real `rclone bisync`, which renames both sides of a file
    /// changed on both to `<id>.json..path1` and `..path2`, leaving no `<id>.json`.
    @Test(.enabled(if: FileSyncTool.unavailable(.rclone) == nil, "\(FileSyncTool.unavailable(.rclone) ?? "")"))
    func randomHistoriesThroughRealRclone() throws {
        guard Self.runs(.rclone) else { return }
        try runHistories(.rclone, histories: Self.fileSyncHistories, operationsPerRound: Self.operationsPerRound)
    }

    static let fileSyncHistories = ProcessInfo.processInfo.environment["ALMANAC_FILE_SYNC_HISTORIES"].flatMap(Int.init) ?? 3

    /// Whether `ALMANAC_SYNC_TOOLS`, when set, names `tool`.
    private static func runs(_ tool: ReplicaPair.Tool) -> Bool {
        guard let only = ProcessInfo.processInfo.environment["ALMANAC_SYNC_TOOLS"] else { return true }
        return only.split(separator: ",").contains(Substring(tool.rawValue))
    }

    private func runHistories(_ tool: ReplicaPair.Tool, histories: Int, operationsPerRound: Int) throws {
        var operations = 0, conflicted = 0, broughtForward = 0
        for history in 1...histories {
            let seed = UInt64(history * 100 + (ReplicaPair.Tool.allCases.firstIndex(of: tool) ?? 0))
            // ALMANAC_SYNC_SEED replays one history (with ALMANAC_SYNC_TRACE, step by step).
            if let only = ProcessInfo.processInfo.environment["ALMANAC_SYNC_SEED"].flatMap(UInt64.init), only != seed { continue }
            if ProcessInfo.processInfo.environment["ALMANAC_SYNC_TRACE"] != nil { print("trace: \(tool), seed \(seed)") }
            let pair = try ReplicaPair(tool: tool)
            var random = SplitMix64(seed: seed)
            for round in 1...Self.rounds {
                for _ in 0..<operationsPerRound {
                    try pair.randomWrite(on: random.next(below: 2), using: &random)
                    operations += 1
                }
                try pair.sync()
                conflicted += try expectInvariants(pair, "\(tool), seed \(seed), round \(round)")
            }
            try pair.resolveEverything(on: random.next(below: 2))
            try pair.sync()
            broughtForward += pair.broughtForward
            let context = "\(tool), seed \(seed), after resolve"
            #expect(try pair.sharedFiles(0) == pair.sharedFiles(1), "\(context): the devices differ")
            for device in pair.devices.indices {
                let check = try pair.store(device).check()
                #expect(check.problems.isEmpty, "\(context), device \(device): \(check.problems)")
            }
            #expect(try expectInvariants(pair, context) == 0, "\(context): versions left after resolve")
        }
        print("sync harness: \(tool): \(histories) histories × \(Self.rounds) rounds, \(operations) operations, \(conflicted) documents in several versions met after syncs, \(broughtForward) notes brought forward from the older shape")
        // The histories are meant to make conflicts; one that never does tests little.
        #expect(conflicted > 0 || tool == .gitWithDriver, "\(tool): no sync left a document in several versions")
    }

    /// The invariants, on both devices (which hold the same shared files after a sync);
    /// returns how many documents are in several versions.
    @discardableResult
    private func expectInvariants(_ pair: ReplicaPair, _ context: String) throws -> Int {
        let files = try pair.sharedFiles(0)
        #expect(files == (try pair.sharedFiles(1)), "\(context): the sync left the devices different")
        let store = try pair.store(0)
        // One document per id, in every read.
        let documents = try store.documents(json: "notes")
        let ids = documents.compactMap { $0.location.id.map(DocumentID.key) }
        #expect(Set(ids).count == ids.count, "\(context): an id listed twice: \(ids.sorted())")
        let named = Set(files.keys.filter { $0.hasPrefix("data/notes/") }.compactMap { ReplicaPair.id(ofPath: $0, bytes: files[$0]).map(DocumentID.key) })
        #expect(Set(ids) == named, "\(context): reads \(ids.sorted()) but files name \(named.sorted())")
        #expect(try store.count(matching: Query("notes")) == named.count, "\(context)")
        #expect(try store.status().collections.first { $0.name == "notes" }?.documents == named.count, "\(context)")
        // No write lost.
        var present: Set<String> = []
        for bytes in files.values { present.formUnion(ReplicaPair.tokens(in: bytes)) }
        let lost = pair.written.filter { !present.contains($0.token) && !pair.superseded.contains($0.token) }
        #expect(lost.isEmpty, "\(context): writes lost: \(lost)")
        // check names every document in several versions, on each of its files.
        var filesByID: [String: [String]] = [:]
        for path in files.keys.sorted() { if let id = ReplicaPair.id(ofPath: path, bytes: files[path]) { filesByID[DocumentID.key(id), default: []].append(path) } }
        let problems = try store.check().problems
        let reported = Set(problems.filter { $0.kind == "sync-conflict" }.map(\.path))
        // check names every note in the older shape (without `pinned` in a store at version 2).
        if store.schemaVersion == 2 {
            for (path, bytes) in files where path.hasPrefix("data/notes/") && !String(decoding: bytes, as: UTF8.self).contains("\"pinned\"") {
                #expect(problems.contains { $0.path == path }, "\(context): check does not name \(path), a note in the older shape")
            }
        }
        var inVersions = 0
        for (id, paths) in filesByID {
            let marked = paths.contains { String(decoding: files[$0] ?? [], as: UTF8.self).contains("<<<<<<<") }
            guard paths.count > 1 || marked || paths.contains(where: { !$0.hasSuffix("/\(id).json") && !$0.hasSuffix("settings.json") }) else { continue }
            inVersions += 1
            for path in paths { #expect(reported.contains(path), "\(context): check does not name \(path) of \(id): \(reported.sorted())") }
        }
        return inVersions
    }
}
