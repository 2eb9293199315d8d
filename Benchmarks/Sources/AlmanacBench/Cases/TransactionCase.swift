import Almanac
import Foundation

/// Case 9: one transaction of 1,000 documents over two collections of a MIGA store: 500 usage
/// events (day folders) and 500 streak records (one folder).
///
/// - Almanac: one `store.write { db in … }` saving all of them: durable together, all or none.
/// - SQLite: one transaction of `INSERT`s into two tables.
/// - bare: the per-file durable loop an app writes without Almanac: per document, temporary
///   file → write → fsync → rename → fsync folder (all or none is not kept).
struct TransactionCase: BenchmarkCase {
    static let name = "transaction"

    /// The streak records, as JSON and as the bytes the bare side writes (`data/streaks/<id>.json`).
    private static func streaks(count: Int) -> [(id: String, value: JSONValue, bytes: [UInt8], compact: [UInt8])] {
        var random = SplitMix64(seed: DocumentFactory.seed ^ 9)
        let formatter = ISO8601DateFormatter()
        return (0..<count).map { index in
            let id = random.uuid().uuidString
            let start = Double(1_735_689_600 + index * 3_600)
            let value = JSONValue.object([
                "id": .string(id), "currentDayCount": .number(JSONNumber(1 + index % 30)),
                "startDate": .string(formatter.string(from: Date(timeIntervalSince1970: start))),
                "lastActivityDate": .string(formatter.string(from: Date(timeIntervalSince1970: start + 86_400))),
            ])
            return (id, value, value.prettyJSONBytes, value.compactJSONBytes)
        }
    }

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let half = workspace.sizes.transactionDocuments / 2
        let events = try GeneratedSet(DocumentFactory.usageEvents(count: half, days: max(1, half / 100), from: Sizes.singleSaveStart,
                                                                   seed: DocumentFactory.seed ^ 8))
        let streaks = Self.streaks(count: half)
        let streakDocuments = streaks.map { PreparedDocument(id: $0.id, folders: [], fileName: "\($0.id).json", fileBytes: $0.bytes,
                                                             compactJSON: $0.compact, dateKey: "") }
        workspace.log("\(Self.name): \(half) usage-events + \(half) streaks in one transaction")
        let values = try workspace.repeater(flushBetween: true).run(workspace.options.sides) { side, _ in
            let path = workspace.newPath("transaction-\(side.rawValue)")
            switch side {
            case .almanac:
                let store = try workspace.stores.create(for: UsageEvent.self, at: path)
                let start = POSIX.now()
                try store.write { db in
                    try db.save(contentsOf: events.documents)
                    for streak in streaks { try db.save(json: streak.value, in: "streaks") }
                }
                let seconds = POSIX.now() - start
                try workspace.stores.checkSameBytes(store: path, collection: UsageEvent.collection, events.prepared[0])
                try workspace.stores.checkSameBytes(store: path, collection: "streaks", streakDocuments[0])
                return seconds
            case .sqlite:
                let database = try SQLiteDocuments<UsageEvent>(path: path.path)
                try database.database.execute("CREATE TABLE IF NOT EXISTS streaks (id TEXT PRIMARY KEY, body TEXT NOT NULL)")
                let insert = try database.database.prepare("INSERT INTO streaks (id, body) VALUES (?1, ?2)")
                let start = POSIX.now()
                try database.database.execute("BEGIN IMMEDIATE")
                try database.insertInOpenTransaction(events.prepared)
                for streak in streakDocuments {
                    try insert.bind(1, streak.id)
                    try insert.bind(2, streak.compactJSON)
                    _ = try insert.step()
                    insert.reset()
                }
                try database.database.execute("COMMIT")
                return POSIX.now() - start
            case .bare:
                let eventsFolder = path.appendingPathComponent("data/\(UsageEvent.collection)")
                let streaksFolder = path.appendingPathComponent("data/streaks")
                for folder in [eventsFolder, streaksFolder] {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                }
                let eventWriter = try BareWriter(collectionFolder: eventsFolder.path)
                let streakWriter = try BareWriter(collectionFolder: streaksFolder.path)
                let start = POSIX.now()
                for document in events.prepared { try eventWriter.saveDurably(document) }
                for document in streakDocuments { try streakWriter.saveDurably(document) }
                return POSIX.now() - start
            }
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "\(2 * half) docs, 2 collections, 1 transaction",
            unit: "ms", values: milliseconds(values), facts: ["documents": Double(2 * half)])]
    }
}
