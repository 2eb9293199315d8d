import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Pressure escalation engine")
struct PressureEscalationTests {
    let zone = PressureFixture.losAngeles

    /// The state after `pattern` (see ``PressureFixture/days(from:_:in:)``) starting 2025-01-06.
    func state(_ pattern: String) -> EscalationState {
        EscalationEngine(calendar: StoreCalendar(timeZone: zone)).history(of: PressureFixture.days(from: "2025-01-06", pattern, in: zone)).last?.after ?? EscalationState()
    }

    func apply(_ outcome: PressureDayOutcome, to state: EscalationState) -> EscalationState {
        EscalationEngine.applying(outcome, to: state)
    }

    @Test("a miss raises the tier by one: 0 → 1 → 2 → 3, and 3 stays 3")
    func missRaisesTier() {
        var state = EscalationState()
        for expected in [1, 2, 3, 3, 3] {
            state = apply(.miss, to: state)
            #expect(state.currentTier == expected)
        }
        #expect(state.consecutiveMisses == 5)
    }

    @Test("consecutive_misses: resets to 0 on any YES")
    func missesResetOnYes() {
        let state = apply(.success, to: EscalationState(currentTier: 2, consecutiveMisses: 2, longestStreak: 4))
        #expect(state.consecutiveMisses == 0)
        #expect(state.consecutiveSuccesses == 1 && state.currentStreak == 1 && state.longestStreak == 4)
    }

    @Test("consecutive_successes: resets to 0 on any NO/MISS, shielded or not")
    func successesResetOnMiss() {
        let before = EscalationState(consecutiveSuccesses: 3, currentStreak: 3, longestStreak: 3)
        #expect(apply(.miss, to: before).consecutiveSuccesses == 0)
        #expect(apply(.shieldedMiss, to: before).consecutiveSuccesses == 0)
        #expect(state("YYYN").consecutiveSuccesses == 0 && state("YYYM").consecutiveSuccesses == 0 && state("YYYE").consecutiveSuccesses == 0)
    }

    @Test("every second YES in a row lowers the tier by one; one good day does not undo a bad run")
    func yesStepsTierDown() {
        var state = EscalationState(currentTier: 3, consecutiveMisses: 3)
        var tiers: [Int] = []
        for _ in 0..<7 {
            state = apply(.success, to: state)
            tiers.append(state.currentTier)
        }
        #expect(tiers == [3, 2, 2, 1, 1, 0, 0], "3 → 0 takes six YES days; 0 stays 0")
        #expect(state.consecutiveSuccesses == 7)
    }

    @Test("a miss between YES days restarts the count towards the next step down")
    func missRestartsStepDown() {
        #expect(state("NNNY").currentTier == 3)
        #expect(state("NNNYY").currentTier == 2)
        #expect(state("NNNYYNY").currentTier == 3, "the miss raised 2 → 3, one YES is not enough")
        #expect(state("NNNYYNYY").currentTier == 2)
    }

    @Test("current_streak: consecutive YES days; longest_streak: the all-time high")
    func streaks() {
        let a = state("YYYNYY")
        #expect(a.currentStreak == 2 && a.longestStreak == 3)
        let b = state("YYNYYYYM")
        #expect(b.currentStreak == 0 && b.longestStreak == 4)
        #expect(state("").currentStreak == 0 && state("").longestStreak == 0)
    }

    @Test("Restart Shield: a shielded miss keeps the streak (neither broken nor extended) but still counts as a miss for the tier")
    func shieldedMiss() {
        let state = self.state("YYYSY")
        #expect(state.currentStreak == 4 && state.longestStreak == 4)
        #expect(state.consecutiveSuccesses == 1 && state.consecutiveMisses == 0)
        #expect(state.currentTier == 1, "the shielded miss raised 0 → 1; one YES since")
        let shielded = self.apply(.shieldedMiss, to: EscalationState(currentTier: 1, consecutiveSuccesses: 2, currentStreak: 5, longestStreak: 5))
        #expect(shielded == EscalationState(currentTier: 2, consecutiveMisses: 1, consecutiveSuccesses: 0, currentStreak: 5, longestStreak: 5))
    }

    @Test("No-commitment days count identically to a missed check-in for escalation purposes")
    func noCommitmentDayIsAMiss() {
        #expect(state("YYE") == state("YYM"))
        #expect(state("YYE") == state("YYN"))
        #expect(PressureDayOutcome(PressureFixture.days(from: "2025-01-06", "E", in: zone)) == .miss)
    }

    @Test("several commitments a day: the worst outcome decides (seed: worst-case tier across all commitments)")
    func worstCaseOfTheDay() {
        let yes = PressureFixture.settled("2025-01-06", .yes, in: zone)
        let no = PressureFixture.settled("2025-01-06", .no, in: zone, sortOrder: 1)
        let shielded = PressureFixture.settled("2025-01-06", .missed, in: zone, shield: true, sortOrder: 2)
        let pending = Commitment(date: CalendarDate("2025-01-06")!, text: "Call Mom", sortOrder: 3)
        #expect(PressureDayOutcome([yes]) == .success)
        #expect(PressureDayOutcome([yes, no]) == .miss)
        #expect(PressureDayOutcome([yes, shielded]) == .shieldedMiss)
        #expect(PressureDayOutcome([no, shielded]) == .miss)
        #expect(PressureDayOutcome([yes, pending]) == nil, "unsettled while one is PENDING")
        #expect(PressureDayOutcome([]) == nil)
    }

