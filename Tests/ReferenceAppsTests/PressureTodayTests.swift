import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Pressure derived values")
struct PressureTodayTests {
    func today(_ commitments: [Commitment], _ day: String, _ hour: Int, _ minute: Int = 0, in zone: TimeZone,
               settings: PressureSettings? = nil) -> PressureToday {
        PressureToday(settings: settings ?? PressureFixture.settings(zone), commitments: commitments, now: instant(day, hour, minute, in: zone), calendar: StoreCalendar(timeZone: zone))
    }

    @Test("is_commitment_locked: current_time >= commitment_deadline for today", arguments: PressureFixture.zones)
    func commitmentLocked(zone: TimeZone) {
        #expect(!today([], "2025-01-27", 8, 59, in: zone).isCommitmentLocked)
        #expect(today([], "2025-01-27", 9, 0, in: zone).isCommitmentLocked)
        #expect(today([], "2025-01-27", 23, 59, in: zone).isCommitmentLocked)
        #expect(!today([], "2025-01-28", 0, 0, in: zone).isCommitmentLocked, "midnight starts a new, unlocked day")
        let early = PressureFixture.settings(zone, deadline: "06:00")
        #expect(today([], "2025-01-27", 6, 0, in: zone, settings: early).isCommitmentLocked)
    }

    @Test("is_window_open: current_time >= commitment_deadline AND current_time < window_close", arguments: PressureFixture.zones)
    func windowOpen(zone: TimeZone) {
        #expect(!today([], "2025-01-27", 8, 59, in: zone).isWindowOpen)
        #expect(today([], "2025-01-27", 9, 0, in: zone).isWindowOpen)
        #expect(today([], "2025-01-27", 21, 59, in: zone).isWindowOpen)
        #expect(!today([], "2025-01-27", 22, 0, in: zone).isWindowOpen)
        #expect(today([], "2025-01-27", 22, 0, in: zone).isDayClosed)
        let late = PressureFixture.settings(zone, close: "23:59")
        #expect(today([], "2025-01-27", 23, 58, in: zone, settings: late).isWindowOpen)
        #expect(!today([], "2025-01-27", 23, 59, in: zone, settings: late).isWindowOpen)
        #expect(!today([], "2025-01-28", 0, 0, in: zone, settings: late).isWindowOpen, "the window never reaches past midnight")
    }

    @Test("can_check_in: is_window_open AND today_commitment.status == PENDING", arguments: PressureFixture.zones)
    func canCheckIn(zone: TimeZone) {
        let pending = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom", lockedAt: instant("2025-01-27", 9, in: zone))
        #expect(today([pending], "2025-01-27", 12, in: zone).canCheckIn)
        #expect(!today([pending], "2025-01-27", 8, 30, in: zone).canCheckIn, "window not open yet")
        #expect(!today([pending], "2025-01-27", 22, in: zone).canCheckIn, "window closed")
        #expect(!today([], "2025-01-27", 12, in: zone).canCheckIn, "no commitment today")
        #expect(!today([PressureFixture.settled("2025-01-27", .yes, in: zone)], "2025-01-27", 21, in: zone).canCheckIn, "already YES")
        let yesterday = Commitment(date: CalendarDate("2025-01-26")!, text: "Call Mom")
        let values = today([yesterday, pending], "2025-01-27", 12, in: zone)
        #expect(values.commitments == [pending])
        #expect(!values.canCheckIn(yesterday), "only today's commitments")
        // Several a day: can check in while one of them is PENDING.
        let both = today([PressureFixture.settled("2025-01-27", .no, in: zone), Commitment(date: CalendarDate("2025-01-27")!, text: "Gym", sortOrder: 1)],
                         "2025-01-27", 21, in: zone)
        #expect(both.canCheckIn && both.commitments.map(\.sortOrder) == [0, 1])
    }

