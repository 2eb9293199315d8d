import Almanac
import Foundation

/// Case 4: a full scan of the 3-year store, every document decoded into a struct, oldest first.
///
/// - Almanac: `store.documents(UsageEvent.self)` on an open store.
/// - SQLite: `SELECT body … ORDER BY date, id`, each row decoded with `JSONDecoder`.
/// - bare: the date folders walked, every file opened, read, closed and decoded with
///   `JSONDecoder` on one thread, then sorted oldest first.
///
/// Almanac spreads reading and parsing over the cores; the `…CpuMs` facts give each side's
/// CPU time (all threads), beside the elapsed times of the table.
struct FullScanCase: BenchmarkCase {
    static let name = "full-scan"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        let count = fixture.events.documents.count
        workspace.log("\(Self.name): \(count) usage-events")
        let store = try Store(at: fixture.store)
        let sqlite = try SQLiteDocuments<UsageEvent>(path: fixture.database, createTable: false)
        let bare = try BareReader<UsageEvent>(collectionFolder: fixture.collectionFolder)
        var cpu: [Side: [Double]] = [:]
        let values = try workspace.repeater().run(workspace.options.sides) { side, phase in
            let start = POSIX.now(), startCPU = POSIX.cpuSeconds()
            let found: [UsageEvent] = switch side {
            case .almanac: try store.documents(UsageEvent.self)
            case .sqlite: try sqlite.scan()
            case .bare: try bare.scan()
            }
            let seconds = POSIX.now() - start
            if phase != .warmUp { cpu[side, default: []].append(POSIX.cpuSeconds() - startCPU) }
            guard found.count == count, found.first == fixture.events.documents.first, found.last == fixture.events.documents.last else {
                throw BenchError("\(Self.name): \(side.title) returned \(found.count) documents, expected \(count) oldest first")
            }
            return seconds
        }
        var facts: [String: Double] = [
            "documents": Double(count),
            "almanacStoreMiB": fixture.almanacBytes / 1_048_576,
            "sqliteDatabaseMiB": fixture.sqliteBytes / 1_048_576,
        ]
        for (side, seconds) in cpu {
            facts["\(side.rawValue)CpuMs"] = Statistics(seconds).median * 1000
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "\(count) docs decoded", unit: "ms",
            values: milliseconds(values), facts: facts)]
    }
}
