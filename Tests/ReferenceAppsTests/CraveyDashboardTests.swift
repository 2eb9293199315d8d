import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Cravey dashboard")
struct CraveyDashboardTests {
    static let chicago = TimeZone(identifier: "America/Chicago")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func usage(_ moment: Date, _ method: RouteOfAdministration = .joints, amount: Double = 1, triggers: [HAALTTrigger] = []) -> UsageSession {
        UsageSession(timestamp: moment, method: method, amount: amount, triggers: triggers, createdAt: moment.addingTimeInterval(20))
    }

    static func craving(_ moment: Date, _ intensity: Int, triggers: [HAALTTrigger] = [], recording: UUID? = nil) -> Craving {
        Craving(timestamp: moment, intensity: intensity, triggers: triggers, createdAt: moment.addingTimeInterval(20), recordingId: recording)
    }

    /// Runs `body` with a current (version 2) store in `zone` holding `usage` and `cravings`.
    static func withStore(in zone: TimeZone, usage: [UsageSession], cravings: [Craving], _ body: (Store) throws -> Void) throws {
        try SchemaConformance(app: "cravey", timeZone: zone).withStore { store throws in
            let links = Set(cravings.compactMap(\.recordingId))
            for id in links {
                let recording = Recording(id: id, timestamp: Date(timeIntervalSince1970: 0), type: .audio, purpose: .craving, duration: 30,
                                          createdAt: Date(timeIntervalSince1970: 60))
                try CraveyService(store: store).save(recording, media: [1, 2, 3])
            }
            try store.save(contentsOf: usage)
            try store.save(contentsOf: cravings)
            try body(store)
        }
    }

    @Test("the windows are 7, 30 and 90 calendar days ending today, from local midnight up to now")
    func windows() {
        let now = instant("2025-02-02", 14, in: Self.chicago)
        let dashboard = CraveyDashboard(timeZone: Self.chicago)
        #expect(CraveyDashboard.windows == [7, 30, 90])
        let week = dashboard.window(days: 7, now: now)
        #expect(week.from == CalendarDate("2025-01-27") && week.to == CalendarDate("2025-02-02"))
        #expect(week.start == instant("2025-01-27", 0, in: Self.chicago) && week.end == now)
        #expect(dashboard.window(days: 30, now: now).from == CalendarDate("2025-01-04"))
        #expect(dashboard.window(days: 90, now: now).from == CalendarDate("2024-11-05"))
    }

    @Test("day boundary: 23:30 the evening before the window is out, 00:30 on its first day is in — in Chicago and in Tokyo", arguments: [chicago, tokyo])
    func dayBoundary(zone: TimeZone) throws {
        let now = instant("2025-02-02", 14, in: zone)
        let before = instant("2025-01-26", 23, 30, in: zone)
        let first = instant("2025-01-27", 0, 30, in: zone)
        let laterToday = instant("2025-02-02", 19, in: zone)
        let cravings = [Self.craving(before, 9), Self.craving(first, 3), Self.craving(now, 5)]
        let usage = [Self.usage(before), Self.usage(first), Self.usage(laterToday.addingTimeInterval(-20 * 3600))]
        try Self.withStore(in: zone, usage: usage, cravings: cravings) { store throws in
            let week = try CraveyDashboard.figures(in: store, now: now)[0]
            #expect(week.cravings == 2 && week.averageIntensity == 4, "the one at 00:30 and the one at now")
            #expect(week.usageSessions == 2 && week.daysWithUsage == 2)
            // A log later today (after now) is not counted yet.
            try store.save(Self.craving(laterToday, 10))
            #expect(try CraveyDashboard.figures(in: store, now: now)[0].cravings == 2)
            #expect(try CraveyDashboard.figures(in: store, now: laterToday)[0].cravings == 3)
        }
        // The same instants read in the other zone fall on other days.
        let other = zone == Self.chicago ? Self.tokyo : Self.chicago
        let elsewhere = CraveyDashboard(timeZone: other).figures(days: 7, now: now, usage: [], cravings: cravings)
        #expect(elsewhere.cravings != 2 || zone == other, "\(zone.identifier) vs \(other.identifier): \(elsewhere.cravings)")
    }

