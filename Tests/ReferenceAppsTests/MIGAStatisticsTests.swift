import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("MIGA StatisticsAggregator")
struct MIGAStatisticsTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func event(_ kind: UsageEvent.Kind, _ day: String, _ hour: Int, _ minute: Int = 0, pause: Double, in zone: TimeZone = zone) -> UsageEvent {
        UsageEvent(eventType: kind, timestamp: instant(day, hour, minute, in: zone), targetAppName: "TikTok", pauseDuration: pause, timerDuration: 45)
    }

    @Test("calculateKPIs example: 10 events, 5 exits, 3 proceeds, 2 deepens → intentionality 0.5; 45 minutes of exits → 0.75 h, shown 0.8")
    func tenEventExample() {
        var events: [UsageEvent] = []
        for hour in 8..<13 { events.append(Self.event(.exitToFocus, "2025-01-20", hour, pause: 540)) }  // 5 × 9 min = 45 min
        for hour in 8..<11 { events.append(Self.event(.proceedToApp, "2025-01-21", hour, pause: 10)) }
        for hour in 8..<10 { events.append(Self.event(.deepenPause, "2025-01-22", hour, pause: 30)) }
        let kpis = StatisticsAggregator(timeZone: Self.zone).calculateKPIs(from: events)
        #expect(kpis.intentionalityScore == 0.5)
        #expect(kpis.totalConsciousExits == 5)
        #expect(kpis.hoursReclaimed == 0.8, "0.75 hours rounds to one decimal: 0.8")
        let expectedAverage: Double = (5 * 540 + 3 * 10 + 2 * 30) / 10
        #expect(kpis.averagePauseTime == expectedAverage, "averaged over all ten events")
    }

    @Test("Hours Reclaimed: only exit_to_focus pauses, summed, divided by 3600, rounded to 1 decimal")
    func hoursReclaimed() {
        let aggregator = StatisticsAggregator(timeZone: Self.zone)
        let exits = (0..<100).map { Self.event(.exitToFocus, "2025-01-20", 8, $0 % 60, pause: 45) }   // 4500 s = 1.25 h
        let others = (0..<50).map { Self.event($0 % 2 == 0 ? .proceedToApp : .deepenPause, "2025-01-20", 9, $0, pause: 45) }
        #expect(aggregator.calculateKPIs(from: exits + others).hoursReclaimed == 1.3, "1.25 h → 1.3; proceeds and deepens add nothing")
        #expect(aggregator.calculateKPIs(from: [Self.event(.exitToFocus, "2025-01-20", 8, pause: 170)]).hoursReclaimed == 0.0, "170 s is 0.047 h → 0.0")
        #expect(aggregator.calculateKPIs(from: [Self.event(.exitToFocus, "2025-01-20", 8, pause: 180)]).hoursReclaimed == 0.1, "180 s is 0.05 h → 0.1")
    }

    @Test("Total Conscious Exits counts exit_to_focus; Average Pause Time averages every event in seconds")
    func exitsAndAverage() {
        let events = [Self.event(.exitToFocus, "2025-01-20", 8, pause: 10), Self.event(.deepenPause, "2025-01-20", 9, pause: 20),
                      Self.event(.proceedToApp, "2025-01-20", 10, pause: 45), Self.event(.exitToFocus, "2025-01-21", 8, pause: 5)]
        let kpis = StatisticsAggregator(timeZone: Self.zone).calculateKPIs(from: events)
        #expect(kpis.totalConsciousExits == 2)
        #expect(kpis.averagePauseTime == 20)
        #expect(kpis.intentionalityScore == 0.5)
    }

    @Test("Intentionality Score: exits / total events, 0.0 to 1.0; if no events: 0.0 (and no hours, no average pause)")
    func noEvents() {
        let aggregator = StatisticsAggregator(timeZone: Self.zone)
        #expect(aggregator.calculateKPIs(from: []) == .init(hoursReclaimed: 0, totalConsciousExits: 0, averagePauseTime: 0, intentionalityScore: 0))
        #expect(aggregator.calculateKPIs(from: [Self.event(.exitToFocus, "2025-01-20", 8, pause: 3)]).intentionalityScore == 1)
        #expect(aggregator.calculateKPIs(from: [Self.event(.proceedToApp, "2025-01-20", 8, pause: 3)]).intentionalityScore == 0)
    }

    @Test("generateTrends: oldest first, days with no events as zeros, partial today included, days in the device's time zone")
    func trends() {
        let events = [
            Self.event(.exitToFocus, "2025-01-28", 9, pause: 20),
            Self.event(.proceedToApp, "2025-01-28", 23, pause: 4),
            Self.event(.exitToFocus, "2025-01-30", 0, pause: 30),   // just after midnight in Berlin: 2025-01-30
            Self.event(.exitToFocus, "2025-01-01", 9, pause: 30),   // outside the 7 days
        ]
        let trends = StatisticsAggregator(timeZone: Self.zone).generateTrends(from: events, days: 7, today: CalendarDate("2025-01-30")!)
        #expect(trends.map(\.date.description) == ["2025-01-24", "2025-01-25", "2025-01-26", "2025-01-27", "2025-01-28", "2025-01-29", "2025-01-30"])
        #expect(trends.map(\.totalAttempts) == [0, 0, 0, 0, 2, 0, 1])
        #expect(trends.map(\.consciousExits) == [0, 0, 0, 0, 1, 0, 1])
        #expect(trends[4].averagePauseTime == 12)
        #expect(trends[5] == .init(date: CalendarDate("2025-01-29")!, consciousExits: 0, totalAttempts: 0, averagePauseTime: 0))
    }

    @Test("generateTrends edge case Date changes: use event timestamps, not system clock")
    func trendsUseEventTimestamps() {
        let aggregator = StatisticsAggregator(timeZone: Self.zone)
        let today = CalendarDate("2025-01-30")!
        // Recorded out of order (a late write, a clock changed while the app ran): each event
        // counts on its own timestamp's day, whatever order or moment it arrived in.
        let late = Self.event(.exitToFocus, "2025-01-28", 22, pause: 40)
        let onTime = [Self.event(.proceedToApp, "2025-01-30", 8, pause: 6), Self.event(.exitToFocus, "2025-01-29", 9, pause: 20)]
        // Dated after today (the device clock was set back when reporting): not in any day of the range.
        let future = Self.event(.exitToFocus, "2025-01-31", 9, pause: 10)
        let trends = aggregator.generateTrends(from: onTime + [future, late], days: 3, today: today)
        #expect(trends.map(\.date.description) == ["2025-01-28", "2025-01-29", "2025-01-30"])
        #expect(trends.map(\.consciousExits) == [1, 1, 0] && trends.map(\.totalAttempts) == [1, 1, 1])
        #expect(trends.map(\.averagePauseTime) == [40, 20, 6])
        #expect(aggregator.generateTrends(from: ([late, future] + onTime).reversed(), days: 3, today: today) == trends)
        // An old history computed today gives the same days as when it was new: `today` is an input.
        let old = aggregator.generateTrends(from: [Self.event(.exitToFocus, "2019-06-01", 12, pause: 30)], days: 1, today: CalendarDate("2019-06-01")!)
        #expect(old == [.init(date: CalendarDate("2019-06-01")!, consciousExits: 1, totalAttempts: 1, averagePauseTime: 30)])
    }

    @Test("generateTrends: the number of days defaults to 30 (the last 30 days, today the last)")
    func trendsDefaultThirtyDays() {
        let trends = StatisticsAggregator(timeZone: Self.zone).generateTrends(from: [], today: CalendarDate("2025-03-01")!)
        #expect(trends.count == 30)
        #expect(trends.first?.date == CalendarDate("2025-01-31") && trends.last?.date == CalendarDate("2025-03-01"))
        #expect(StatisticsAggregator(timeZone: Self.zone).generateTrends(from: [], days: 0, today: CalendarDate("2025-03-01")!).isEmpty)
    }

    @Test("generateTrends groups by the device's calendar day: the same instants fall on different days in New York and Tokyo")
    func trendsInTwoZones() {
        let utc = TimeZone(identifier: "UTC")!
        // 2025-01-10 03:00 UTC is the 9th in New York and the 10th in Tokyo.
        let events = [Self.event(.exitToFocus, "2025-01-10", 3, pause: 10, in: utc), Self.event(.proceedToApp, "2025-01-10", 20, pause: 20, in: utc)]
        let newYork = StatisticsAggregator(timeZone: TimeZone(identifier: "America/New_York")!).generateTrends(from: events, days: 2, today: CalendarDate("2025-01-10")!)
        let tokyo = StatisticsAggregator(timeZone: TimeZone(identifier: "Asia/Tokyo")!).generateTrends(from: events, days: 2, today: CalendarDate("2025-01-11")!)
        #expect(newYork.map(\.totalAttempts) == [1, 1] && newYork.map(\.consciousExits) == [1, 0])
        #expect(tokyo.map(\.totalAttempts) == [1, 1] && tokyo.map(\.consciousExits) == [1, 0])
        #expect(tokyo.map(\.date.description) == ["2025-01-10", "2025-01-11"])
    }

    @Test("generateTrends across the daylight-saving change: the 23-hour 2025-03-30 in Berlin is one entry holding its late events")
    func trendsAcrossDaylightSaving() {
        let events = [Self.event(.exitToFocus, "2025-03-30", 0, 30, pause: 10), Self.event(.exitToFocus, "2025-03-30", 23, 50, pause: 20),
                      Self.event(.proceedToApp, "2025-03-31", 0, 10, pause: 30)]
        let trends = StatisticsAggregator(timeZone: Self.zone).generateTrends(from: events, days: 3, today: CalendarDate("2025-03-31")!)
        #expect(trends.map(\.date.description) == ["2025-03-29", "2025-03-30", "2025-03-31"])
        #expect(trends.map(\.consciousExits) == [0, 2, 0] && trends.map(\.totalAttempts) == [0, 2, 1])
        #expect(trends[1].averagePauseTime == 15)
    }
}
