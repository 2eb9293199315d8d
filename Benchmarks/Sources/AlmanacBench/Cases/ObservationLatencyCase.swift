import Almanac
import Foundation

/// Case: how soon a screen learns of a write made by another process (an app's widget, the
/// `almanac` tool): a child process saves one event at a time, and this process, watching
/// "the 20 newest events", notes when each new event first appears.
///
/// - Almanac: `store.observe(Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(20))`,
///   which watches the store's folders (inotify on Linux) and reruns the query.
/// - SQLite: it tells no other process of a commit, so the reader does what GRDB and Core
///   Data leave to an app: it polls `PRAGMA data_version` every millisecond and reruns
///   `… ORDER BY date DESC, id LIMIT 20` when it changed. A slower poll costs latency; a
///   faster one costs CPU while nothing changes.
/// - bare: no row (there is no query to rerun).
///
/// A value is one write's latency: the time the new event is delivered minus the time the
/// writer's save returned (wall clock, shared by both processes).
struct ObservationLatencyCase: BenchmarkCase {
    static let name = "observe-latency"
    /// Seconds between two writes of the child: long enough for each to be seen on its own.
    static let spacing = 0.05

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let writes = workspace.sizes.repetitions * 5
        let base = DocumentFactory.usageEvents(count: 1000, days: 30, from: Sizes.storeStart, seed: 7)
        let storeURL = workspace.newPath("observed-store")
        let store = try workspace.stores.create(for: UsageEvent.self, at: storeURL)
        try store.save(contentsOf: base)
        let database = workspace.newPath("observed-sqlite").path + ".db"
        try SQLiteDocuments<UsageEvent>(path: database).insertBatch(try PreparedDocument.prepare(base))
        workspace.log("\(Self.name): \(writes) writes by a child process, each seen by a watcher of the 20 newest")

        var bySide: [Side: [Double]] = [:]
        for side in workspace.options.sides where side != .bare {
            let seen = SeenLog()
            let stop = StopFlag()
            var handle: ObservationHandle?
            var poller: Thread?
            switch side {
            case .almanac:
                handle = try store.observe(Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(20)) { result in
                    if case .success(let results) = result, let newest = results.documents.first?.location.id { seen.note(newest) }
                }
            default:
                _ = try SQLiteDocuments<UsageEvent>(path: database, createTable: false)  // opens, or throws here
                poller = Thread {
                    // The poller's own connection, opened on its thread.
                    guard let reader = try? SQLiteDocuments<UsageEvent>(path: database, createTable: false) else { return }
                    var version = (try? reader.dataVersion()) ?? 0
                    while !stop.isSet {
                        usleep(1000)
                        guard let now = try? reader.dataVersion(), now != version else { continue }
                        version = now
                        if let newest = try? reader.newest(20).first { seen.note(newest.id.uuidString) }
                    }
                }
                poller?.start()
            }
            Thread.sleep(forTimeInterval: 0.2)  // the watcher is set up and has delivered
            let output = workspace.newPath("writer-\(side.rawValue)").path + ".txt"
            let outcome = try ChildProcess.run(
                ["probe", "write-events", "--side", side.rawValue, "--store", storeURL.path, "--database", database, "--count", String(writes)],
                outputFile: output)
            Thread.sleep(forTimeInterval: 1)  // the last write's delivery
            handle?.cancel()
            stop.set()
            var latencies: [Double] = []
            for line in outcome.output.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let written = Double(parts[1]) else { continue }
                guard let delivered = seen.firstTime(of: String(parts[0])) else {
                    throw BenchError("\(Self.name): \(side.title) never delivered the event \(parts[0]) written by the child")
                }
                latencies.append(max(0, delivered - written))
            }
            guard latencies.count == writes else { throw BenchError("\(Self.name): the writer reported \(latencies.count) of \(writes) writes") }
            bySide[side] = latencies
        }
        return [CaseResult(
            name: Self.name, title: "\(Self.name) write in another process → delivery",
            work: "\(writes) writes, 20 newest watched", unit: "ms", values: milliseconds(bySide),
            facts: ["writes": Double(writes), "sqlitePollMs": 1])]
    }

    /// The first time each id was seen as the newest, by wall clock.
    final class SeenLog: @unchecked Sendable {
        // Sendable: `times` is reached only through `lock`.
        private let lock = NSLock()
        private var times: [String: Double] = [:]

        func note(_ id: String) {
            let now = Date().timeIntervalSince1970
            lock.lock()
            if times[id] == nil { times[id] = now }
            lock.unlock()
        }

        func firstTime(of id: String) -> Double? {
            lock.lock()
            defer { lock.unlock() }
            return times[id]
        }
    }

    /// A flag the poller thread reads.
    final class StopFlag: @unchecked Sendable {
        // Sendable: `value` is reached only through `lock`.
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
        func set() { lock.lock(); value = true; lock.unlock() }
    }

    /// The child's work: `count` events, each newer than all before, saved one at a time
    /// `spacing` apart; prints `id wall-clock-seconds` after each save returns.
    static func writeEvents(side: Side, store: URL, database: String, count: Int) throws {
        let events = DocumentFactory.usageEvents(count: count, days: 1, from: CalendarDate(year: 2030, month: 1, day: 1)!, seed: 11)
            .enumerated().map { index, event -> UsageEvent in
                var event = event
                event.timestamp = Date(timeIntervalSince1970: 1_893_456_000 + Double(index) * 60)
                return event
            }
        let opened = side == .almanac ? try Store(at: store) : nil
        let sqlite = side == .sqlite ? try SQLiteDocuments<UsageEvent>(path: database, createTable: false) : nil
        for event in events {
            Thread.sleep(forTimeInterval: spacing)
            if let opened { try opened.save(event) }
            if let sqlite { try sqlite.insertEach(try PreparedDocument.prepare([event])) }
            FileHandle.standardOutput.write(Data("\(event.id.uuidString) \(Date().timeIntervalSince1970)\n".utf8))
        }
        opened?.finishWriting()
    }
}