    @Test("across daylight saving: a 7-day window over Chicago's 23-hour and 25-hour days still starts at local midnight")
    func acrossDaylightSaving() throws {
        // 2025-03-09 (spring forward) and 2024-11-03 (fall back) in Chicago.
        for (today, first) in [("2025-03-12", "2025-03-06"), ("2024-11-05", "2024-10-30")] {
            let now = instant(today, 12, in: Self.chicago)
            let dayBefore = CalendarDate(first)!.adding(days: -1).description
            let cravings = [Self.craving(instant(dayBefore, 23, 30, in: Self.chicago), 8), Self.craving(instant(first, 0, 30, in: Self.chicago), 2),
                            Self.craving(instant(today, 0, 15, in: Self.chicago), 4)]
            try Self.withStore(in: Self.chicago, usage: [], cravings: cravings) { store throws in
                let week = try CraveyDashboard.figures(in: store, now: now)[0]
                #expect(week.from == CalendarDate(first) && week.cravings == 2 && week.averageIntensity == 3, "\(today): \(week)")
                let days = CraveyDashboard(timeZone: Self.chicago).daily(days: 7, now: now, usage: [], cravings: cravings)
                #expect(days.map(\.date.description).first == first && days.count == 7 && days.map(\.cravings) == [1, 0, 0, 0, 0, 0, 1])
            }
            // 7 × 24 hours back from today's midnight would start at 23:00 the day before and take the 23:30 craving.
            #expect(CraveyDashboard(timeZone: Self.chicago).window(days: 7, now: now).start == instant(first, 0, in: Self.chicago))
        }
    }

    @Test("figures: counts, average intensity to one decimal, 7–10 as high, the four categories, cravings met with a recording")
    func cravingFigures() throws {
        let zone = Self.chicago
        let now = instant("2025-02-02", 20, in: zone)
        let recording = UUID()
        let cravings = [Self.craving(instant("2025-02-01", 9, in: zone), 2), Self.craving(instant("2025-02-01", 10, in: zone), 5),
                        Self.craving(instant("2025-02-02", 9, in: zone), 7, recording: recording), Self.craving(instant("2025-01-30", 9, in: zone), 10),
                        Self.craving(instant("2025-01-15", 9, in: zone), 9), Self.craving(instant("2024-12-01", 9, in: zone), 1)]
        try Self.withStore(in: zone, usage: [], cravings: cravings) { store throws in
            let figures = try CraveyDashboard.figures(in: store, now: now)
            #expect(figures.map(\.cravings) == [4, 5, 6])
            #expect(figures[0].averageIntensity == 6, "(2 + 5 + 7 + 10) / 4")
            #expect(figures[1].averageIntensity == 6.6, "33 / 5")
            #expect(figures[2].averageIntensity == 5.7, "34 / 6 = 5.67, one decimal")
            #expect(figures[0].highIntensityCravings == 2 && figures[1].highIntensityCravings == 3)
            #expect(figures[0].intensity == .init(mild: 1, moderate: 1, strong: 1, overwhelming: 1))
            #expect(figures[0].cravingsWithRecording == 1)
            #expect(figures[0].cravingsPerDay == 0.6 && figures[2].cravingsPerDay == 0.1)
        }
        let empty = CraveyDashboard(timeZone: zone).figures(days: 7, now: now, usage: [], cravings: [])
        #expect(empty.cravings == 0 && empty.averageIntensity == nil && empty.usageFreeDays == 7)
    }

