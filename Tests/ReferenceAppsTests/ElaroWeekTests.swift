import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro Monday-based weeks")
struct ElaroWeekTests {
    typealias F = ElaroFixture

    @Test("a week is Monday through Sunday: every day of 2025-01-27 … 2025-02-02 belongs to the week starting Monday 2025-01-27")
    func mondayThroughSunday() {
        let week = ElaroWeek(containing: CalendarDate("2025-02-02")!)
        #expect(week.start == CalendarDate("2025-01-27") && week.end == CalendarDate("2025-02-02"))
        #expect(week.days.map { ElaroWeek(containing: $0) } == Array(repeating: week, count: 7))
        #expect(ElaroWeek(containing: CalendarDate("2025-02-03")!).start == CalendarDate("2025-02-03"))
        #expect(ElaroWeek(containing: CalendarDate("2025-01-26")!).start == CalendarDate("2025-01-20"))
        #expect(week.previous.start == CalendarDate("2025-01-20"))
        #expect(ElaroWeek(containing: CalendarDate("1970-01-01")!).start == CalendarDate("1969-12-29"), "before and after the epoch")
        #expect(ElaroWeek(containing: CalendarDate("2024-12-31")!).start == CalendarDate("2024-12-30"), "across a year end")
    }

    @Test("the week of an instant follows the time zone: Sunday 23:30 in New York is Monday afternoon in Tokyo")
    func weekInTwoZones() {
        let now = instant("2025-02-02", 23, 30, in: F.newYork)
        #expect(ElaroWeek(containing: now, in: F.newYork).start == CalendarDate("2025-01-27"))
        #expect(ElaroWeek(containing: now, in: F.tokyo).start == CalendarDate("2025-02-03"))
        let mondayMorning = instant("2025-02-03", 0, 30, in: F.tokyo)
        #expect(ElaroWeek(containing: mondayMorning, in: F.tokyo).start == CalendarDate("2025-02-03"))
        #expect(ElaroWeek(containing: mondayMorning, in: F.newYork).start == CalendarDate("2025-01-27"), "still Sunday in New York")
    }

    @Test("across a daylight-saving change: the 23-hour Sunday ends its week at local midnight, in Berlin and in New York")
    func weekAcrossDaylightSaving() {
        // 2025-03-30 is 23 hours long in Berlin; 2025-03-09 in New York. Both are Sundays.
        for (zone, sunday, monday, start) in [(F.berlin, "2025-03-30", "2025-03-31", "2025-03-24"), (F.newYork, "2025-03-09", "2025-03-10", "2025-03-03")] {
            #expect(ElaroWeek(containing: instant(sunday, 23, 45, in: zone), in: zone).start == CalendarDate(start), "\(zone.identifier)")
            #expect(ElaroWeek(containing: instant(monday, 0, 15, in: zone), in: zone).start == CalendarDate(monday), "\(zone.identifier)")
            // A week with the change is 167 hours long, and still seven days.
            let week = ElaroWeek(containing: CalendarDate(start)!)
            let hours = week.end.adding(days: 1).startDate(in: zone).timeIntervalSince(week.start.startDate(in: zone)) / 3600
            #expect(hours == 167 && week.days.count == 7)
        }
    }

    @Test("weekly summary figures: done, snoozed, skipped, hard, active days, per area, most done")
    func reviewFigures() throws {
        let instances = [
            F.instance("2025-01-26", "A-EMO-001", .done),  // the Sunday before: not this week
            F.instance("2025-01-27", "A-EMO-001", .done), F.instance("2025-01-27", "A-IND-002", .done, .hard),
            F.instance("2025-01-29", "A-EMO-001", .done, .light), F.instance("2025-01-30", "A-EMO-003", .snoozed),
            F.instance("2025-02-01", "A-IND-001", .skipped, .hard), F.instance("2025-02-02", "A-IND-002", .done),
            F.instance("2025-02-03", "A-IND-002", .done),  // the next Monday
        ]
        let review = ElaroWeeklyReview(week: ElaroWeek(containing: CalendarDate("2025-01-29")!), instances: instances, templates: F.templates)
        #expect((review.total, review.done, review.snoozed, review.skipped, review.hard, review.activeDays) == (6, 4, 1, 1, 2, 3))
        #expect(review.byArea[.emotionSkills]! == (2, 3) && review.byArea[.independence]! == (2, 3))
        #expect(review.mostDone?.templateId == "A-EMO-001" && review.mostDone?.count == 2, "a tie of two goes to the lower id")
        #expect(review.suggestedWinText == "4 of 6 actions done on 3 days; “Name your feeling first, invite theirs” 2 times.")
        #expect(review.suggestedHardText == "2 felt hard, 1 skipped, 1 snoozed.")
        let summary = review.suggestedSummary()
        #expect(summary.weekStart == CalendarDate("2025-01-27") && summary.suggestedTweak == .keep)
        try summary.validate()
    }

