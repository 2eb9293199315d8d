import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The MIGA reports on the sample store (samples/miga/store, copied and migrated to the
/// current schema first, as the app would on launch), checked against figures computed here
/// from the sample's JSON files without the app's models.
@Suite("MIGA reports on the sample store")
struct MIGAReportsTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let now = ISO8601DateFormatter().date(from: "2025-02-02T20:00:00Z")!

    /// A migrated copy of the sample store, removed after `body`.
    static func withSample<T>(_ body: (Store) throws -> T) throws -> T {
        let folder = temporaryFolder("miga-sample")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/miga/store"), to: copy)
        try Migrator(migrations: try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/miga")), targetSchema: repositoryRoot.appendingPathComponent("schema/miga")).migrate(storeAt: copy)
        return try body(try Store(at: copy))
    }

    /// The sample's usage events as plain JSON objects, read from the files.
    static func rawEvents() throws -> [(kind: String, timestamp: Date, pause: Double)] {
        let root = repositoryRoot.appendingPathComponent("samples/miga/store/data/usage-events")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return try files.map { url in
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            let text = object["timestamp"] as! String
            return (object["eventType"] as! String, plain.date(from: text) ?? parser.date(from: text)!, (object["pauseDuration"] as! NSNumber).doubleValue)
        }
    }

    /// The local days of `dates`, by Foundation's calendar (not CalendarDate).
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    @Test("the sample's stored streak equals what StreakCalculator derives from its events (12 days from 2025-01-22)")
    func storedStreakIsDerived() throws {
        try Self.withSample { store in
            let miga = MIGAService(store: store)
            let stored = try #require(try miga.streak())
            let derived = try #require(StreakCalculator(timeZone: store.timeZone).calculateStreak(from: try store.documents(UsageEvent.self), id: stored.id))
            #expect(stored == derived)
            #expect(stored.currentDayCount == 12 && CalendarDate(stored.startDate, in: Self.zone) == CalendarDate("2025-01-22"))
            try stored.validate(in: store.timeZone)
            // Every stored document keeps its model's rules.
            for event in try store.documents(UsageEvent.self) { try event.validate() }
            for app in try store.documents(SelectedApp.self) { try app.validate() }
            for item in try store.documents(MindfulnessContent.self) { try item.validate() }
            let preferences = try miga.preferences()
            try preferences.validate()
            #expect(preferences.frePhase == .appsHidden && preferences.gatewayTimerDuration == 20)
        }
    }

    @Test("streak report on the sample at 2025-02-02T20:00Z: current streak from 2025-01-22, longest 19 days in December")
    func streakReport() throws {
        let events = try Self.rawEvents().filter { $0.timestamp <= Self.now }
        let exitDays = Set(events.filter { $0.kind == "exit_to_focus" }.map { Self.day($0.timestamp) })
        // The current run, walked back from the latest exit day with Foundation's calendar.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.zone
        var runStart = events.filter { $0.kind == "exit_to_focus" }.map(\.timestamp).max()!
        while exitDays.contains(Self.day(calendar.date(byAdding: .day, value: -1, to: runStart)!)) {
            runStart = calendar.date(byAdding: .day, value: -1, to: runStart)!
        }
        let expectedCurrent = calendar.dateComponents([.day], from: calendar.startOfDay(for: runStart),
                                                      to: calendar.startOfDay(for: events.map(\.timestamp).max()!)).day! + 1
        try Self.withSample { store in
            let report = try MIGAStreakReport.make(store: store, context: ReportContext(now: Self.now, timeZone: store.timeZone))
            #expect(report.today == CalendarDate("2025-02-02"))
            #expect(report.currentStartDate == CalendarDate("2025-01-22") && report.isActive)
            #expect(report.currentDayCount == expectedCurrent)
            #expect(report.longestDayCount == 19 && report.longestStartDate == CalendarDate("2024-12-02") && report.longestEndDate == CalendarDate("2024-12-20"))
            #expect(report.eventsFrom == CalendarDate("2024-11-04"))
            #expect(report.text.contains("Current streak: \(expectedCurrent) days (2025-01-22"))
            #expect(report.text.contains("Longest streak: 19 days (2024-12-02 – 2024-12-20)"))
            // At the end of the day the stored record (12 days, last exit that evening) is the current streak.
            let evening = try MIGAStreakReport.make(store: store, context: ReportContext(now: instant("2025-02-02", 23, 59, in: Self.zone), timeZone: store.timeZone))
            #expect(evening.currentDayCount == 12 && evening.lastActivityDate == CalendarDate("2025-02-02"))
            // Two days later, without exits, the streak is broken.
            let later = try MIGAStreakReport.make(store: store, context: ReportContext(now: instant("2025-02-04", 12, in: Self.zone), timeZone: store.timeZone))
            #expect(later.currentDayCount == 0 && !later.isActive && later.lastRunDayCount == 12 && later.text.contains("broken"))
            // 21 January, the day that broke the previous run, had no exit.
            #expect(!exitDays.contains("2025-01-21"))
        }
    }

    @Test("kpis report on the sample: counts, hours reclaimed, average pause and intentionality from the files")
    func kpiReport() throws {
        let events = try Self.rawEvents().filter { $0.timestamp <= Self.now }
        let exits = events.filter { $0.kind == "exit_to_focus" }
        try Self.withSample { store in
            let report = try MIGAKPIReport.make(store: store, context: ReportContext(now: Self.now, timeZone: store.timeZone))
            #expect(report.totalEvents == events.count && report.totalConsciousExits == exits.count)
            #expect(report.deepens == events.filter { $0.kind == "deepen_pause" }.count)
            #expect(report.proceeds == events.filter { $0.kind == "proceed_to_app" }.count)
            #expect(report.hoursReclaimed == (exits.reduce(0) { $0 + $1.pause } / 360).rounded() / 10)
            #expect(abs(report.averagePauseTime - events.reduce(0) { $0 + $1.pause } / Double(events.count)) <= 0.05)
            #expect(abs(report.intentionalityScore - Double(exits.count) / Double(events.count)) <= 0.0005)
            #expect(report.from == CalendarDate("2024-11-04") && report.to == CalendarDate("2025-02-02"))
            #expect(report.totalEvents > 300 && report.intentionalityScore > 0.3 && report.intentionalityScore < 0.6)
            #expect(report.text.contains("Conscious exits:        \(exits.count)\n"))
            // Deepened and proceeded events are not a breakdown of the exits, and the text does not read as one.
            #expect(!report.text.contains("(deepened") && report.text.contains("not part of the exits"))
        }
    }

    @Test("trends report on the sample: the last 30 days (2025-01-04 – 2025-02-02), per-day counts from the files")
    func trendReport() throws {
        let events = try Self.rawEvents().filter { $0.timestamp <= Self.now }
        try Self.withSample { store in
            let report = try MIGATrendReport.make(store: store, context: ReportContext(now: Self.now, timeZone: store.timeZone))
            #expect(report.trend.count == 30 && report.from == CalendarDate("2025-01-04") && report.to == CalendarDate("2025-02-02"))
            for day in report.trend {
                let those = events.filter { Self.day($0.timestamp) == day.date.description }
                #expect(day.totalAttempts == those.count && day.consciousExits == those.filter { $0.kind == "exit_to_focus" }.count, "\(day.date)")
            }
            let jan21 = try #require(report.trend.first { $0.date == CalendarDate("2025-01-21") })
            #expect(jan21.consciousExits == 0 && jan21.totalAttempts > 0, "the day that broke the previous run")
            #expect(report.trend.filter { $0.date >= CalendarDate("2025-01-22")! }.allSatisfy { $0.consciousExits > 0 })
            #expect(report.text.split(separator: "\n").count == 32)
        }
    }

    @Test("mindfulness content in the sample rotated like ContentLibrary: the chosen interests' counts within one, the rest unshown")
    func contentRotation() throws {
        try Self.withSample { store in
            let library = try MIGAService(store: store).contentLibrary()
            let interests = try MIGAService(store: store).preferences().selectedInterestTags
            let chosen = library.filterContent(by: interests).map(\.displayCount)
            #expect(chosen.max()! - chosen.min()! <= 1 && chosen.min()! > 0)
            #expect(library.items.filter { !interests.contains($0.category) }.allSatisfy { $0.displayCount == 0 })
            // Every visit showed one quote, every deepened pause a second one.
            let events = try store.documents(UsageEvent.self)
            #expect(chosen.reduce(0, +) == events.count + events.filter { $0.eventType == .deepenPause }.count)
            #expect(try MIGAService(store: store).launcherGrid().apps.map(\.appName) == ["Instagram", "TikTok", "X", "YouTube", "Reddit"])
        }
    }

    @Test("the reports encode as JSON objects with camelCase keys and are listed as miga streak, kpis and trends")
    func reportsEncode() throws {
        #expect(MIGAReports.views.map(\.name) == ["streak", "kpis", "trends"] && MIGAReports.views.allSatisfy { $0.app == "miga" })
        try Self.withSample { store in
            for view in MIGAReports.views {
                let report = try view.make(store, ReportContext(now: Self.now, timeZone: store.timeZone))
                let data = try JSONEncoder().encode(report)
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(view.name)")
                #expect(!object.isEmpty && !report.text.isEmpty)
                _ = try DocumentEncoder().encode(report)
            }
        }
    }

    @Test("the reports on an empty store say there is nothing yet")
    func emptyStore() throws {
        try MIGAServiceTests.withStore { (miga: MIGAService, _: URL) throws in
            let context = ReportContext(now: Self.now, timeZone: Self.zone)
            #expect(try MIGAStreakReport.make(store: miga.store, context: context).text.contains("No conscious exit yet"))
            #expect(try MIGAKPIReport.make(store: miga.store, context: context).text.contains("No usage events yet"))
            let trends = try MIGATrendReport.make(store: miga.store, context: context)
            #expect(trends.totalAttempts == 0 && trends.trend.count == 30)
        }
    }
}
