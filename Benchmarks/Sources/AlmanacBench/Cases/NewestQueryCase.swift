import Almanac
import Foundation

/// Case: "the 20 newest events", decoded into structs, on the 1-year and the 3-year store:
/// what a list screen shows first.
///
/// - Almanac: `store.documents(UsageEvent.self, matching: Query(UsageEvent.self).sorted(by:
///   "timestamp", descending: true).limit(20))` on an open store: the newest date folders only.
///   Its document cache (default size) is warm after the warm-up, as SQLite's page cache is:
///   each covered file costs a `stat`. The `almanacUncachedMs` fact is the same query on a
///   store opened with `documentCacheCapacity: 0` (every file read and parsed each time),
///   `almanacUncachedOverSqlite` its ratio to SQLite, round by round.
/// - SQLite: `SELECT body … ORDER BY date DESC, id LIMIT 20` through the date index, each row
///   decoded with Foundation's `JSONDecoder`.
/// - bare: the day folders from the last day backwards, each file read and decoded, until a
///   day brings the total to 20; then sorted newest first and cut to 20.
///
/// Its cost should follow the 20 documents, not the store: the 3-year row's `almanac3yOver1y`
/// fact is Almanac's 3-year time over its 1-year time, round by round.
struct NewestQueryCase: BenchmarkCase {
    static let name = "newest-20"
    static let count = 20

    private struct Readers {
        let store: Store
        let uncached: Store
        let sqlite: SQLiteDocuments<UsageEvent>
        let bare: BareReader<UsageEvent>
        let lastDay: CalendarDate
        let firstDay: CalendarDate
    }

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixtures = [try workspace.fixture("1y"), try workspace.fixture("3y")]
        var readers: [String: Readers] = [:]
        var expected: [String: [UsageEvent]] = [:]
        for fixture in fixtures {
            let documents = fixture.events.documents
            readers[fixture.label] = Readers(
                store: try Store(at: fixture.store),
                uncached: try Store(at: fixture.store, options: Store.Options(documentCacheCapacity: 0)),
                sqlite: try SQLiteDocuments(path: fixture.database, createTable: false),
                bare: try BareReader(collectionFolder: fixture.collectionFolder),
                lastDay: documents.map(\.filingDay).max()!, firstDay: documents.map(\.filingDay).min()!)
            expected[fixture.label] = Array(documents.sorted { ($0.sortDate, $1.id.uuidString) > ($1.sortDate, $0.id.uuidString) }.prefix(Self.count))
        }
        workspace.log("\(Self.name): the \(Self.count) newest events of the 1y and 3y stores")
        let query = Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(Self.count)
        let subjects = fixtures.flatMap { fixture in workspace.options.sides.map { StoreSideSubject(label: fixture.label, side: $0) } }
        let values = try workspace.repeater().run(subjects) { subject, _ in
            let reader = readers[subject.label]!
            let start = POSIX.now()
            let found: [UsageEvent] = switch subject.side {
            case .almanac: try reader.store.documents(UsageEvent.self, matching: query)
            case .sqlite: try reader.sqlite.newest(Self.count)
            case .bare: try Self.bareNewest(reader)
            }
            let seconds = POSIX.now() - start
            guard found == expected[subject.label]! else {
                throw BenchError("\(Self.name): \(subject.side.title) on the \(subject.label) store returned \(found.count) documents, not the \(Self.count) newest in order")
            }
            return seconds
        }
        let uncachedValues = try workspace.repeater().run(fixtures.map(\.label)) { label, _ in
            let start = POSIX.now()
            let found = try readers[label]!.uncached.documents(UsageEvent.self, matching: query)
            let seconds = POSIX.now() - start
            guard found == expected[label]! else {
                throw BenchError("\(Self.name): Almanac without its document cache on the \(label) store returned \(found.count) documents, not the \(Self.count) newest in order")
            }
            return seconds
        }
        return fixtures.map { fixture in
            var bySide: [Side: [Double]] = [:]
            for side in Side.allCases { bySide[side] = values[StoreSideSubject(label: fixture.label, side: side)] }
            var facts: [String: Double] = ["documentsInStore": Double(fixture.events.documents.count), "documentsReturned": Double(Self.count)]
            let uncached = uncachedValues[fixture.label] ?? []
            if !uncached.isEmpty { facts["almanacUncachedMs"] = Statistics(uncached.map { $0 * 1000 }).median }
            facts["almanacUncachedOverSqlite"] = Statistics.ratios(uncached, values[StoreSideSubject(label: fixture.label, side: .sqlite)] ?? [])?.median
            if fixture.label == "3y" { facts.merge(StoreSideSubject.growthFacts(values)) { own, _ in own } }
            return CaseResult(
                name: Self.name, title: "\(Self.name) \(fixture.label) store",
                work: "\(Self.count) newest of \(fixture.events.documents.count)",
                unit: "ms", values: milliseconds(bySide), facts: facts)
        }
    }

    private static func bareNewest(_ reader: Readers) throws -> [UsageEvent] {
        var found: [UsageEvent] = []
        var day = reader.lastDay
        while found.count < count, day >= reader.firstDay {
            found += try reader.bare.documents(on: [day])
            day = day.adding(days: -1)
        }
        return Array(found.sorted { ($0.sortDate, $1.id.uuidString) > ($1.sortDate, $0.id.uuidString) }.prefix(count))
    }
}
