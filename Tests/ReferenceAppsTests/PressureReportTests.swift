import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// Pressure's `status` report and the sample store (samples/pressure/store, copied and migrated
/// to the current schema first), checked against figures read here from the sample's JSON
/// files, including the escalation state the sample generator computed in Python.
@Suite("Pressure reports on the sample store")
struct PressureReportTests {
    static let zone = PressureFixture.losAngeles
    /// The moment `almanac report` is run at on the samples: 12:00 in Los Angeles.
    static let now = ISO8601DateFormatter().date(from: "2025-02-02T20:00:00Z")!
    /// The moment the sample was captured: 15:20 in Los Angeles.
    static let captured = instant("2025-02-02", 15, 20, in: zone)

    /// A migrated copy of the sample store, removed after `body`.
    static func withSample<T>(_ body: (Store) throws -> T) throws -> T {
        let folder = temporaryFolder("pressure-sample")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/pressure/store"), to: copy)
        try Migrator(migrations: try MigrationSet(folder: repositoryRoot.appendingPathComponent("migrations/pressure")), targetSchema: repositoryRoot.appendingPathComponent("schema/pressure")).migrate(storeAt: copy)
        let store = try Store(at: copy)
        defer { store.finishWriting() }
        return try body(store)
    }

    /// The JSON objects of the sample's `collection` folder (or singleton file), read directly.
    static func raw(_ collection: String) throws -> [[String: Any]] {
        let data = repositoryRoot.appendingPathComponent("samples/pressure/store/data")
        let single = data.appendingPathComponent(collection + ".json")
        if FileManager.default.fileExists(atPath: single.path) {
            return [try JSONSerialization.jsonObject(with: Data(contentsOf: single)) as! [String: Any]]
        }
        let files = FileManager.default.enumerator(at: data.appendingPathComponent(collection), includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
        return try files.map { try JSONSerialization.jsonObject(with: Data(contentsOf: $0)) as! [String: Any] }
    }

    @Test("the sample covers 2024-11-04 through 2025-02-02, one commitment a day, three notifications a day")
    func sampleShape() throws {
        let commitments = try Self.raw("commitments")
        let dates = commitments.map { $0["date"] as! String }.sorted()
        #expect(dates.first == "2024-11-04" && dates.last == "2025-02-02")
        #expect(dates.count == 91 && Set(dates).count == 91)
        #expect(try Self.raw("notification-log").count == 273)
        #expect(commitments.contains { $0["text"] as? String == "" && $0["status"] as? String == "MISSED" }, "no-commitment days")
        #expect(commitments.filter { $0["shield_used"] as? Bool == true }.map { $0["date"] as! String } == ["2025-01-19"])
    }

    @Test("every sample document passes the model rules, and the store is closed up to the capture")
    func sampleFollowsTheRules() throws {
        try Self.withSample { store in
            let service = PressureService(store: store)
            let settings = try service.settings()
            try settings.validate()
            let commitments = try service.commitments()
            for commitment in commitments {
                try commitment.validate()
                try commitment.validate(against: settings, in: StoreCalendar(timeZone: Self.zone))
            }
            try Commitment.validateSortOrders(commitments)
            for record in try store.documents(NotificationRecord.self) { try record.validate() }
            let state = try #require(try store.singleton(EscalationState.self))
            try state.validate()
            try state.validate(against: settings, in: StoreCalendar(timeZone: Self.zone), at: Self.captured)
            #expect(PressureDayClose(settings: settings, calendar: StoreCalendar(timeZone: Self.zone)).changes(to: commitments, at: Self.captured).isEmpty)
        }
    }

    @Test("Escalation state is a cache derivable from commitment history: the stored state, every tier snapshot and every notification tier match the engine")
    func sampleStateMatchesTheEngine() throws {
        try Self.withSample { store in
            let service = PressureService(store: store)
            let commitments = try service.commitments()
            let engine = EscalationEngine(calendar: StoreCalendar(timeZone: Self.zone))
            let history = engine.history(of: commitments)
            #expect(history.count == 90, "every day but today is settled")
            #expect(try store.singleton(EscalationState.self) == engine.state(from: commitments, settings: try service.settings(), at: Self.captured))
            #expect(try service.derivedState(at: Self.now) == store.singleton(EscalationState.self))
            for commitment in commitments {
                #expect(commitment.escalationTierSnap == engine.tier(on: commitment.date, history: history), "\(commitment.date)")
            }
            for record in try store.documents(NotificationRecord.self) {
                #expect(record.tier == engine.tier(on: CalendarDate(record.scheduledFor, in: Self.zone), history: history), "\(record.scheduledFor)")
            }
            #expect(history.map(\.after.currentTier).max() == 3, "the holiday slump reaches tier 3")
        }
    }

    @Test("status on the sample at 2025-02-02T20:00:00Z: today's pending commitment, open window, and the figures of the stored state")
    func statusOnTheSample() throws {
        let commitments = try Self.raw("commitments")
        let byDate = Dictionary(uniqueKeysWithValues: commitments.map { ($0["date"] as! String, $0) })
        let stored = try #require(try Self.raw("escalation-state").first)
        // Figures counted here from the files: the longest run of YES days (a shielded day keeps
        // a run going), the run ending yesterday, the notifications of the last seven days.
        var run = 0, longest = 0
        for date in byDate.keys.sorted() where date < "2025-02-02" {
            let day = byDate[date]!
            if day["status"] as? String == "YES" { run += 1 } else if day["shield_used"] as? Bool != true { run = 0 }
            longest = max(longest, run)
        }
        let weekStart = instant("2025-01-27", 0, in: Self.zone)
        let week = try Self.raw("notification-log").filter {
            let at = ISO8601DateFormatter().date(from: $0["scheduled_for"] as! String)!
            return at >= weekStart && at < Self.now
        }

        let report = try Self.withSample { try PressureStatusReport(store: $0, context: ReportContext(now: Self.now, timeZone: $0.timeZone)) }
        #expect(report.today == CalendarDate("2025-02-02") && report.localTime == "12:00" && report.timeZone == "America/Los_Angeles")
        #expect(report.commitments.count == 1)
        #expect(report.commitments.first?.text == byDate["2025-02-02"]?["text"] as? String)
        #expect(report.commitments.first?.status == "PENDING" && report.commitments.first?.canCheckIn == true)
        #expect(report.isCommitmentLocked && report.isWindowOpen && report.canCheckIn)
        #expect(report.daysSinceLastYes == 0, "Feb 1 was YES and today is still open")
        #expect(report.currentStreak == run && report.longestStreak == longest && longest == 12)
        #expect(report.escalationTier == stored["current_tier"] as? Int)
        #expect(report.consecutiveMisses == stored["consecutive_misses"] as? Int)
        #expect(report.consecutiveSuccesses == stored["consecutive_successes"] as? Int)
        #expect(report.currentStreak == stored["current_streak"] as? Int && report.longestStreak == stored["longest_streak"] as? Int)
        #expect(report.restartShieldsRemaining == 1 && report.shieldResetDate == CalendarDate("2025-03-01"))
        #expect(report.storedStateIsCurrent && report.pendingDayCloseChanges == 0)
        #expect(report.recentDays.map(\.outcome) == ["YES", "YES", "YES", "YES", "MISS", "YES", "OPEN"])
        #expect(report.notificationsScheduled == week.count && week.count == 19, "six full days and today's 08:30")
        #expect(report.notificationsDelivered == week.filter { $0["delivered"] as? Bool == true }.count)
        #expect(report.notificationsTapped == week.filter { $0["tapped"] as? Bool == true }.count)
        #expect(report.text.contains("Lights out by 11pm") && report.text.contains("can check in now") && report.text.contains("Escalation tier 1 of 3; 1 more YES day to step down") && report.yesDaysToStepDown == 1)
    }

    @Test("the status report encodes as JSON with camelCase keys and plain values")
    func statusJSON() throws {
        let report = try Self.withSample { try PressureStatusReport(store: $0, context: ReportContext(now: Self.now, timeZone: $0.timeZone)) }
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(object["today"] as? String == "2025-02-02" && object["shieldResetDate"] as? String == "2025-03-01")
        #expect(object["canCheckIn"] as? Bool == true && object["escalationTier"] as? Int == 1 && object["daysSinceLastYes"] as? Int == 0)
        #expect((object["commitments"] as? [[String: Any]])?.first?["status"] as? String == "PENDING")
        #expect((object["recentDays"] as? [[String: Any]])?.count == 7)
        #expect(PressureReports.views.map(\.name) == ["status"] && PressureReports.views.allSatisfy { $0.app == "pressure" })
    }

    @Test("the status report previews the day close without writing: after three silent days it counts them and the store is untouched")
    func statusPreviewsTheDayClose() throws {
        let zone = PressureFixture.tokyo
        try PressureFixture.withStore(zone, settings: PressureFixture.settings(zone, tier: .paid)) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-03-01", "YYY", in: zone))
            try service.closeDays(at: instant("2025-03-03", 23, in: zone))
            let before = try store.documents(Commitment.self)
            let report = try PressureStatusReport(store: store, context: ReportContext(now: instant("2025-03-07", 8, in: zone), calendar: StoreCalendar(timeZone: zone)))
            #expect(try store.documents(Commitment.self) == before)
            #expect(report.pendingDayCloseChanges == 3 && !report.storedStateIsCurrent)
            #expect(report.escalationTier == 3 && report.consecutiveMisses == 3 && report.currentStreak == 0 && report.longestStreak == 3)
            #expect(report.daysSinceLastYes == 3 && report.commitments.isEmpty && !report.isCommitmentLocked && !report.canCheckIn)
            #expect(report.recentDays.map(\.outcome) == ["YES", "YES", "YES", "MISS", "MISS", "MISS", "NONE"])
            #expect(report.text.contains("not closed up to now"))
            let closed = try service.closeDays(at: instant("2025-03-07", 8, in: zone))
            #expect(closed.changed.count == 3)
            #expect(try PressureStatusReport(store: store, context: ReportContext(now: instant("2025-03-07", 8, in: zone), calendar: StoreCalendar(timeZone: zone))).storedStateIsCurrent)
        }
    }
}