    @Test("suggested tweak: scale_down with 3 hard or under half done, scale_up from 80 % done, keep otherwise and for an empty week")
    func suggestedTweak() {
        let week = ElaroWeek(containing: CalendarDate("2025-01-27")!)
        func tweak(_ outcomes: [(ActionInstance.Status, ActionInstance.FeltDifficulty)]) -> WeeklySummary.Tweak {
            ElaroWeeklyReview(week: week, instances: outcomes.map { F.instance("2025-01-28", "A-EMO-001", $0, $1) }, templates: F.templates).suggestedTweak
        }
        #expect(tweak([(.done, .hard), (.done, .hard), (.done, .hard), (.done, .ok), (.done, .ok)]) == .scaleDown, "3 hard")
        #expect(tweak([(.done, .ok), (.skipped, .ok), (.snoozed, .ok)]) == .scaleDown, "1 of 3 done")
        #expect(tweak([(.done, .ok), (.done, .ok), (.done, .hard), (.done, .ok), (.skipped, .ok)]) == .scaleUp, "4 of 5 is 80%")
        #expect(tweak([(.done, .ok), (.done, .ok), (.skipped, .ok)]) == .keep, "2 of 3")
        #expect(tweak([(.done, .ok), (.skipped, .ok)]) == .keep, "exactly half is not under half")
        #expect(tweak([]) == .keep)
    }

    /// A service over `store` with one focus area, template A-EMO-001 and an instance of it on each of `days`.
    private func service(_ store: Store, instancesOn days: [String]) throws -> ElaroService {
        let service = ElaroService(store: store)
        try service.save(F.areas[0])
        try store.save(F.template("A-EMO-001"))
        for day in days { try service.save(F.instance(day, "A-EMO-001")) }
        return service
    }

    @Test("the store-backed review reads Monday..Sunday with a range query and finds the week's stored summary")
    func storeBackedReview() throws {
        try SchemaConformance(app: "elaro", timeZone: F.newYork).withStore { store in
            let service = try service(store, instancesOn: ["2025-01-26", "2025-01-27", "2025-02-02", "2025-02-03"])
            let week = ElaroWeek(containing: CalendarDate("2025-01-30")!)
            #expect(try service.review(of: week).total == 2)
            #expect(try service.summary(of: week) == nil)
            let summary = try service.review(of: week).suggestedSummary()
            try service.save(summary)
            #expect(try service.summary(of: week) == summary)
            #expect(try service.summary(of: week.previous) == nil)
        }
    }

    @Test("closing a week saves its summary from the week it read and the parent's week.choice together; a refused edit saves neither")
    func closeWeekIsOneTransaction() throws {
        try SchemaConformance(app: "elaro", timeZone: F.newYork).withStore { store in
            let service = try service(store, instancesOn: ["2025-01-27", "2025-01-28"])
            let week = ElaroWeek(containing: CalendarDate("2025-01-30")!)
            let now = Date(timeIntervalSince1970: 1_738_540_800)  // 2025-02-03T00:00:00Z

            // An edit that breaks week-starts-monday: neither the summary nor the event is saved.
            #expect(throws: AlmanacError.self) {
                try service.closeWeek(week, at: now) { $0.weekStart = CalendarDate("2025-01-29")! }
            }
            #expect(try service.summary(of: week) == nil)
            #expect(try store.documents(ElaroAnalyticsEvent.self).isEmpty)

            let expected = try service.review(of: week).suggestedSummary()
            let summary = try service.closeWeek(week, at: now) { $0.suggestedTweak = .scaleDown }
            #expect(summary.winText == expected.winText && summary.hardText == expected.hardText)
            #expect(try service.summary(of: week) == summary)
            let events = try store.documents(ElaroAnalyticsEvent.self)
            #expect(events.map(\.payload) == [.weekChoice(decision: .scaleDown)])

            // Closing it again edits the stored summary (same id), and queues the new choice.
            let again = try service.closeWeek(week, at: now) { $0.suggestedTweak = .keep }
            #expect(again.id == summary.id)
            #expect(try store.documents(WeeklySummary.self).count == 1)
            #expect(try store.documents(ElaroAnalyticsEvent.self).count == 2)
        }
    }

    @Test("the week report follows the report's time zone: the same instant is last week in New York and a new week in Tokyo")
    func weekReportInTwoZones() throws {
        try SchemaConformance(app: "elaro", timeZone: F.newYork).withStore { store in
            try store.save(F.areas[0])
            try store.save(F.template("A-EMO-001"))
            try store.save(contentsOf: [F.instance("2025-02-02", "A-EMO-001"), F.instance("2025-02-03", "A-EMO-001", .skipped)])
            let now = instant("2025-02-02", 23, 30, in: F.newYork)
            let newYork = try ElaroWeekReport(store: store, context: ReportContext(now: now, timeZone: F.newYork))
            #expect(newYork.weekStart == CalendarDate("2025-01-27") && newYork.done == 1 && newYork.total == 1)
            let tokyo = try ElaroWeekReport(store: store, context: ReportContext(now: now, timeZone: F.tokyo))
            #expect(tokyo.weekStart == CalendarDate("2025-02-03") && tokyo.total == 1 && tokyo.skipped == 1 && tokyo.days.count == 1)
            #expect(tokyo.text.contains("No summary written yet"))
        }
    }
}
