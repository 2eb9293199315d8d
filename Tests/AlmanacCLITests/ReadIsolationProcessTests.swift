import Foundation
import Testing

@testable import Almanac

/// Reads in one process while another writes (the test worker): they never wait for its lock,
/// and see each of its transactions whole or not at all (DESIGN §4, "Readers").
@Suite("Reads beside a writer in another process")
struct ReadIsolationProcessTests {
    /// The generations each read of the worker's store saw (one per read), or what broke.
    static func observedGenerations(_ store: Store) throws -> (Set<Int>, String?) {
        func generations(_ documents: [StoredDocument?]) -> Set<Int> {
            Set(documents.compactMap { $0?.value["gen"]?.numberValue?.int64Value.map(Int.init) })
        }
        let all = try store.documents(matching: Query("events"))
        var seen = generations(all)
        if all.count != 24 || seen.count != 1 { return (seen, "a query found \(all.count) events of generations \(seen.sorted())") }
        var newest = Query("events")
        newest.sort = [.init("timestamp", descending: true)]
        newest.limit = 20
        let twenty = try store.documents(matching: newest)
        if twenty.count != 20 || generations(twenty).count != 1 {
            return (seen, "the newest 20 were \(twenty.count) of generations \(generations(twenty).sorted())")
        }
        seen.formUnion(generations(twenty))
        let block = try store.read { db -> [StoredDocument?] in
            try db.documents(json: "events") + [try db.document(json: "t", in: "counters"), try db.document(json: "", in: "tally")]
        }
        if block.compactMap({ $0 }).count != 26 || generations(block).count != 1 {
            return (seen, "a read block saw \(block.compactMap { $0 }.count) documents of generations \(generations(block).sorted())")
        }
        seen.formUnion(generations(block))
        return (seen, nil)
    }

    /// A worker store at generation 0.
    static func makeStore(in folder: E2EFolder) throws -> URL {
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        #expect(try WorkerProcess.run(["generations", store.path, "1"]) == 0)
        return store
    }

    /// A transaction shows from the moment its writer starts putting the committed journal in
    /// place (the clock turns odd, just after `after-journal`), whole, until every file is there.
    @Test("while a writer process holds the lock at a step of its commit, another process's reads finish and see all or none of it",
          arguments: [("before-journal", 0), ("after-journal", 0), ("after-first-rename", 1), ("before-journal-removed", 1)])
    func pausedWriter(point: String, expected: Int) throws {
        try #require(WorkerProcess.executable != nil, "AlmanacTestWorker is built with the tests")
        let folder = E2EFolder()
        let store = try Self.makeStore(in: folder)
        let resume = folder.path("resume").path
        let writer = try WorkerProcess.start(["generations", store.path, "1"],
                                             environment: ["ALMANAC_TEST_PAUSE_AT": "transaction:\(point)", "ALMANAC_TEST_RESUME_FILE": resume])
        defer { if writer.isRunning { writer.terminate() } }
        #expect(MigrateAfterWaitTests.wait { FileManager.default.fileExists(atPath: resume + ".waiting") }, "the writer is paused at \(point)")

        let reader = try Store(at: store)
        let (generations, problem) = try Self.observedGenerations(reader)
        #expect(problem == nil)
        #expect(generations == [expected], "at \(point) the reader sees generation \(expected) whole")
        let get = try run(["get", "events", "d5", "--store", store.path])
        #expect(get.exit == 0 && get.stdout.contains("\"gen\": \(expected)"), "\(get)")
        let backup = folder.path("backup")
        let backedUp = try run(["backup", backup.path, "--store", store.path])
        #expect(backedUp.exit == 0, "\(backedUp)")
        #expect(try Self.observedGenerations(Store(at: backup)) == ([expected], nil), "the backup holds generation \(expected) whole")
        #expect(writer.isRunning && !FileManager.default.fileExists(atPath: resume), "the writer still held the lock: nobody waited for it")

        _ = FileManager.default.createFile(atPath: resume, contents: nil)
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(try Self.observedGenerations(reader) == ([1], nil))
    }

    @Test("a writer killed while putting its commit in place: a reader that had the store open sees the commit whole, and so does the next open",
          arguments: ["after-first-rename", "before-journal-removed"])
    func killedWriter(point: String) throws {
        try #require(WorkerProcess.executable != nil, "AlmanacTestWorker is built with the tests")
        let folder = E2EFolder()
        let store = try Self.makeStore(in: folder)
        let reader = try Store(at: store)
        #expect(try Self.observedGenerations(reader) == ([0], nil))
        let status = try WorkerProcess.run(["generations", store.path, "1"], environment: ["ALMANAC_TEST_CRASH_AT": "transaction:\(point)"])
        #expect(status != 0, "the crash point was reached")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent(".almanac/journal.json").path), "the killed writer left its journal")
        let (generations, problem) = try Self.observedGenerations(reader)
        #expect(problem == nil && generations == [1], "the open reader applies the committed journal: \(generations) \(problem ?? "")")
        #expect(try Self.observedGenerations(Store(at: store)) == ([1], nil), "the next open finishes the journal")
        #expect(!FileManager.default.fileExists(atPath: store.appendingPathComponent(".almanac/journal.json").path))
        #expect(try Self.observedGenerations(reader) == ([1], nil))
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    @Test("a process reading while another commits transactions with seeded random pauses at every step sees each whole",
          arguments: [11, 12] as [UInt64])
    func seededInterleavings(seed: UInt64) throws {
        try #require(WorkerProcess.executable != nil, "AlmanacTestWorker is built with the tests")
        let folder = E2EFolder()
        let store = try Self.makeStore(in: folder)
        let writer = try WorkerProcess.start(["generations", store.path, "15"], environment: ["ALMANAC_TEST_COMMIT_STEPS": "\(seed)"])
        defer { if writer.isRunning { writer.terminate() } }
        let reader = try Store(at: store)
        var problems: [String] = []
        var seen = Set<Int>()
        var reads = 0
        while writer.isRunning || reads == 0 {
            let (generations, problem) = try Self.observedGenerations(reader)
            seen.formUnion(generations)
            if let problem { problems.append(problem) }
            reads += 1
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(problems.isEmpty, "\(problems.prefix(5)) in \(reads) reads")
        #expect(seen.count > 1, "the reads met several generations (\(seen.sorted()) in \(reads) reads)")
        #expect(try Self.observedGenerations(reader) == ([15], nil))
    }
}
