import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro reports on the sample store")
struct ElaroReportTests {
    static let now = ISO8601DateFormatter().date(from: "2025-02-02T20:00:00Z")!

    /// The sample's documents of `collection` as plain JSON objects, read from the files
    /// without the Elaro models, so that the figures below are derived independently.
    static func raw(_ collection: String) throws -> [[String: Any]] {
        let folder = repositoryRoot.appendingPathComponent("samples/elaro/store/data/\(collection)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" } ?? []
        return try files.map { try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: $0)) as? [String: Any]) }
    }

    static func instances(from first: String, to last: String) throws -> [[String: Any]] {
        try raw("action-instances").filter { ($0["date"] as! String) >= first && ($0["date"] as! String) <= last }
    }

    @Test("today on the sample (2025-02-02 21:00 Berlin): the protected ritual first, the step-up cousin, the step-down in force, today's two actions")
    func todayOnSample() throws {
        let (store, folder) = try ElaroFixture.sampleStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try ElaroTodayReport(store: store, context: ReportContext(now: Self.now, timeZone: store.timeZone))
        #expect(report.day == CalendarDate("2025-02-02") && report.mode == "scored")
        let active = try Self.raw("focus-areas").filter { $0["active"] as? Bool == true }.map { $0["id"] as! String }.sorted()
        #expect(report.activeFocusAreas == active && active == ["emotion_skills", "independence"])
        #expect(report.recommendations.count == 3 && report.targetDurationMinutes == 10)

        // The picture-card routine serves the independence ritual; its streak is the run of done days before today.
        let ritualDays = Set(try Self.raw("action-instances").filter { $0["templateId"] as? String == "A-IND-002" && $0["status"] as? String == "done" }
            .map { $0["date"] as! String })
        var streak = 0
        while ritualDays.contains(CalendarDate("2025-02-01")!.adding(days: -streak).description) { streak += 1 }
        #expect(streak == 4)
        let first = try #require(report.recommendations.first)
        #expect(first.templateId == "A-IND-002" && first.adaptations.first == "ritualProtection")
        #expect(first.reasons.first == "Ritual protection: done \(streak) days in a row, so it keeps its place and the other picks rotate around it.")

        // Name your feeling first: 3 of its last 4 attempts done, at most one hard → its cousin Feelings charades.
        let attempts = try Self.raw("action-instances").filter { $0["templateId"] as? String == "A-EMO-001" && ($0["date"] as! String) < "2025-02-02" }
            .sorted { ($0["date"] as! String) < ($1["date"] as! String) }.suffix(4)
        #expect(attempts.filter { $0["status"] as? String == "done" }.count == 3 && attempts.filter { $0["feltDifficulty"] as? String == "hard" }.count <= 1)
        let stepUp = try #require(report.recommendations.first { $0.adaptations.contains("stepUp") })
        #expect(stepUp.templateId == "A-EMO-002" && stepUp.reasons.first?.contains("“Name your feeling first, invite theirs”") == true)
        #expect(!report.recommendations.contains { $0.templateId == "A-EMO-001" })
        #expect(report.stepDowns == ["A-EMO-004 → A-EMO-001 (10 min) through 2025-02-03"])

        for item in report.recommendations {
            #expect(!item.reasons.isEmpty && item.whySummary.hasPrefix("Suggested because it "))
            #expect(item.components.map { abs($0.values.reduce(0, +) - item.score) < 0.03 } ?? false, "the parts add up to the score")
        }
        #expect(report.recommendations.map(\.score) == report.recommendations.map(\.score).sorted(by: >) || first.adaptations.contains("ritualProtection"))

        // Today's instances, and the friction index of the 7 days to yesterday, from the files.
        let today = try Self.instances(from: "2025-02-02", to: "2025-02-02")
        #expect(report.instances.count == today.count && today.count == 2)
        #expect(Set(report.instances.map(\.templateId)) == Set(today.map { $0["templateId"] as! String }))
        let window = try Self.instances(from: "2025-01-26", to: "2025-02-01")
        let friction = window.filter { $0["feltDifficulty"] as? String == "hard" || ElaroSignalCalculator.mentionsStress($0["note"] as? String) }
        #expect(report.signals.frictionIndex == ElaroReports.rounded(Double(friction.count) / Double(window.count)))

        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any]
        #expect(json?["day"] as? String == "2025-02-02" && (json?["recommendations"] as? [[String: Any]])?.first?["whySummary"] is String)
        #expect(!(String(decoding: try JSONEncoder().encode(report), as: UTF8.self)).contains("Grandma"), "notes stay out of the report")
        #expect(report.text.contains("1. Picture-card morning routine (A-IND-002), 10 min · Independence"))
    }

    @Test("week on the sample: Monday 2025-01-27 to Sunday 2025-02-02, figures from the instance files, the parent's summary")
    func weekOnSample() throws {
        let (store, folder) = try ElaroFixture.sampleStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try ElaroWeekReport(store: store, context: ReportContext(now: Self.now, timeZone: store.timeZone))
        #expect(report.weekStart == CalendarDate("2025-01-27") && report.weekEnd == CalendarDate("2025-02-02"))
        let week = try Self.instances(from: "2025-01-27", to: "2025-02-02")
        let done = week.filter { $0["status"] as? String == "done" }
        #expect(report.total == week.count && report.done == done.count)
        #expect(report.hard == week.filter { $0["feltDifficulty"] as? String == "hard" }.count)
        #expect(report.skipped == week.filter { $0["status"] as? String == "skipped" }.count)
        #expect(report.activeDays == Set(done.map { $0["date"] as! String }).count)
        #expect(report.days.count == 7 && report.days.map(\.total).reduce(0, +) == week.count)
        let summaries = try Self.raw("weekly-summaries")
        let stored = try #require(summaries.first { $0["weekStart"] as? String == "2025-01-27" })
        #expect(report.summary?.winText == stored["winText"] as? String && report.summary?.suggestedTweak == stored["suggestedTweak"] as? String)
        #expect(report.suggestedTweak == report.summary?.suggestedTweak, "the sample's stored tweak is the rule's")
        #expect(report.previousWeekTweak == summaries.first { $0["weekStart"] as? String == "2025-01-20" }?["suggestedTweak"] as? String)
        #expect(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) is [String: Any])
        #expect(report.text.hasPrefix("Elaro week: Monday 2025-01-27 – Sunday 2025-02-02"))
    }

    @Test("the sample stays consistent with the services: every stored weekly tweak is the review's, every instance a variant of its template")
    func sampleConsistent() throws {
        let (store, folder) = try ElaroFixture.sampleStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = ElaroService(store: store)
        let summaries = try store.documents(WeeklySummary.self)
        #expect(summaries.count == 13 && summaries.first?.weekStart == CalendarDate("2024-11-04"))
        for summary in summaries {
            try summary.validate()
            #expect(try service.review(of: ElaroWeek(containing: summary.weekStart)).suggestedTweak == summary.suggestedTweak, "\(summary.weekStart)")
        }
        let templates = Dictionary(uniqueKeysWithValues: try store.documents(ActionTemplate.self).map { ($0.id, $0) })
        for instance in try store.documents(ActionInstance.self) { try instance.validate(against: templates) }
        try FocusArea.validateActiveLimit(try store.documents(FocusArea.self))
        #expect(try store.documents(FocusArea.self).filter { !$0.active }.map(\.name).sorted() == [.connection, .executiveSkills])
        #expect(try store.documents(Milestone.self).count == 12 && templates.count == 17)
    }

    @Test("the sample's cold week: friction above 0.4 from 2025-01-20 to 01-25 pauses scoring from 01-23 through 01-28 with the Coping Kit")
    func sampleDampener() throws {
        let (store, folder) = try ElaroFixture.sampleStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let service = ElaroService(store: store)
        func mode(_ day: String) throws -> ElaroTodayPlan.Mode { try service.plan(at: instant(day, 19, in: ElaroFixture.berlin)).mode }
        #expect(try mode("2025-01-22") == .scored)
        for day in 23...28 { #expect(try mode("2025-01-\(day)") == .copingKit, "2025-01-\(day)") }
        #expect(try mode("2025-01-29") == .scored)
        let plan = try service.plan(at: instant("2025-01-24", 19, in: ElaroFixture.berlin))
        #expect(plan.dampener?.through == CalendarDate("2025-01-26") && plan.recommendations.count == 2)
        let report = try ElaroTodayReport(store: store, context: ReportContext(now: instant("2025-01-24", 19, in: ElaroFixture.berlin), timeZone: store.timeZone))
        #expect(report.mode == "copingKit" && report.text.contains("Friction dampener on through 2025-01-26"))
    }

    @Test("ElaroReports offers today and week for the app elaro")
    func views() {
        #expect(ElaroReports.views.map { "\($0.app) \($0.name)" } == ["elaro today", "elaro week"])
    }
}
