import Foundation
import Testing
@testable import Almanac

/// Readers never wait for a writer, and see every transaction whole or not at all (DESIGN §4,
/// "Readers"): in the same process, on the writer's own `Store` value and on another.
@Suite("Reads beside a writer")
struct ReadIsolationTests {
    /// How many documents each generation's transaction rewrites.
    static let width = 24

    /// Generation `generation` of the documents: every one carries it, and each moves to
    /// another day, so a commit writes new day folders, renames files and removes old copies.
    static func generation(_ generation: Int, in db: Transaction) throws {
        for index in 0..<width {
            let day = 1 + (index * 5 + generation * 3) % 28
            try db.save(json: .object([
                "id": .string("d\(index)"), "gen": .number(JSONNumber(generation)),
                "timestamp": .string(String(format: "2025-02-%02dT12:00:00Z", day)),
            ]), in: "events")
        }
        try db.save(json: .object(["id": .string("t"), "gen": .number(JSONNumber(generation))]), in: "templates")
        try db.save(json: .object(["gen": .number(JSONNumber(generation))]), in: "preferences")
    }

    /// The generations the reads of `store` saw (each read, one generation), or what broke.
    static func observedGenerations(_ store: Store) throws -> (Set<Int>, String?) {
        func generations(_ documents: [StoredDocument?]) -> Set<Int> {
            Set(documents.compactMap { $0?.value["gen"]?.numberValue?.int64Value.map(Int.init) })
        }
        let all = try store.documents(matching: Query("events"))
        var seen = generations(all)
        if all.count != width || seen.count != 1 { return (seen, "a query found \(all.count) events of generations \(seen.sorted())") }
        var newest = Query("events")
        newest.sort = [.init("timestamp", descending: true)]
        newest.limit = 20
        let twenty = try store.documents(matching: newest)
        if twenty.count != 20 || generations(twenty).count != 1 {
            return (seen, "the newest 20 were \(twenty.count) of generations \(generations(twenty).sorted())")
        }
        seen.formUnion(generations(twenty))
        let count = try store.count(matching: Query("events"))
        if count != width { return (seen, "count was \(count)") }
        let block = try store.read { db -> [StoredDocument?] in
            try db.documents(json: "events") + [try db.document(json: "t", in: "templates"), try db.document(json: "", in: "preferences"),
                                                 try db.document(json: "d7", in: "events")]
        }
        if block.compactMap({ $0 }).count != width + 3 || generations(block).count != 1 {
            return (seen, "a read block saw \(block.compactMap { $0 }.count) documents of generations \(generations(block).sorted())")
        }
        seen.formUnion(generations(block))
        return (seen, nil)
    }

    @Test("a read on the writer's Store and on another completes while a write block holds the lock, and sees none of it")
    func readsDoNotWait() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.write { try Self.generation(0, in: $0) }
        let other = try Store(at: store.url)
        let inside = DispatchSemaphore(value: 0)
        let readersDone = DispatchSemaphore(value: 0)
        let heldUntilReadersDone = Flag()
        let writer = Thread {
            try? store.write { db in
                try Self.generation(1, in: db)
                inside.signal()
                // The lock is held until the readers are done: a reader that waited for it
                // would only finish when this wait gives up.
                if readersDone.wait(timeout: .now() + 60) == .success { heldUntilReadersDone.set() }
            }
        }
        writer.start()
        inside.wait()
        for reader in [store, other] {
            let (generations, problem) = try Self.observedGenerations(reader)
            #expect(problem == nil)
            #expect(generations == [0], "nothing of the uncommitted write block")
            #expect(try reader.document(json: "d3", in: "events")?.value["gen"] == .number(JSONNumber(0)))
        }
        readersDone.signal()
        while !writer.isFinished { usleep(1_000) }
        #expect(heldUntilReadersDone.isSet, "the readers finished while the writer held the lock")
        for reader in [store, other] {
            let (generations, problem) = try Self.observedGenerations(reader)
            #expect(problem == nil && generations == [1])
        }
    }

    @Test("readers meeting commits at every step see each transaction whole: seeded random interleavings",
          arguments: [1, 2, 3, 4] as [UInt64])
    func seededInterleavings(seed: UInt64) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.write { try Self.generation(0, in: $0) }
        let other = try Store(at: store.url)
        let pauses = SeededPauses(seed: seed)
        let generations = 12
        let stop = Flag()
        let problems = Problems()
        var threads: [Thread] = []
        TestHooks.withCommitSteps(under: store.url.path, { pauses.pause() }) {
            threads.append(Thread {
                defer { stop.set() }
                do {
                    for generation in 1...generations { try store.write { try Self.generation(generation, in: $0) } }
                } catch {
                    problems.add("the writer failed: \(error)")
                }
            })
            for reader in [store, other] {
                threads.append(Thread {
                    var reads = 0
                    var seen = Set<Int>()
                    while !stop.isSet || reads == 0 {
                        do {
                            let (generations, problem) = try Self.observedGenerations(reader)
                            seen.formUnion(generations)
                            if let problem { problems.add(problem) }
                        } catch {
                            problems.add("a read failed: \(error)")
                        }
                        reads += 1
                    }
                    if seen.isEmpty { problems.add("no read saw a generation") }
                })
            }
            threads.forEach { $0.start() }
            while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }
        }
        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        let (last, problem) = try Self.observedGenerations(other)
        #expect(problem == nil && last == [generations])
    }
}

/// Problems gathered from several threads.
final class Problems: @unchecked Sendable {
    // Sendable: `values` is only touched while `lock` is held.
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.lock(); values.append(value); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return values }
}
