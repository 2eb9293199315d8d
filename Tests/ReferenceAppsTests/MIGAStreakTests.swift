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

    @Test("calculateStreak example: events on Day 1, 2, 3, 5 → 3 days (Day 1–3) longest; Day 5 resumes as a new 1-day current streak",
          arguments: zones)
    func dayOneTwoThreeFive(zone: TimeZone) throws {
        let events = ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-10"].map { exit($0, 9, in: zone) }
        let summary = try #require(StreakCalculator(timeZone: zone).summary(of: events.shuffled()))
        #expect(summary.longestDayCount == 3)
        #expect(summary.longest.startDate == instant("2025-01-06", 9, in: zone) && summary.longest.lastActivityDate == instant("2025-01-08", 9, in: zone))
        #expect(summary.current.currentDayCount == 1)
        #expect(summary.current.startDate == instant("2025-01-10", 9, in: zone))
        #expect(StreakCalculator(timeZone: zone).calculateStreak(from: events)?.currentDayCount == 1)
    }

    @Test("Testing Contracts example: calculateStreak(from: mock events) → streak?.currentDayCount == 3", arguments: zones)
    func testingContractsExample(zone: TimeZone) throws {
        // Mock events as a ViewModel would pass them: three consecutive days of exits, mixed with
        // other kinds, in no particular order.
        let mock = [exit("2025-01-15", 18, in: zone), exit("2025-01-13", 7, 30, in: zone), exit("2025-01-14", 12, in: zone),
                    UsageEvent(eventType: .proceedToApp, timestamp: instant("2025-01-14", 13, in: zone), targetAppName: "TikTok",
                               pauseDuration: 4, timerDuration: 20),
                    UsageEvent(eventType: .deepenPause, timestamp: instant("2025-01-15", 9, in: zone), targetAppName: "TikTok",
                               pauseDuration: 20, timerDuration: 20)]
        let calculator = StreakCalculator(timeZone: zone)
        let streak = calculator.calculateStreak(from: mock)
        #expect(streak?.currentDayCount == 3)
        #expect(streak?.startDate == instant("2025-01-13", 7, 30, in: zone) && streak?.lastActivityDate == instant("2025-01-15", 18, in: zone))
    }

    @Test("calculateStreak: nil if no exits; only exit_to_focus events count")
    func noExitNoStreak() throws {
        let zone = Self.zones[0]
        let calculator = StreakCalculator(timeZone: zone)
        let proceed = UsageEvent(eventType: .proceedToApp, timestamp: instant("2025-01-06", 9, in: zone), targetAppName: "X", pauseDuration: 5, timerDuration: 20)
        let deepen = UsageEvent(eventType: .deepenPause, timestamp: instant("2025-01-07", 9, in: zone), targetAppName: "X", pauseDuration: 5, timerDuration: 20)
        #expect(calculator.calculateStreak(from: []) == nil)
        #expect(calculator.calculateStreak(from: [proceed, deepen]) == nil)
        // A proceed between two exit days does not bridge a day without an exit.
        let events = [exit("2025-01-05", 9, in: zone), proceed, exit("2025-01-07", 9, in: zone)]
        #expect(calculator.calculateStreak(from: events)?.currentDayCount == 1)
    }

    @Test("calculateStreak logic: exits grouped by calendar day, consecutive days counted, the current run starts at its first exit")
    func groupsByCalendarDay() throws {
        let zone = Self.zones[0]
        let events = [exit("2025-02-01", 22, in: zone), exit("2025-02-01", 7, in: zone), exit("2025-02-02", 12, in: zone),
                      exit("2025-02-02", 8, in: zone), exit("2025-02-03", 6, in: zone)]
        let id = UUID()
        let streak = try #require(StreakCalculator(timeZone: zone).calculateStreak(from: events, id: id))
        #expect(streak == Streak(id: id, startDate: instant("2025-02-01", 7, in: zone), currentDayCount: 3,
                                 lastActivityDate: instant("2025-02-03", 6, in: zone)))
        try streak.validate(in: zone)
    }

    @Test("State transition 1, New Streak / first exit ever: startDate = lastActivityDate = the exit, currentDayCount = 1")
    func firstExitEver() throws {
        let zone = Self.zones[0]
        let id = UUID()
        let streak = try StreakCalculator(timeZone: zone).updateStreak(from: exit("2025-03-01", 8, in: zone), existing: nil, newID: id)
        #expect(streak == Streak(id: id, startDate: instant("2025-03-01", 8, in: zone), currentDayCount: 1, lastActivityDate: instant("2025-03-01", 8, in: zone)))
    }

    @Test("updateStreak: same calendar day keeps the count and updates lastActivityDate (multiple exits in a day)", arguments: zones)
    func sameDay(zone: TimeZone) throws {
        let calculator = StreakCalculator(timeZone: zone)
        var streak = try calculator.updateStreak(from: exit("2025-03-01", 0, 0, in: zone), existing: nil)
        for hour in [9, 15, 23] {
            streak = try calculator.updateStreak(from: exit("2025-03-01", hour, 59, in: zone), existing: streak)
        }
        #expect(streak.currentDayCount == 1)
        #expect(streak.startDate == instant("2025-03-01", 0, in: zone))
        #expect(streak.lastActivityDate == instant("2025-03-01", 23, 59, in: zone))
    }

    @Test("State transition 2, Continue Streak / updateStreak next calendar day: currentDayCount + 1, lastActivityDate = the exit", arguments: zones)
    func nextDay(zone: TimeZone) throws {
        let calculator = StreakCalculator(timeZone: zone)
        let start = try calculator.updateStreak(from: exit("2025-03-01", 23, 50, in: zone), existing: nil)
        let next = try calculator.updateStreak(from: exit("2025-03-02", 0, 5, in: zone), existing: start)
        #expect(next.currentDayCount == 2, "just after midnight is the next calendar day")
        #expect(next.id == start.id && next.startDate == start.startDate)
        #expect(next.lastActivityDate == instant("2025-03-02", 0, 5, in: zone))
    }

    @Test("State transition 3, Break Streak / updateStreak gap (1+ days): reset to day 1, startDate = the new exit, same record", arguments: zones)
    func gapResets(zone: TimeZone) throws {
        let calculator = StreakCalculator(timeZone: zone)
        var streak = try calculator.updateStreak(from: exit("2025-03-01", 8, in: zone), existing: nil)
        streak = try calculator.updateStreak(from: exit("2025-03-02", 8, in: zone), existing: streak)
        let reset = try calculator.updateStreak(from: exit("2025-03-04", 12, in: zone), existing: streak)
        #expect(reset == Streak(id: streak.id, startDate: instant("2025-03-04", 12, in: zone), currentDayCount: 1,
                                lastActivityDate: instant("2025-03-04", 12, in: zone)), "one skipped day breaks it; the record is reset in place")
    }

    @Test("Break Streak: no exit for a full calendar day breaks it; 38 hours across one midnight do not")
    func fullCalendarDayBreaks() throws {
        let zone = Self.zones[0]
        let calculator = StreakCalculator(timeZone: zone)
        let monday = try calculator.updateStreak(from: exit("2025-03-03", 8, in: zone), existing: nil)
        let tuesdayNight = try calculator.updateStreak(from: exit("2025-03-04", 22, in: zone), existing: monday)
        #expect(tuesdayNight.currentDayCount == 2, "38 hours apart, but no calendar day without an exit")
        let thursdayMorning = try calculator.updateStreak(from: exit("2025-03-06", 0, 30, in: zone), existing: tuesdayNight)
        #expect(thursdayMorning.currentDayCount == 1, "26.5 hours apart, but Wednesday had no exit")
    }

    @Test("updateStreak input must be an exit_to_focus event: other kinds are refused and change nothing")
    func onlyExits() throws {
        let zone = Self.zones[1]
        let calculator = StreakCalculator(timeZone: zone)
        let streak = try calculator.updateStreak(from: exit("2025-03-01", 8, in: zone), existing: nil)
        for kind in [UsageEvent.Kind.deepenPause, .proceedToApp] {
            let event = UsageEvent(eventType: kind, timestamp: instant("2025-03-02", 8, in: zone), targetAppName: "X", pauseDuration: 3, timerDuration: 20)
            let error = #expect(throws: AlmanacError.self) { try calculator.updateStreak(from: event, existing: streak) }
            #expect(error?.code == .ruleViolated && error?.pointer == "/eventType")
        }
    }

    @Test("Edge case, device date/time change: the events' timestamps decide, so an exit dated before lastActivityDate changes nothing")
    func deviceClockChange() throws {
        let zone = Self.zones[0]
        let calculator = StreakCalculator(timeZone: zone)
        var streak = try calculator.updateStreak(from: exit("2025-03-01", 8, in: zone), existing: nil)
        streak = try calculator.updateStreak(from: exit("2025-03-02", 8, in: zone), existing: streak)
        // The user set the clock back a week and exited: the event carries the wrong date.
        #expect(try calculator.updateStreak(from: exit("2025-02-23", 8, in: zone), existing: streak) == streak)
        // Earlier the same day: lastActivityDate stays the latest exit.
        #expect(try calculator.updateStreak(from: exit("2025-03-02", 6, in: zone), existing: streak) == streak)
    }

    @Test("an exit recorded late on the run's first day, before its first exit, moves startDate earlier; the count stays")
    func lateExitOnFirstDay() throws {
        let zone = Self.zones[1]
        let calculator = StreakCalculator(timeZone: zone)
        var streak = try calculator.updateStreak(from: exit("2025-03-01", 15, in: zone), existing: nil)
        streak = try calculator.updateStreak(from: exit("2025-03-01", 9, in: zone), existing: streak)
        #expect(streak.startDate == instant("2025-03-01", 9, in: zone) && streak.lastActivityDate == instant("2025-03-01", 15, in: zone))
        streak = try calculator.updateStreak(from: exit("2025-03-02", 10, in: zone), existing: streak)
        streak = try calculator.updateStreak(from: exit("2025-03-01", 7, in: zone), existing: streak)
        #expect(streak.startDate == instant("2025-03-01", 7, in: zone) && streak.currentDayCount == 2)
        let derived = calculator.calculateStreak(from: ["2025-03-01 15", "2025-03-01 9", "2025-03-02 10", "2025-03-01 7"].map {
            let parts = $0.split(separator: " ")
            return exit(String(parts[0]), Int(parts[1])!, in: zone)
        }, id: streak.id)
        #expect(derived == streak)
    }

    @Test("Time zone handling: day boundaries follow the device's time zone (23:30 and 00:30 are two days in New York and in Tokyo)")
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

    @Test("across the daylight-saving changes (23- and 25-hour days in New York) consecutive days still count")
    func acrossDaylightSaving() throws {
        let zone = Self.zones[0]
        // 2025-03-09 is 23 hours long in New York, 2025-11-02 is 25 hours long.
        for days in [["2025-03-08", "2025-03-09", "2025-03-10"], ["2025-11-01", "2025-11-02", "2025-11-03"]] {
            let events = days.map { exit($0, 23, 45, in: zone) }
            let summary = try #require(StreakCalculator(timeZone: zone).summary(of: events))
            #expect(summary.current.currentDayCount == 3 && summary.longestDayCount == 3, "\(days)")
            try summary.current.validate(in: zone)
        }
        // 00:30 on the 23-hour day, then 23:30 that day: one day, not two.
        let calculator = StreakCalculator(timeZone: zone)
        let early = try calculator.updateStreak(from: exit("2025-03-09", 0, 30, in: zone), existing: nil)
        #expect(try calculator.updateStreak(from: exit("2025-03-09", 23, 30, in: zone), existing: early).currentDayCount == 1)
    }

    @Test("the clock does not matter: an old history gives the same streak whenever it is computed")
    func eventTimestampsNotTheClock() throws {
        let zone = Self.zones[1]
        let events = ["2020-02-28", "2020-02-29", "2020-03-01"].map { exit($0, 7, in: zone) }
        #expect(StreakCalculator(timeZone: zone).calculateStreak(from: events)?.currentDayCount == 3, "leap day included")
    }

    @Test("the longest streak is the earliest of equally long runs and includes the current run while it is the longest")
    func longestRun() throws {
        let zone = Self.zones[0]
        let days = ["2025-01-01", "2025-01-02", "2025-01-04", "2025-01-05", "2025-01-07"]
        var summary = try #require(StreakCalculator(timeZone: zone).summary(of: days.map { exit($0, 9, in: zone) }))
        #expect(summary.longestDayCount == 2 && summary.longest.startDate == instant("2025-01-01", 9, in: zone))
        let longer = (days + ["2025-01-08", "2025-01-09"]).map { exit($0, 9, in: zone) } + [exit("2025-01-09", 21, in: zone)]
        summary = try #require(StreakCalculator(timeZone: zone).summary(of: longer))
        #expect(summary.longest == summary.current && summary.longestDayCount == 3)
        #expect(summary.longest.lastActivityDate == instant("2025-01-09", 21, in: zone))
    }

    @Test("a stored streak is active today and yesterday, broken (0) after a whole day without an exit", arguments: zones)
    func activeDayCount(zone: TimeZone) throws {
        let calculator = StreakCalculator(timeZone: zone)
        let streak = Streak(startDate: instant("2025-01-20", 9, in: zone), currentDayCount: 3, lastActivityDate: instant("2025-01-22", 23, 59, in: zone))
        #expect(calculator.activeDayCount(of: streak, today: CalendarDate("2025-01-22")!) == 3)
        #expect(calculator.activeDayCount(of: streak, today: CalendarDate("2025-01-23")!) == 3)
        #expect(calculator.activeDayCount(of: streak, today: CalendarDate("2025-01-24")!) == 0)
        #expect(calculator.activeDayCount(of: nil, today: CalendarDate("2025-01-24")!) == 0)
    }
}
