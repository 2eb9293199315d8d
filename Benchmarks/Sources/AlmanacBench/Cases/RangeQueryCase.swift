import Almanac
import Foundation

/// Case 3: a 30-day range query, decoded into structs, on the 1-year and the 3-year store
/// (the same 30 days, so both return the same documents).
///
/// - Almanac: `store.documents(UsageEvent.self, from: CalendarDate, to: CalendarDate)` on an open store.
/// - SQLite: `SELECT body … WHERE date >= first day AND date < day after last ORDER BY date, id`
///   through the date index, each row's JSON decoded with Foundation's `JSONDecoder`.
/// - bare: the 30 day folders listed, each file opened, read, closed and decoded with
///   `JSONDecoder`, then sorted oldest first.
///
/// A query should cost the days it touches, not the store's size: the 3-year row's
/// `almanac3yOver1y` fact is Almanac's 3-year time over its 1-year time, round by round.
struct RangeQueryCase: BenchmarkCase {
    static let name = "range-query"

    /// The three readers of one store.
    private struct Readers {
        let store: Store
        let sqlite: SQLiteDocuments<UsageEvent>
        let bare: BareReader<UsageEvent>
    }

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let sizes = workspace.sizes
        let fixtures = [try workspace.fixture("1y"), try workspace.fixture("3y")]
        let first = Sizes.storeStart.adding(days: sizes.rangeOffset)
        let last = first.adding(days: sizes.rangeDays - 1)
        let days = (0..<sizes.rangeDays).map { first.adding(days: $0) }
        let expected = fixtures[0].events.documents.filter { $0.filingDay >= first && $0.filingDay <= last }
        workspace.log("\(Self.name): \(first)…\(last) (\(expected.count) events) on the 1y and 3y stores")

        var readers: [String: Readers] = [:]
        for fixture in fixtures {
            readers[fixture.label] = Readers(
                store: try Store(at: fixture.store),
                sqlite: try SQLiteDocuments(path: fixture.database, createTable: false),
                bare: try BareReader(collectionFolder: fixture.collectionFolder))
        }
        let subjects = fixtures.flatMap { fixture in workspace.options.sides.map { StoreSideSubject(label: fixture.label, side: $0) } }
        var cpu: [StoreSideSubject: [Double]] = [:]
        let values = try workspace.repeater().run(subjects) { subject, phase in
            let reader = readers[subject.label]!
            let start = POSIX.now(), startCPU = POSIX.cpuSeconds()
            let found: [UsageEvent] = switch subject.side {
            case .almanac: try reader.store.documents(UsageEvent.self, from: first, to: last)
            case .sqlite: try reader.sqlite.documents(from: first, to: last)
            case .bare: try reader.bare.documents(on: days)
            }
            let seconds = POSIX.now() - start
            if phase != .warmUp { cpu[subject, default: []].append(POSIX.cpuSeconds() - startCPU) }
            guard found == expected else {
                throw BenchError("\(Self.name): \(subject.side.title) on the \(subject.label) store returned \(found.count) documents, expected the same \(expected.count) in the same order")
            }
            return seconds
        }

        return fixtures.map { fixture in
            var bySide: [Side: [Double]] = [:]
            for side in Side.allCases { bySide[side] = values[StoreSideSubject(label: fixture.label, side: side)] }
            var facts: [String: Double] = [
                "documentsInStore": Double(fixture.events.documents.count),
                "documentsReturned": Double(expected.count),
                "almanacStoreMiB": fixture.almanacBytes / 1_048_576,
                "sqliteDatabaseMiB": fixture.sqliteBytes / 1_048_576,
            ]
            for side in Side.allCases {
                facts["\(side.rawValue)CpuMs"] = cpu[StoreSideSubject(label: fixture.label, side: side)].map { Statistics($0).median * 1000 }
            }
            if fixture.label == "3y" { facts.merge(StoreSideSubject.growthFacts(values)) { own, _ in own } }
            return CaseResult(
                name: Self.name, title: "\(Self.name) \(fixture.label) store",
                work: "\(sizes.rangeDays) days of \(fixture.events.documents.count)",
                unit: "ms", values: milliseconds(bySide), facts: facts)
        }
    }
}