    @Test("days_since_last_yes: count of consecutive non-YES days looking backward from today")
    func daysSinceLastYes() {
        let zone = PressureFixture.losAngeles
        func days(_ pattern: String, at hour: Int = 12) -> Int? {
            // The pattern starts on 2025-01-20; "today" is its last letter's day (or the day after when the pattern ends before it).
            let commitments = PressureFixture.days(from: "2025-01-20", pattern, in: zone)
            return today(commitments, CalendarDate("2025-01-20")!.adding(days: pattern.count - 1).description, hour, in: zone).daysSinceLastYes
        }
        #expect(days("YYP") == 0, "today still open: a YES yesterday gives 0")
        #expect(days("YNY") == 0, "a YES today gives 0")
        #expect(days("YYN") == 1, "a NO today counts once it is settled")
        #expect(days("YNMEP") == 3, "NO, MISSED and a no-commitment day; today open is left out")
        #expect(days("YNSP") == 2, "a shielded miss is still not a YES")
        #expect(days("NNMP") == nil, "never a YES")
        #expect(PressureToday.daysSinceLastYes(in: [], today: CalendarDate("2025-01-20")!) == nil)
        // Days with no record at all (the store not closed yet) are not YES days either.
        let gap = PressureFixture.days(from: "2025-01-20", "Y", in: zone)
        #expect(PressureToday.daysSinceLastYes(in: gap, today: CalendarDate("2025-01-24")!) == 3)
    }

    @Test("streak_display: current_streak (stored for performance, derivable from records)")
    func streakDisplay() {
        let zone = PressureFixture.losAngeles
        let commitments = PressureFixture.days(from: "2025-01-20", "YYNYYYP", in: zone)
        let state = EscalationEngine(calendar: StoreCalendar(timeZone: zone)).state(from: commitments, settings: PressureFixture.settings(zone), at: instant("2025-01-26", 12, in: zone))
        #expect(state.streakDisplay == 3 && state.streakDisplay == state.currentStreak)
    }

    @Test("day boundaries follow the store's zone: the same instant is another day in Los Angeles and Tokyo")
    func dayBoundaryInTwoZones() {
        let losAngeles = PressureFixture.losAngeles, tokyo = PressureFixture.tokyo
        // 2025-01-27 20:00 in Los Angeles is 2025-01-28 13:00 in Tokyo.
        let moment = instant("2025-01-27", 20, in: losAngeles)
        let commitment = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom")
        let inLA = PressureToday(settings: PressureFixture.settings(losAngeles), commitments: [commitment], now: moment, calendar: StoreCalendar(timeZone: losAngeles))
        let inTokyo = PressureToday(settings: PressureFixture.settings(tokyo), commitments: [commitment], now: moment, calendar: StoreCalendar(timeZone: tokyo))
        #expect(inLA.date == CalendarDate("2025-01-27") && inLA.canCheckIn)
        #expect(inTokyo.date == CalendarDate("2025-01-28") && !inTokyo.canCheckIn && inTokyo.commitments.isEmpty)
        for zone in PressureFixture.zones {
            #expect(today([], "2025-01-27", 23, 59, in: zone).date == CalendarDate("2025-01-27"))
            #expect(today([], "2025-01-28", 0, 0, in: zone).date == CalendarDate("2025-01-28"))
        }
    }

    @Test("across the daylight-saving change the deadline and window close stay at local 09:00 and 22:00")
    func acrossDaylightSaving() {
        let zone = PressureFixture.losAngeles
        // 2025-03-09 is 23 hours long in Los Angeles; 2025-11-02 is 25 hours long.
        let before = today([], "2025-03-08", 12, in: zone), after = today([], "2025-03-09", 12, in: zone)
        #expect(before.deadline == Date(timeIntervalSince1970: 1_741_453_200), "2025-03-08T17:00:00Z (PST)")
        #expect(after.deadline == Date(timeIntervalSince1970: 1_741_536_000), "2025-03-09T16:00:00Z (PDT)")
        #expect(after.windowClose.timeIntervalSince(after.deadline) == 13 * 3600)
        // One hour before 09:00 PDT is 09:00 of the day before in PST terms: locked yesterday, not today.
        #expect(!PressureToday(settings: PressureFixture.settings(zone), commitments: [], now: Date(timeIntervalSince1970: 1_741_536_000 - 1), calendar: StoreCalendar(timeZone: zone)).isCommitmentLocked)
        let fallBack = today([], "2025-11-02", 21, 59, in: zone)
        #expect(fallBack.isWindowOpen && fallBack.date == CalendarDate("2025-11-02"))
        #expect(fallBack.deadline == Date(timeIntervalSince1970: 1_762_102_800), "2025-11-02T17:00:00Z (PST again)")
        let lateNight = today([], "2025-03-09", 23, 30, in: zone)
        #expect(lateNight.date == CalendarDate("2025-03-09") && lateNight.isDayClosed)
    }
}