    @Test("the replay skips unsettled days and counts days without records between recorded days as misses")
    func historyGapsAndOpenDays() {
        let engine = EscalationEngine(calendar: StoreCalendar(timeZone: zone))
        let commitments = PressureFixture.days(from: "2025-01-06", "YY", in: zone) + PressureFixture.days(from: "2025-01-11", "YP", in: zone)
        let history = engine.history(of: commitments)
        #expect(history.map(\.date.description) == ["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10", "2025-01-11"])
        #expect(history.map(\.outcome) == [.success, .success, .miss, .miss, .miss, .success])
        #expect(history.map(\.tierBefore) == [0, 0, 0, 1, 2, 3])
        #expect(engine.tier(on: CalendarDate("2025-01-12")!, history: history) == 3, "the tier in force on the open day")
        #expect(engine.tier(on: CalendarDate("2025-01-06")!, history: history) == 0)
    }

    @Test("days after the last settled day are not counted: an open day far ahead adds no misses")
    func noMissesAfterTheLastSettledDay() {
        let commitments = PressureFixture.days(from: "2025-01-06", "YY", in: zone) + PressureFixture.days(from: "2025-01-20", "P", in: zone)
        let history = EscalationEngine(calendar: StoreCalendar(timeZone: zone)).history(of: commitments)
        #expect(history.count == 2 && history.last?.after.currentStreak == 2)
    }

    @Test("escalation_tier_snap: the tier in force on the day, before the day's own outcome")
    func tierSnapshots() {
        let history = EscalationEngine(calendar: StoreCalendar(timeZone: zone)).history(of: PressureFixture.days(from: "2025-01-06", "NNYY", in: zone))
        #expect(history.map(\.tierBefore) == [0, 1, 2, 2])
        #expect(history.last?.after.currentTier == 1)
    }

    @Test("Escalation state can be computed from commitment history: replay equals applying day by day, whatever the order of the records")
    func derivableFromHistory() {
        let pattern = "YYNMYYYYSYENNNYYYYYYY"
        var state = EscalationState()
        for letter in pattern {
            state = apply(letter == "Y" ? .success : letter == "S" ? .shieldedMiss : .miss, to: state)
        }
        let commitments = PressureFixture.days(from: "2024-12-20", pattern, in: zone)
        let settings = PressureFixture.settings(zone)
        let derived = EscalationEngine(calendar: StoreCalendar(timeZone: zone)).state(from: commitments.shuffled(), settings: settings, at: instant("2025-01-10", 12, in: zone))
        #expect(derived == state)
        #expect(state.currentTier == 0 && state.currentStreak == 7 && state.longestStreak == 7)
        #expect(throws: Never.self) { try derived.validate() }
    }

    // MARK: - Shields

    @Test("restart_shields_remaining: 1 for paid users, replenished monthly; shield_reset_date the first of next month", arguments: PressureFixture.zones)
    func shieldsForPaidUsers(zone: TimeZone) throws {
        let engine = EscalationEngine(calendar: StoreCalendar(timeZone: zone))
        let paid = PressureFixture.settings(zone, tier: .paid)
        var commitments = PressureFixture.days(from: "2025-01-27", "YYSYY", in: zone)  // the shield is spent on Jan 29
        var state = engine.state(from: commitments, settings: paid, at: instant("2025-01-31", 23, 59, in: zone))
        #expect(state.restartShieldsRemaining == 0)
        #expect(state.shieldResetDate == instant("2025-02-01", 0, in: zone))
        try state.validate(against: paid, in: StoreCalendar(timeZone: zone), at: instant("2025-01-31", 23, 59, in: zone))
        // Midnight on the 1st, local: replenished, and the next reset is March 1st.
        commitments += PressureFixture.days(from: "2025-02-01", "P", in: zone)
        state = engine.state(from: commitments, settings: paid, at: instant("2025-02-01", 0, in: zone))
        #expect(state.restartShieldsRemaining == 1)
        #expect(state.shieldResetDate == instant("2025-03-01", 0, in: zone))
        #expect(state.currentStreak == 4, "the shielded day kept the streak")
    }

    @Test("the shield reset after December is January 1st of the next year")
    func shieldResetAcrossTheYear() {
        let state = EscalationEngine(calendar: StoreCalendar(timeZone: zone)).state(from: [], settings: PressureFixture.settings(zone, tier: .paid), at: instant("2024-12-15", 12, in: zone))
        #expect(state.shieldResetDate == instant("2025-01-01", 0, in: zone))
        #expect(state.restartShieldsRemaining == 1)
    }

    @Test("free and expired users hold no shield and have no reset date")
    func noShieldsWithoutPaying() {
        let engine = EscalationEngine(calendar: StoreCalendar(timeZone: zone))
        let now = instant("2025-01-15", 12, in: zone)
        let free = engine.state(from: [], settings: PressureFixture.settings(zone), at: now)
        #expect(free.restartShieldsRemaining == 0 && free.shieldResetDate == nil)
        var expired = PressureFixture.settings(zone, tier: .paid)
        expired.subscriptionExpiry = instant("2025-01-10", 0, in: zone)
        let lapsed = engine.state(from: [], settings: expired, at: now)
        #expect(lapsed.restartShieldsRemaining == 0 && lapsed.shieldResetDate == nil)
    }
}
