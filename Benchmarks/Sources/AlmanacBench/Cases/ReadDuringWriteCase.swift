import Almanac
import Foundation

/// Case: reads while another thread of the same process commits big transactions — an app's
/// list screen and detail view while a background import rewrites thousands of documents.
///
/// - Almanac: one `Store` value shared by a writer thread, which saves the same 10,000 events
///   again (a field changed) in one transaction after another (`save(contentsOf:)`), and the
///   reader, which runs "the 20 newest" (`Query … limit 20`) and then a get by id.
/// - SQLite: WAL; the writer thread's connection replaces the same 10,000 rows in one
///   transaction after another (`INSERT OR REPLACE` in `BEGIN IMMEDIATE … COMMIT`); the reader's
///   own connection runs `… ORDER BY date DESC, id LIMIT 20` and a select by id.
/// - bare: no row (there is no transaction to read beside).
///
/// Two rows, `read-during-write newest-20` and `read-during-write get`: the values are the
/// reads' latencies while the writer commits (a millisecond apart, over at least three whole
/// commits). The facts hold the same reads idle (the writer
/// stopped, same run): medians, 99th percentiles, and `almanacDuringOverIdle` /
/// `sqliteDuringOverIdle` (median during ÷ median idle); `almanacCommits` / `sqliteCommits` count
/// the writer's commits while the reads ran.
struct ReadDuringWriteCase: BenchmarkCase {
    static let name = "read-during-write"
    static let transactionSize = 10_000
    static let storeSize = 20_000
    /// Whole commits the reads beside the writer span, at least.
    static let commitsRead = 3

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let reads = workspace.sizes.repetitions * 40
        let base = DocumentFactory.usageEvents(count: Self.storeSize, days: 365, from: Sizes.storeStart, seed: 23)
        let rewritten = Array(base.prefix(Self.transactionSize))
        let expectedNewest = Array(base.sorted { ($0.sortDate, $1.id.uuidString) > ($1.sortDate, $0.id.uuidString) }.prefix(20)).map(\.id)
        let probeID = base[Self.storeSize - 1].id  // never rewritten: the same document every read
        let storeURL = workspace.newPath("read-during-write-store")
        let store = try workspace.stores.create(for: UsageEvent.self, at: storeURL)
        try store.save(contentsOf: base)
        let database = workspace.newPath("read-during-write-sqlite").path + ".db"
        try SQLiteDocuments<UsageEvent>(path: database).insertBatch(try PreparedDocument.prepare(base))
        workspace.log("\(Self.name): \(reads) reads idle and \(reads) beside a writer committing \(Self.transactionSize) documents at a time")

