import Almanac
import Foundation
import Testing

/// What `AlmanacTestWorker transactions` left in a store, read after recovery, and whether it
/// is whole: transaction n saved events/e<n>, notes/t<n>, tally.count = n and moved one mover.
private struct TransactionState {
    var count: Int
    var events: Set<String>
    var notes: Set<String>
    var problems: [String]

    init(store url: URL) throws {
        let store = try Store(at: url)
        count = (try store.document(json: "", in: "tally")?.value["count"]?.numberValue?.int64Value).map(Int.init) ?? 0
        events = Set(try store.documents(json: "events").compactMap(\.location.id))
        notes = Set(try store.documents(json: "notes").compactMap(\.location.id))
        problems = try store.check().problems.map { "\($0.kind) \($0.path)" }
        if count > 0 {
            let mover = "m\((count % 10) * 4)"
            let movedBy = try store.document(json: mover, in: "movers")?.value["movedBy"]?.numberValue?.int64Value
            if movedBy != Int64(count) { problems.append("\(mover) was last moved by \(movedBy.map(String.init) ?? "nothing"), not \(count)") }
        }
        if try store.documents(json: "movers").count != 40 { problems.append("movers lost or doubled") }
    }

    /// Whether the store holds exactly the first `count` transactions, each whole.
    var isWhole: Bool {
        problems.isEmpty && events == Set((0..<count).map { "e\($0 + 1)" }) && notes == Set((0..<count).map { "t\($0 + 1)" })
    }
}

@Suite("Transactions across processes")
struct TransactionProcessTests {
    @Test("two processes each run 500 read-modify-write increments through transactions: the counter ends at 1,000")
    func twoProcessesIncrement() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        let first = try WorkerProcess.start(["increment", store.path, "500"])
        let second = try WorkerProcess.start(["increment", store.path, "500"])
        #expect(try WorkerProcess.wait(first) == 0)
        #expect(try WorkerProcess.wait(second) == 0)
        let counter = try Store(at: store).document(json: "n", in: "counters")
        #expect(counter?.value["value"]?.numberValue?.int64Value == 1_000)
    }

    @Test("a transaction over three collections killed with kill -9 at 20 random moments is always wholly applied or wholly absent")
    func killedAtRandomMoments() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        var generator = SystemRandomNumberGenerator()
        var lastCount = 0
        for round in 1...20 {
            let output = folder.path("worker-\(round).txt")
            let worker = try WorkerProcess.start(["transactions", store.path, "100000"], output: output)
            usleep(UInt32.random(in: 60_000...400_000, using: &generator))
            try WorkerProcess.kill9(worker)
            let reported = (try? String(contentsOf: output, encoding: .utf8))?
                .split(separator: "\n").compactMap { Int($0.split(separator: " ").last ?? "") }.max() ?? lastCount
            let state = try TransactionState(store: store)
            #expect(state.isWhole, "round \(round): tally \(state.count), \(state.events.count) events, \(state.notes.count) notes, problems \(state.problems)")
            #expect(state.count >= reported, "round \(round): transaction \(reported) was reported durable, the store holds \(state.count)")
            #expect(state.count <= reported + 1, "round \(round): at most the transaction in flight is added")
            lastCount = state.count
        }
        #expect(lastCount > 0, "the worker committed transactions before it was killed")
    }

    @Test("a transaction killed at each of its crash points is wholly applied or wholly absent",
          arguments: ["before-journal", "after-journal", "after-first-rename", "before-journal-removed"])
    func killedAtCrashPoints(point: String) throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        #expect(try WorkerProcess.run(["transactions", store.path, "3"]) == 0)
        let exit = try WorkerProcess.run(["transactions", store.path, "1"], environment: ["ALMANAC_TEST_CRASH_AT": "transaction:\(point)"])
        #expect(exit == 128 + SIGKILL, "the worker reached the crash point")
        if point == "before-journal" {
            // The transaction's new date folders were staged under temporary names, not yet in place.
            let data = store.appendingPathComponent("data")
            let staged = (FileManager.default.enumerator(atPath: data.path)?.allObjects as? [String] ?? []).filter { path in
                var isFolder: ObjCBool = false
                return path.hasSuffix(".almanac-tmp") && FileManager.default.fileExists(atPath: data.appendingPathComponent(path).path, isDirectory: &isFolder) && isFolder.boolValue
            }
            #expect(!staged.isEmpty, "a staged date folder is left by the killed transaction")
        }
        let state = try TransactionState(store: store)
        #expect(state.isWhole, "tally \(state.count), problems \(state.problems)")
        #expect(state.count == (point == "before-journal" ? 3 : 4))
    }
}
