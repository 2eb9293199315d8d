import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro signals")
struct ElaroSignalsTests {
    typealias F = ElaroFixture

    @Test("successRateByTag: done over shown (today.shown events) per tag over the 7-day rolling window ending with the day")
    func successRateByTag() {
        let shown = { (day: String, ids: [String]) in
            ElaroAnalyticsEvent(payload: .todayShown(templateIds: ids), timestamp: instant(day, 8, in: F.berlin))
        }
        let events = [
            shown("2025-01-20", ["A-EMO-001"]),               // 8 days before the 27th: outside
            shown("2025-01-21", ["A-EMO-001", "A-EMO-002"]),  // first day of the window
            shown("2025-01-24", ["A-EMO-001"]),
            shown("2025-01-25", ["A-EMO-003"]),
            shown("2025-01-27", ["A-EMO-002", "A-EMO-003"]),
            shown("2025-01-28", ["A-EMO-002"]),               // after the day: outside
        ]
        let instances = [
            F.instance("2025-01-21", "A-EMO-001", .done),
            F.instance("2025-01-25", "A-EMO-003", .done),
            F.instance("2025-01-27", "A-EMO-002", .snoozed),
            F.instance("2025-01-28", "A-EMO-002", .done),
        ]
        let rates = F.signals(instances, events: events).successRateByTag(on: CalendarDate("2025-01-27")!)
        // labeling (A-EMO-001, A-EMO-002): shown 001, 002, 001, 002 = 4, done 1 → 1/4 (instances alone would say 1/2).
        #expect(rates["labeling"] == 0.25)
        // co_regulation (A-EMO-001, A-EMO-003): shown 001, 001, 003, 003 = 4, done 2 → 1/2.
        #expect(rates["co_regulation"] == 0.5)
        #expect(rates["calming"] == 0.5)
        #expect(rates["play"] == 0)
        #expect(rates["routine"] == nil, "a tag never shown has no rate")
        // The window rolls: on the 28th the 21st drops out and the 28th comes in.
        let next = F.signals(instances, events: events).successRateByTag(on: CalendarDate("2025-01-28")!)
        #expect(next["labeling"] == 1.0 / 3 && next["play"] == 0.5)
        // Without today.shown events nothing was shown: no rates, whatever was done.
        #expect(F.signals(instances).successRateByTag(on: CalendarDate("2025-01-27")!).isEmpty)
        // An action done more often than shown (picked from the library) counts at most 1.
        let picked = instances + [F.instance("2025-01-26", "A-EMO-003", .done), F.instance("2025-01-27", "A-EMO-003", .done)]
        #expect(F.signals(picked, events: events).successRateByTag(on: CalendarDate("2025-01-27")!)["calming"] == 1)
    }

    @Test("timeOfDayHeatmap: completions over outcomes per local hour, in New York and in Tokyo")
    func heatmapInTwoZones() {
        for zone in [F.newYork, F.tokyo] {
            let events = [
                F.outcome("2025-01-20", 19, "A-EMO-003", .done, in: zone), F.outcome("2025-01-21", 19, "A-EMO-003", .done, in: zone),
                F.outcome("2025-01-22", 19, "A-EMO-001", .skipped, in: zone), F.outcome("2025-01-22", 7, "A-IND-001", .snoozed, in: zone),
                F.outcome("2025-01-23", 7, "A-IND-001", .done, in: zone), F.outcome("2025-01-23", 23, "A-EMO-001", .done, in: zone),
                ElaroAnalyticsEvent(payload: .todayPick(templateId: "A-EMO-001", variant: .five), timestamp: instant("2025-01-23", 12, in: zone)),
            ]
            let heatmap = F.signals([], events: events, zone: zone).timeOfDayHeatmap(on: CalendarDate("2025-01-23")!)
            #expect(heatmap == [19: 2.0 / 3, 7: 0.5, 23: 1], "\(zone.identifier): picks are not outcomes; hours are local")
        }
        // The same instants seen from another zone fall into other hours (and 23:10 in New York is the next day in Tokyo).
        let events = [F.outcome("2025-01-23", 23, "A-EMO-001", .done, in: F.newYork)]
        #expect(F.signals([], events: events, zone: F.tokyo).timeOfDayHeatmap(on: CalendarDate("2025-01-24")!) == [13: 1])
        #expect(F.signals([], events: events, zone: F.tokyo).timeOfDayHeatmap(on: CalendarDate("2025-01-23")!).isEmpty)
    }

    @Test("timeOfDayHeatmap across the daylight-saving change: 19:00 before and after 2025-03-30 in Berlin is the same bucket")
    func heatmapAcrossDaylightSaving() {
        let events = ["2025-03-29", "2025-03-30", "2025-03-31"].map { F.outcome($0, 19, "A-EMO-003", .done) }
        #expect(F.signals([], events: events).timeOfDayHeatmap(on: CalendarDate("2025-03-31")!) == [19: 1])
        // Read in UTC the buckets differ (18:10Z before the change, 17:10Z after).
        #expect(Set(F.signals([], events: events, zone: TimeZone(identifier: "UTC")!).timeOfDayHeatmap(on: CalendarDate("2025-03-31")!).keys) == [17, 18])
    }