    @Test("figures: usage sessions, usage-free days, totals per method with their units, top triggers with ties in HAALT order")
    func usageFigures() throws {
        let zone = Self.tokyo
        let now = instant("2025-02-02", 20, in: zone)
        let usage = [Self.usage(instant("2025-02-02", 8, in: zone), .joints, amount: 1, triggers: [.bored, .habit]),
                     Self.usage(instant("2025-02-02", 19, in: zone), .joints, amount: 2, triggers: [.habit]),
                     Self.usage(instant("2025-01-29", 21, in: zone), .edible, amount: 15, triggers: [.anxious, .bored]),
                     Self.usage(instant("2025-01-29", 22, in: zone), .vape, amount: 1, triggers: [.tired]),
                     Self.usage(instant("2025-01-10", 22, in: zone), .edible, amount: 10)]
        let cravings = [Self.craving(instant("2025-02-01", 9, in: zone), 4, triggers: [.social, .lonely]),
                        Self.craving(instant("2025-02-01", 10, in: zone), 4, triggers: [.lonely, .social])]
        try Self.withStore(in: zone, usage: usage, cravings: cravings) { store throws in
            let figures = try CraveyDashboard.figures(in: store, now: now)
            let week = figures[0]
            #expect(week.usageSessions == 4 && week.daysWithUsage == 2 && week.usageFreeDays == 5 && week.usagePerDay == 0.6)
            #expect(week.methods.map(\.method) == [.joints, .vape, .edible], "the picker's order")
            #expect(week.methods.map(\.display) == ["3 joints", "1 pull", "15mg"] && week.methods.map(\.sessions) == [2, 1, 1])
            #expect(figures[1].methods.last?.display == "25mg" && figures[1].methods.last?.sessions == 2)
            #expect(week.topUsageTriggers.map(\.trigger) == [.bored, .habit, .anxious] && week.topUsageTriggers.map(\.count) == [2, 2, 1],
                    "Bored before Habit (HAALT order), then Anxious before Tired")
            #expect(week.topCravingTriggers.map(\.trigger) == [.lonely, .social], "ties in the picker's order, not the log's")
        }
    }

    @Test("the daily chart: one entry per day of the window, oldest first, zero-filled, today included")
    func dailyChart() {
        let zone = Self.chicago
        let now = instant("2025-02-02", 20, in: zone)
        let days = CraveyDashboard(timeZone: zone).daily(
            days: 7, now: now, usage: [Self.usage(instant("2025-02-02", 9, in: zone))],
            cravings: [Self.craving(instant("2025-01-27", 0, 5, in: zone), 3), Self.craving(instant("2025-01-27", 23, 55, in: zone), 6)])
        #expect(days.map(\.date.description) == ["2025-01-27", "2025-01-28", "2025-01-29", "2025-01-30", "2025-01-31", "2025-02-01", "2025-02-02"])
        #expect(days.map(\.cravings) == [2, 0, 0, 0, 0, 0, 0] && days[0].averageIntensity == 4.5 && days[1].averageIntensity == nil)
        #expect(days.map(\.usageSessions) == [0, 0, 0, 0, 0, 0, 1])
    }

    @Test("the report's JSON has camelCase keys and plain values and parses; its text has the table and the last 7 days")
    func reportShape() throws {
        let zone = Self.chicago
        let now = instant("2025-02-02", 14, in: zone)
        try Self.withStore(in: zone, usage: [Self.usage(instant("2025-02-01", 21, in: zone), .vape, amount: 5)],
                           cravings: [Self.craving(instant("2025-02-02", 9, in: zone), 6, triggers: [.anxious])]) { store in
            let view = try #require(CraveyReports.views.first { $0.name == "dashboard" })
            #expect(view.app == "cravey")
            let report = try view.make(store, ReportContext(now: now, timeZone: zone))
            let json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
            #expect(json["now"] as? String == "2025-02-02T20:00:00Z" && json["today"] as? String == "2025-02-02" && json["timeZone"] as? String == "America/Chicago")
            let windows = try #require(json["windows"] as? [[String: Any]])
            #expect(windows.map { $0["days"] as? Int } == [7, 30, 90])
            #expect(windows[0]["from"] as? String == "2025-01-27" && windows[0]["averageIntensity"] as? Double == 6)
            let methods = try #require(windows[0]["methods"] as? [[String: Any]])
            #expect(methods.first?["method"] as? String == "Vape" && methods.first?["display"] as? String == "5 pulls")
            #expect((json["lastSevenDays"] as? [Any])?.count == 7)
            let text = report.text
            #expect(text.hasPrefix("Cravey dashboard for 2025-02-02 (America/Chicago), as of 14:00"))
            #expect(text.contains("Vape") && text.contains("5 pulls (1)") && text.contains("Sun 2025-02-02   1 craving, average intensity 6.0; 0 usage sessions"))
        }
    }
}
