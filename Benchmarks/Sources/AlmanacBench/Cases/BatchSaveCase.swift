import Almanac
import Foundation

/// Case 2: one batch save of the 3-year set of usage events (100,000 in a full run).
///
/// - Almanac: one `store.save(contentsOf:)` into a new store.
/// - SQLite: one transaction of `INSERT`s.
/// - bare: per file, temporary file → write → fsync → rename; then one fsync per folder.
///
/// The last round's Almanac store and SQLite database become the 3-year store of the read cases.
struct BatchSaveCase: BenchmarkCase {
    static let name = "batch-save"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let events = try workspace.threeYearEvents()
        let warmUp = events.prefix(max(1, events.documents.count / 10))
        let rounds = workspace.sizes.batchRepetitions
        let lastRound = Repeater.Phase.round(rounds - 1)
        var keptStore: URL?
        var keptDatabase: String?
        workspace.log("\(Self.name): \(events.documents.count) usage-events in one batch (warm-up: \(warmUp.documents.count))")
        let values = try workspace.repeater(flushBetween: true, repetitions: rounds).run(workspace.options.sides) { side, phase in
            let set = phase == .warmUp ? warmUp : events
            let keep = phase == lastRound
            let path = workspace.newPath("batch-\(side.rawValue)")
            switch side {
            case .almanac:
                let store = try workspace.stores.create(for: UsageEvent.self, at: path)
                let start = POSIX.now()
                try store.save(contentsOf: set.documents)
                let seconds = POSIX.now() - start
                if phase == .warmUp {
                    try workspace.stores.checkSameBytes(store: path, collection: UsageEvent.collection, set.prepared[set.prepared.count / 2])
                }
                if keep { keptStore = path }
                return seconds
            case .sqlite:
                let file = path.path + ".db"
                let seconds: Double
                do {
                    let database = try SQLiteDocuments<UsageEvent>(path: file)
                    let start = POSIX.now()
                    try database.insertBatch(set.prepared)
                    seconds = POSIX.now() - start
                }
                if keep { keptDatabase = file }
                return seconds
            case .bare:
                let folder = path.appendingPathComponent("data/\(UsageEvent.collection)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let writer = try BareWriter(collectionFolder: folder.path)
                let start = POSIX.now()
                try writer.saveBatch(set.prepared)
                return POSIX.now() - start
            }
        }
        if let keptStore, let keptDatabase {
            workspace.register(ReadFixture(label: "3y", store: keptStore, database: keptDatabase, events: events))
        }
        var facts: [String: Double] = ["documents": Double(events.documents.count)]
        for (side, seconds) in values {
            facts["\(side.rawValue)DocumentsPerSecond"] = Double(events.documents.count) / Statistics(seconds).median
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "\(events.documents.count) docs, 1 batch",
            unit: "ms", values: milliseconds(values), facts: facts)]
    }
}
