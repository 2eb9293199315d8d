import Almanac
import Foundation

/// Case 1: durable single saves, each returning only once the document is durable.
///
/// - Almanac: `store.save(document)` per document, into a new store.
/// - SQLite: one `INSERT` per transaction (autocommit), WAL with `synchronous=FULL`.
/// - bare: per document, temporary file (`O_EXCL`, 0600) → write → fsync → rename → fsync folder.
///
/// One row per reference app's document type: MIGA usage events (day folders), Cravey
/// cravings and Elaro action instances (month folders); about 100 documents a day.
struct SingleSaveCase: BenchmarkCase {
    static let name = "single-save"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let count = workspace.sizes.singleSaves
        let days = max(1, count / 100)
        let start = Sizes.singleSaveStart
        return [
            try measure(DocumentFactory.usageEvents(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 1), in: workspace),
            try measure(DocumentFactory.cravings(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 2), in: workspace),
            try measure(DocumentFactory.actionInstances(count: count, days: days, from: start, seed: DocumentFactory.seed ^ 3), in: workspace),
        ]
    }

    private func measure<D: BenchDocument>(_ documents: [D], in workspace: Workspace) throws -> CaseResult {
        workspace.log("\(Self.name): \(documents.count) \(D.collection)")
        let set = try GeneratedSet(documents)
        var checked = false
        let values = try workspace.repeater(flushBetween: true).run(workspace.options.sides) { side, _ in
            let path = workspace.newPath("single-\(side.rawValue)")
            switch side {
            case .almanac:
                let store = try workspace.stores.create(for: D.self, at: path)
                let start = POSIX.now()
                for document in set.documents {
                    try store.save(document)
                }
                let seconds = POSIX.now() - start
                if !checked {
                    try workspace.stores.checkSameBytes(store: path, collection: D.collection, set.prepared[0])
                    checked = true
                }
                return seconds
            case .sqlite:
                let database = try SQLiteDocuments<D>(path: path.path)
                let start = POSIX.now()
                try database.insertEach(set.prepared)
                return POSIX.now() - start
            case .bare:
                let folder = path.appendingPathComponent("data/\(D.collection)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let writer = try BareWriter(collectionFolder: folder.path)
                let start = POSIX.now()
                for document in set.prepared {
                    try writer.saveDurably(document)
                }
                return POSIX.now() - start
            }
        }
        var facts: [String: Double] = ["documents": Double(set.documents.count)]
        for (side, seconds) in values {
            facts["\(side.rawValue)DocumentsPerSecond"] = Double(set.documents.count) / Statistics(seconds).median
        }
        return CaseResult(
            name: Self.name, title: "\(Self.name) \(D.collection)",
            work: "\(set.documents.count) docs, 1 durable save each", unit: "ms",
            values: milliseconds(values), facts: facts)
    }
}