    @Test("bandwidthPreference: the most-selected variant over 14 days; older picks do not count; a tie goes to the shorter")
    func bandwidthPreference() {
        let day = CalendarDate("2025-01-27")!
        var instances = [
            F.instance("2025-01-10", "A-EMO-001", minutes: .twenty), F.instance("2025-01-11", "A-EMO-001", minutes: .twenty),
            F.instance("2025-01-12", "A-EMO-001", minutes: .twenty),  // 16 days before: outside
            F.instance("2025-01-14", "A-EMO-001", minutes: .ten),     // first day of the 14
            F.instance("2025-01-20", "A-EMO-003", minutes: .ten), F.instance("2025-01-27", "A-EMO-003", minutes: .five),
        ]
        #expect(F.signals(instances).bandwidthPreference(on: day) == .ten)
        instances.append(F.instance("2025-01-26", "A-EMO-001", minutes: .five))
        #expect(F.signals(instances).bandwidthPreference(on: day) == .five, "two and two: the shorter wins")
        #expect(F.signals([]).bandwidthPreference(on: day) == nil)
    }

    @Test("noveltyTolerance (the seed is vague): done rate of new minus familiar actions over 28 days; high ≥ −0.10, med ≥ −0.30, else low; med without evidence")
    func noveltyTolerance() {
        let day = CalendarDate("2025-01-31")!
        // Familiar: A-EMO-001 done on consecutive days (each after an earlier attempt within 14 days).
        let familiar = (10...17).map { F.instance("2025-01-\($0)", "A-EMO-001", .done) }  // 1 new (the 10th) + 7 familiar, all done
        func with(_ novel: [ActionInstance]) -> NoveltyTolerance { F.signals(familiar + novel).noveltyTolerance(on: day) }
        let news = ["A-EMO-002", "A-EMO-003", "A-IND-001", "A-IND-002"]
        // New attempts: the 10th (done) plus four others.
        #expect(with(news.map { F.instance("2025-01-20", $0, .done) }) == .high, "new as done as familiar: delta 0")
        #expect(with(zip(news, [ActionInstance.Status.done, .done, .done, .skipped]).map { F.instance("2025-01-20", $0, $1) }) == .med,
                "4 of 5 new done vs all familiar: delta −0.2")
        #expect(with(zip(news, [ActionInstance.Status.done, .skipped, .skipped, .skipped]).map { F.instance("2025-01-20", $0, $1) }) == .low,
                "2 of 5 new done: delta −0.6")
        #expect(F.signals([F.instance("2025-01-20", "A-EMO-002", .skipped)]).noveltyTolerance(on: day) == .med, "too little history")
        // A template last tried more than 14 days before counts as new again.
        let signals = F.signals([F.instance("2025-01-01", "A-EMO-002"), F.instance("2025-01-16", "A-EMO-002"), F.instance("2025-01-17", "A-EMO-002")])
        #expect(signals.instances.map(signals.isNovel) == [true, true, false])
    }

    @Test("frictionIndex: share of the last 7 days' actions that felt hard or whose note names stress; 0 without actions")
    func frictionIndex() {
        let instances = [
            F.instance("2025-01-20", "A-EMO-001", .done, .hard),  // outside the window of the 27th
            F.instance("2025-01-21", "A-EMO-001", .done, .hard),
            F.instance("2025-01-22", "A-EMO-001", .done, .ok, note: "Meltdown before dinner; we tried later."),
            F.instance("2025-01-23", "A-EMO-001", .done, .hard, note: "Exhausted."),  // counts once
            F.instance("2025-01-24", "A-EMO-001", .done, .light, note: "Schöne Pause – she named 'nervous'!"),
            F.instance("2025-01-27", "A-EMO-001", .skipped, .ok),
        ]
        #expect(F.signals(instances).frictionIndex(on: CalendarDate("2025-01-27")!) == 3.0 / 5)
        #expect(F.signals(instances).frictionIndex(on: CalendarDate("2025-02-10")!) == 0)
        #expect(ElaroSignalCalculator.mentionsStress("Too RUSHED this morning") && ElaroSignalCalculator.mentionsStress("Frustrated"))
        #expect(!ElaroSignalCalculator.mentionsStress("Grandma joined in, big hit.") && !ElaroSignalCalculator.mentionsStress(nil))
    }

    @Test("signals per focus: a calculator restricted to one area sees only that area's actions")
    func perFocus() {
        let instances = [F.instance("2025-01-27", "A-EMO-001", .done, .hard), F.instance("2025-01-27", "A-IND-001", .done, .ok, minutes: .ten),
                         F.instance("2025-01-26", "A-IND-001", .done, .ok, minutes: .ten)]
        let emotion = ElaroSignalCalculator(timeZone: F.berlin, templates: F.templates, instances: instances, focus: .emotionSkills)
        let all = emotion.signals(on: CalendarDate("2025-01-27")!)
        #expect(all.frictionIndex == 1 && all.bandwidthPreference == .five && all.successRateByTag["choice_making"] == nil)
        #expect(F.signals(instances).bandwidthPreference(on: CalendarDate("2025-01-27")!) == .ten)
    }
}
