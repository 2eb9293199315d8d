import Foundation
import Testing

@testable import Almanac
@testable import ReferenceApps

/// Every report as of a moment (issue 61): each sample store, migrated, is replayed day by
/// day into a second store that holds only the documents dated up to that day, and every
/// view of the app, computed on the whole store as of the day's last instant, equals the
/// same view computed on the replayed one. A report that read a later document differs.
@Suite("Reports as of a moment, replayed day by day")
struct ReportReplayTests {
    /// Fields that describe the store rather than the moment: the stored escalation state is
    /// the app's cache of the history, current only in the whole store.
    static let storeFields: [String: Set<String>] = ["pressure": ["storedStateIsCurrent"]]

    @Test("every view of the app, day by day over its sample, equals the same view of the documents dated up to that day",
          arguments: ["miga", "elaro", "pressure", "cravey"])
    func replay(app: String) throws {
        let folder = temporaryFolder("\(app)-replay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let full = try Self.migratedSample(app, in: folder)
        defer { full.finishWriting() }
        let zone = full.timeZone
        // Taken in as an import's staging store takes documents: a sample's history is not a
        // sequence of the app's moves (MIGA's first run starts past its first phase).
        var options = Store.Options()
        options.isStaging = true
        let replayed = try Store.create(at: folder.appendingPathComponent("replayed"),
                                        schema: repositoryRoot.appendingPathComponent("schema/\(app)"), timeZone: zone, options: options)
        defer { replayed.finishWriting() }

        // Undated documents (settings, templates, recordings) are there from the start; dated
        // ones join on their day, each day's in one transaction saved at its latest moment.
        var undated: [(String, JSONValue)] = []
        var byDay: [CalendarDate: [(String, JSONValue)]] = [:]
        for collection in full.catalog.collections {
            for document in try full.read({ try $0.documents(json: collection.name) }) {
                if let field = collection.dateField, let value = document.value[field], let day = Self.day(of: value, in: zone) {
                    byDay[day, default: []].append((collection.name, document.value))
                } else {
                    undated.append((collection.name, document.value))
                }
            }
        }
        try Self.save(undated, into: replayed, at: nil)
        let days = byDay.keys.sorted()
        let first = try #require(days.first), last = try #require(days.last)
        var compared = 0
        var day = first
        while day <= last {
            try Self.save(byDay[day] ?? [], into: replayed, at: day)
            let context = ReportContext(now: day.lastInstant(in: zone), timeZone: zone)
            for view in try #require(ReferenceApp.named(app)).views {
                let whole = try Self.json(view.make(full, context), dropping: Self.storeFields[app] ?? [])
                let upToDay = try Self.json(view.make(replayed, context), dropping: Self.storeFields[app] ?? [])
                #expect(whole == upToDay, "\(app) \(view.name) as of \(day): the whole store says\n\(whole)\nthe documents up to that day say\n\(upToDay)")
                compared += 1
            }
            day = day.adding(days: 1)
        }
        #expect(compared >= 60, "the replay covered the sample's days (\(compared) reports compared)")
    }

    /// A copy of `app`'s sample store in `folder`, migrated to the current schema.
    static func migratedSample(_ app: String, in folder: URL) throws -> Store {
        let copy = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/\(app)/store"), to: copy)
        let migrations = try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/\(app)"))
        _ = try Migrator(migrations: migrations, targetSchema: repositoryRoot.appendingPathComponent("schema/\(app)")).migrate(storeAt: copy)
        return try Store(at: copy)
    }

    /// The local day a date field's value names, or `nil` when it is not a date.
    static func day(of value: JSONValue, in zone: TimeZone) -> CalendarDate? {
        guard case .string(let text) = value else { return nil }
        if let day = CalendarDate(text) { return day }
        return Timestamp.parse(text).map { CalendarDate($0, in: zone) }
    }

    /// Saves `documents` in one transaction, as their app saved them: at the latest instant
    /// any of them holds (a check-in, a `createdAt`), or at the start of `day` when none does.
    static func save(_ documents: [(String, JSONValue)], into store: Store, at day: CalendarDate?) throws {
        guard !documents.isEmpty else { return }
        let instants = documents.flatMap { _, value in
            (value.objectValue ?? [:]).values.compactMap { $0.stringValue.flatMap(Timestamp.parse) }
        }
        try store.write { db in
            db.timeOfSave = instants.max() ?? day.map { $0.startDate(in: store.timeZone) }
            for (collection, value) in documents { _ = try db.save(json: value, in: collection) }
        }
    }

    /// The report as sorted JSON, without `dropping`'s top-level fields.
    static func json(_ report: any AppReport, dropping: Set<String>) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        var object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
        for field in dropping { object[field] = nil }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }
}
