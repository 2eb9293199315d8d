import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The Cravey sample store (`samples/cravey/store`, schema v1) copied to a temporary folder
/// and migrated to the current schema, as the app would on launch; `body` gets the store and
/// the raw v1 documents of `collection` as read from the sample's files.
private func withMigratedCraveySample(_ body: (Store) throws -> Void) throws {
    let folder = temporaryFolder("cravey-sample")
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/cravey/store"), to: copy)
    let migrations = try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/cravey"))
    _ = try Migrator(migrations: migrations, targetSchema: repositoryRoot.appendingPathComponent("schema/cravey")).migrate(storeAt: copy)
    let store = try Store(at: copy)
    defer { store.finishWriting() }
    try body(store)
}

/// The sample's documents of `collection` as JSON objects, straight from its files.
private func craveySampleFiles(_ collection: String) throws -> [[String: Any]] {
    let root = repositoryRoot.appendingPathComponent("samples/cravey/store/data/\(collection)")
    let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") } ?? []
    return try paths.map { path in
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(path))) as? [String: Any])
    }
}

@Suite("Cravey sample store")
struct CraveySampleTests {
    static let now = ISO8601DateFormatter().date(from: "2025-02-02T20:00:00Z")!
    static let zone = TimeZone(identifier: "America/Chicago")!

    @Test("the sample covers 2024-11-04 through 2025-02-02 and every document decodes with the current models and keeps their rules")
    func sampleDecodesAndKeepsTheRules() throws {
        try withMigratedCraveySample { store throws in
            #expect(store.schemaVersion == 4 && store.timeZone == Self.zone)
            let usage = try store.documents(UsageSession.self)
            let cravings = try store.documents(Craving.self)
            let recordings = try store.documents(Recording.self)
            let messages = try store.documents(MotivationalMessage.self)
            for document in usage { try document.validate() }
            for document in cravings { try document.validate() }
            for document in recordings { try document.validate() }
            for document in messages { try document.validate() }
            let days = (usage.map { $0.day(in: Self.zone) } + cravings.map { $0.day(in: Self.zone) }).sorted()
            #expect(days.first == CalendarDate("2024-11-04") && days.last == CalendarDate("2025-02-02"))
            #expect(usage.allSatisfy { $0.mood == nil }, "v1 sessions get mood null")
            #expect(recordings.count == 2 && messages.count == 12 && messages.filter(\.isCustom).count == 1)
            let cravey = CraveyService(store: store)
            for recording in recordings {
                #expect(try store.attachmentNames(of: recording.id.uuidString, in: "recordings") == recording.attachmentNames.sorted())
                #expect(try cravey.media(of: recording)?.count == 2048)
                let linked = try cravey.linkedCravings(of: recording.id)
                #expect(!linked.isEmpty && linked.allSatisfy { $0.timestamp > recording.timestamp }, "linked only after it was recorded")
                #expect(recording.playCount > linked.count, "played from each linked craving and from the Recordings tab")
                let lastPlayed = try #require(recording.lastPlayedAt)
                #expect(linked.allSatisfy { $0.timestamp <= lastPlayed })
            }
        }
    }

    @Test("the migrated sample keeps every v1 amount as it was, half steps included, within its method's range")
    func amountsKept() throws {
        let raw = try craveySampleFiles("usage")
        let v1 = Dictionary(uniqueKeysWithValues: raw.map { ($0["id"] as! String, ($0["amount"] as! NSNumber).doubleValue) })
        #expect(v1.values.filter { $0 != $0.rounded() }.count > 20, "the sample has half joints, bowls and blunts")
        try withMigratedCraveySample { store throws in
            for session in try store.documents(UsageSession.self) {
                #expect(session.amount == v1[session.id.uuidString])
                #expect(session.method.amountRange.contains(session.amount), "\(session.method) \(session.amount)")
            }
        }
    }

    @Test("the dashboard of the sample at 2025-02-02T20:00:00Z matches figures counted straight from its files")
    func dashboardMatchesTheFiles() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        func date(_ value: Any?) -> Date { let text = value as! String; return plain.date(from: text) ?? formatter.date(from: text)! }
        let today = calendar.startOfDay(for: Self.now)
        let rawCravings = try craveySampleFiles("cravings")
        let rawUsage = try craveySampleFiles("usage")
        try withMigratedCraveySample { store throws in
            let view = try #require(CraveyReports.views.first { $0.name == "dashboard" })
            let report = try #require(try view.make(store, ReportContext(now: Self.now, timeZone: store.timeZone)) as? CraveyDashboardReport)
            #expect(report.today == CalendarDate("2025-02-02") && report.windows.map(\.days) == [7, 30, 90])
            for figures in report.windows {
                let start = calendar.date(byAdding: .day, value: -(figures.days - 1), to: today)!
                let cravings = rawCravings.filter { (start...Self.now).contains(date($0["timestamp"])) }
                let usage = rawUsage.filter { (start...Self.now).contains(date($0["timestamp"])) }
                let intensities = cravings.map { $0["intensity"] as! Int }
                #expect(figures.cravings == cravings.count && figures.cravings > 0, "\(figures.days) days")
                #expect(figures.averageIntensity == (Double(intensities.reduce(0, +)) / Double(intensities.count) * 10).rounded() / 10)
                #expect(figures.highIntensityCravings == intensities.filter { $0 >= 7 }.count)
                #expect(figures.cravingsWithRecording == cravings.filter { $0["recordingId"] is String }.count)
                #expect(figures.usageSessions == usage.count)
                let usageDays = Set(usage.map { calendar.startOfDay(for: date($0["timestamp"])) })
                #expect(figures.daysWithUsage == usageDays.count && figures.usageFreeDays == figures.days - usageDays.count)
                let joints = usage.filter { $0["method"] as? String == "Joints" }.map { ($0["amount"] as! NSNumber).doubleValue }
                #expect(figures.methods.first { $0.method == .joints }?.amount ?? 0 == joints.reduce(0, +), "half joints count as halves")
            }
            // The sample's story: heavy use before the break began on 2025-01-06, little since.
            #expect(report.windows[0].usagePerDay < report.windows[2].usagePerDay)
            #expect(report.windows[2].usageSessions > 100 && report.windows[2].cravings > 80)
            // A craving logged at 19:21 in Chicago (01:21Z on 02-03) is after now: not yet counted.
            let late = rawCravings.filter { date($0["timestamp"]) > Self.now }
            #expect(!late.isEmpty && late.allSatisfy { calendar.isDate(date($0["timestamp"]), inSameDayAs: Self.now) })
            #expect(report.lastSevenDays.map(\.cravings).reduce(0, +) == report.windows[0].cravings)
            let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
            #expect(json?["windows"] is [Any] && json?["lastSevenDays"] is [Any], "--json parses")
            #expect(report.text.contains("Cravings") && report.text.contains("usage-free days"))
        }
    }
}