        let query = Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(20)
        var newest: [Side: (idle: [Double], busy: [Double])] = [:]
        var gets: [Side: (idle: [Double], busy: [Double])] = [:]
        var commits: [Side: Int] = [:]
        for side in workspace.options.sides where side != .bare {
            let sqliteReader = side == .sqlite ? try SQLiteDocuments<UsageEvent>(path: database, createTable: false) : nil
            func readOnce() throws -> (Double, Double) {
                var start = POSIX.now()
                let found: [UUID] = side == .almanac
                    ? try store.documents(UsageEvent.self, matching: query).map(\.id)
                    : try sqliteReader!.newest(20).map(\.id)
                let newestSeconds = POSIX.now() - start
                guard found == expectedNewest else { throw BenchError("\(Self.name): \(side.title) returned other documents than the 20 newest") }
                start = POSIX.now()
                let one = side == .almanac ? try store.document(UsageEvent.self, id: probeID) : try sqliteReader!.document(id: probeID.uuidString)
                let getSeconds = POSIX.now() - start
                guard one?.id == probeID else { throw BenchError("\(Self.name): \(side.title) did not find the document by id") }
                return (newestSeconds, getSeconds)
            }
            for _ in 0..<20 { _ = try readOnce() }  // warm-up
            // Reads a millisecond apart, so that those beside the writer spread over whole
            // commits: staging, the commit point, the renames.
            var idle: [(Double, Double)] = []
            for _ in 0..<reads {
                idle.append(try readOnce())
                usleep(1_000)
            }

            let writer = Writer(side: side, store: store, database: database, documents: rewritten)
            let thread = Thread { writer.run() }
            thread.start()
            writer.waitForFirstCommitToStart()
            var busy: [(Double, Double)] = []
            let committedBefore = writer.commits
            while busy.count < reads || writer.commits - committedBefore < Self.commitsRead {
                busy.append(try readOnce())
                usleep(1_000)
            }
            let committedDuring = writer.commits - committedBefore
            writer.stop()
            while !thread.isFinished { usleep(1_000) }
            if let failure = writer.failure { throw BenchError("\(Self.name): \(side.title)'s writer failed: \(failure)") }
            newest[side] = (idle.map(\.0), busy.map(\.0))
            gets[side] = (idle.map(\.1), busy.map(\.1))
            commits[side] = committedDuring
        }
        store.finishWriting()
        return [("newest-20", newest), ("get", gets)].map { label, measured in
            var facts: [String: Double] = ["reads": Double(reads), "transactionSize": Double(Self.transactionSize)]
            for (side, values) in measured {
                let key = side.rawValue
                let idle = values.idle.map { $0 * 1000 }, busy = values.busy.map { $0 * 1000 }
                facts["\(key)IdleMs"] = Statistics(idle).median
                facts["\(key)IdleP99Ms"] = Self.percentile(idle, 0.99)
                facts["\(key)DuringP99Ms"] = Self.percentile(busy, 0.99)
                facts["\(key)DuringMaxMs"] = busy.max() ?? 0
                facts["\(key)DuringOverIdle"] = Statistics(busy).median / Statistics(idle).median
                facts["\(key)Commits"] = Double(commits[side] ?? 0)
            }
            return CaseResult(name: Self.name, title: "\(Self.name) \(label)",
                              work: "reads beside \(Self.transactionSize)-document commits", unit: "ms",
                              values: milliseconds(measured.mapValues(\.busy)), facts: facts)
        }
    }

    /// The value at fraction `fraction` of `values` sorted (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// The writer thread: commits the same documents again, a field changed each time, until stopped.
    final class Writer: @unchecked Sendable {
        // Sendable: the counters and flags are reached only through `lock`; the rest is immutable.
        private let lock = NSCondition()
        private var stopped = false
        private var started = false
        private var committed = 0
        private(set) var failure: String?
        let side: Side
        let store: Store
        let database: String
        let documents: [UsageEvent]

        init(side: Side, store: Store, database: String, documents: [UsageEvent]) {
            self.side = side
            self.store = store
            self.database = database
            self.documents = documents
        }

        var commits: Int { lock.lock(); defer { lock.unlock() }; return committed }

        func stop() { lock.lock(); stopped = true; lock.unlock() }

        func waitForFirstCommitToStart() {
            lock.lock()
            while !started { lock.wait() }
            lock.unlock()
        }

        func run() {
            do {
                let sqlite = side == .sqlite ? try SQLiteDocuments<UsageEvent>(path: database, createTable: false) : nil
                var round = 0
                while true {
                    lock.lock()
                    let done = stopped
                    started = true
                    lock.broadcast()
                    lock.unlock()
                    if done { return }
                    round += 1
                    let changed = documents.map { event -> UsageEvent in
                        var event = event
                        event.pauseDuration = Double(round % 50)
                        return event
                    }
                    if let sqlite {
                        try sqlite.replaceBatch(try PreparedDocument.prepare(changed))
                    } else {
                        try store.save(contentsOf: changed)
                    }
                    lock.lock()
                    committed += 1
                    lock.unlock()
                }
            } catch {
                lock.lock()
                failure = "\(error)"
                started = true
                lock.broadcast()
                lock.unlock()
            }
        }
    }
}
