import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// The instant shown as `hour:minute` on wall clocks in `zone` on `day` (so on a 23-hour
/// daylight-saving day, 23:45 is still that day).
func instant(_ day: String, _ hour: Int, _ minute: Int = 0, in zone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let date = CalendarDate(day)!
    return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))!
}

func exit(_ day: String, _ hour: Int, _ minute: Int = 0, in zone: TimeZone, pause: Double = 20) -> UsageEvent {
    UsageEvent(eventType: .exitToFocus, timestamp: instant(day, hour, minute, in: zone), targetAppName: "Instagram", pauseDuration: pause, timerDuration: 20)
}

@Suite("MIGA StreakCalculator")
struct MIGAStreakTests {
    static let zones = [TimeZone(identifier: "America/New_York")!, TimeZone(identifier: "Asia/Tokyo")!]

    @Test("the seed's example: exits on Day 1, 2, 3 and 5 give a current streak of 1 and a longest of 3", arguments: zones)
    func dayOneTwoThreeFive(zone: TimeZone) throws {
        let events = ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-10"].map { exit($0, 9, in: zone) }
        let summary = try #require(StreakCalculator(timeZone: zone).summary(of: events.shuffled()))
        #expect(summary.longestDayCount == 3)
        #expect(summary.current.currentDayCount == 1)
        #expect(summary.current.startDate == instant("2025-01-10", 9, in: zone))
        #expect(StreakCalculator(timeZone: zone).calculateStreak(from: events)?.currentDayCount == 1)
    }

    @Test("no exit gives no streak; other kinds of events do not count")
    func noExitNoStreak() {
        let zone = Self.zones[0]
        let proceed = UsageEvent(eventType: .proceedToApp, timestamp: instant("2025-01-06", 9, in: zone), targetAppName: "X", pauseDuration: 5, timerDuration: 20)
        #expect(StreakCalculator(timeZone: zone).calculateStreak(from: [proceed]) == nil)
        #expect(StreakCalculator(timeZone: zone).updateStreak(nil, with: proceed) == nil)
    }

    @Test("updateStreak: same day keeps the count, next day adds one, a gap starts again at day 1", arguments: zones)
    func sameDayNextDayGap(zone: TimeZone) throws {
        let calculator = StreakCalculator(timeZone: zone)
        var streak = try #require(calculator.updateStreak(nil, with: exit("2025-03-01", 8, in: zone)))
        #expect(streak.currentDayCount == 1)
        streak = try #require(calculator.updateStreak(streak, with: exit("2025-03-01", 22, in: zone)))
        #expect(streak.currentDayCount == 1 && streak.lastActivityDate == instant("2025-03-01", 22, in: zone), "same day: only lastActivityDate moves")
        streak = try #require(calculator.updateStreak(streak, with: exit("2025-03-02", 0, 5, in: zone)))
        #expect(streak.currentDayCount == 2, "just after midnight is the next calendar day")
        streak = try #require(calculator.updateStreak(streak, with: exit("2025-03-05", 12, in: zone)))
        #expect(streak.currentDayCount == 1 && streak.startDate == instant("2025-03-05", 12, in: zone), "a gap resets to day 1")
    }

    @Test("day boundaries follow the time zone: 23:30 and 00:30 local are two days in New York and in Tokyo")
    func dayBoundaryInTwoZones() throws {
        for zone in Self.zones {
            let events = [exit("2025-05-10", 23, 30, in: zone), exit("2025-05-11", 0, 30, in: zone)]
            #expect(StreakCalculator(timeZone: zone).calculateStreak(from: events)?.currentDayCount == 2, "\(zone.identifier)")
        }
        // The same two instants seen from UTC+9 fall on one day when they were made in New York.
        let newYork = Self.zones[0]
        let events = [exit("2025-05-10", 23, 30, in: newYork), exit("2025-05-11", 0, 30, in: newYork)]
        let tokyoDays = Set(events.map { CalendarDate($0.timestamp, in: Self.zones[1]) })
        #expect(tokyoDays.count == 1)
        #expect(StreakCalculator(timeZone: Self.zones[1]).calculateStreak(from: events)?.currentDayCount == 1)
    }

    @Test("across the daylight-saving change (a 23-hour day in New York) consecutive days still count")
    func acrossDaylightSaving() throws {
        let zone = Self.zones[0]
        // 2025-03-09 is 23 hours long in New York.
        let events = ["2025-03-08", "2025-03-09", "2025-03-10"].map { exit($0, 23, 45, in: zone) }
        let summary = try #require(StreakCalculator(timeZone: zone).summary(of: events))
        #expect(summary.current.currentDayCount == 3 && summary.longestDayCount == 3)
    }

    @Test("the clock does not matter: an old history gives the same streak whenever it is computed")
    func eventTimestampsNotTheClock() throws {
        let zone = Self.zones[1]
        let events = ["2020-02-28", "2020-02-29", "2020-03-01"].map { exit($0, 7, in: zone) }
        #expect(StreakCalculator(timeZone: zone).calculateStreak(from: events)?.currentDayCount == 3, "leap day included")
    }
}

@Suite("MIGA StatisticsAggregator")
struct MIGAStatisticsTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func event(_ kind: UsageEvent.Kind, _ day: String, _ hour: Int, pause: Double) -> UsageEvent {
        UsageEvent(eventType: kind, timestamp: instant(day, hour, in: zone), targetAppName: "TikTok", pauseDuration: pause, timerDuration: 45)
    }

    @Test("the seed's 10-event example: 5 exits, 3 proceeds, 2 deepens → intentionality 0.5, 45 minutes → 0.8 hours")
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

    @Test("no events: intentionality 0, no hours, no average pause")
    func noEvents() {
        #expect(StatisticsAggregator(timeZone: Self.zone).calculateKPIs(from: []) ==
                .init(hoursReclaimed: 0, totalConsciousExits: 0, averagePauseTime: 0, intentionalityScore: 0))
    }

    @Test("trends: oldest first, zero-filled, today included, days in the device's time zone")
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
}
