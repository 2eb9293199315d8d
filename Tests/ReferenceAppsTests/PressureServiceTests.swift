import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Pressure service")
struct PressureServiceTests {
    @Test("create today's commitment before the deadline: PENDING, trimmed, first of its day", arguments: PressureFixture.zones)
    func createCommitment(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "  Run 5k before work \n", at: instant("2025-01-27", 7, in: zone))
            #expect(commitment.date == CalendarDate("2025-01-27") && commitment.status == .pending && commitment.text == "Run 5k before work")
            #expect(commitment.sortOrder == 0 && commitment.lockedAt == nil && !commitment.shieldUsed)
            #expect(try store.document(Commitment.self, id: commitment.id) == commitment)
            expectRule("/text") { try service.createCommitment(text: "   ", at: instant("2025-01-27", 7, in: zone)) }
            expectRule("/text") { try service.createCommitment(text: String(repeating: "x", count: 281), at: instant("2025-01-27", 7, in: zone)) }
        }
    }

    @Test("commitments lock at the deadline: none can be made after it, and the text cannot change")
    func lockedAtDeadline() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "Call Mom", at: instant("2025-01-27", 8, in: zone))
            try service.editCommitment(id: commitment.id, text: "Call Mom and Dad", at: instant("2025-01-27", 8, 59, in: zone))
            expectRule("/locked_at") { try service.createCommitment(text: "Gym", at: instant("2025-01-27", 9, in: zone)) }
            expectRule("/text") { try service.editCommitment(id: commitment.id, text: "Nothing", at: instant("2025-01-27", 9, in: zone)) }
            let locked = try #require(try store.document(Commitment.self, id: commitment.id))
            #expect(locked.text == "Call Mom and Dad" && locked.lockedAt == instant("2025-01-27", 9, in: zone) && locked.status == .pending)
        }
    }

    @Test("MVP → Multiple Commitments: schema 2 allows several a day, each with the next sort_order")
    func severalCommitmentsADay() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            let first = try service.createCommitment(text: "Run 5k", at: instant("2025-01-27", 7, in: zone))
            let second = try service.createCommitment(text: "Call Mom", at: instant("2025-01-27", 7, 30, in: zone))
            #expect(first.sortOrder == 0 && second.sortOrder == 1)
            try service.checkIn(id: first.id, answer: .yes, at: instant("2025-01-27", 19, in: zone))
            #expect(try store.singleton(EscalationState.self)?.currentStreak == 0, "the day counts once every commitment is checked in")
            try service.checkIn(id: second.id, answer: .no, at: instant("2025-01-27", 20, in: zone))
            let state = try #require(try store.singleton(EscalationState.self))
            #expect(state.currentTier == 1 && state.consecutiveMisses == 1 && state.currentStreak == 0, "the worst outcome decides: a miss")
        }
    }

    @Test("PENDING → YES: the user taps YES before window close; checked_in_at and the tier snapshot are recorded", arguments: PressureFixture.zones)
    func checkInYes(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-24", "NN", in: zone))  // tier 2 in force
            try service.closeDays(at: instant("2025-01-26", 23, in: zone))                       // 2025-01-26: no commitment
            let commitment = try service.createCommitment(text: "Inbox zero by noon", at: instant("2025-01-27", 6, in: zone))
            let checked = try service.checkIn(id: commitment.id, answer: .yes, at: instant("2025-01-27", 21, 59, in: zone))
            #expect(checked.status == .yes && checked.checkedInAt == instant("2025-01-27", 21, 59, in: zone))
            #expect(checked.lockedAt == instant("2025-01-27", 9, in: zone))
            #expect(checked.escalationTierSnap == 3, "NO, NO, no-commitment day: tier 3 in force")
            let state = try #require(try store.singleton(EscalationState.self))
            #expect(state.currentTier == 3 && state.consecutiveSuccesses == 1 && state.currentStreak == 1 && state.consecutiveMisses == 0)
            try checked.validate(against: try service.settings(), in: StoreCalendar(timeZone: zone))
        }
    }

    @Test("PENDING → NO: the user taps NO before window close")
    func checkInNo() throws {
        let zone = PressureFixture.tokyo
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "No sugar today", at: instant("2025-01-27", 8, in: zone))
            let checked = try service.checkIn(id: commitment.id, answer: .no, at: instant("2025-01-27", 9, in: zone))
            #expect(checked.status == .no && checked.checkedInAt == instant("2025-01-27", 9, in: zone))
            #expect(try store.singleton(EscalationState.self)?.currentTier == 1)
        }
    }

    @Test("check-ins are refused outside the window, twice, or for another day: the status is irreversible")
    func checkInRefusals() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "Gym: legs day", at: instant("2025-01-27", 8, in: zone))
            expectRule("/checked_in_at") { try service.checkIn(id: commitment.id, answer: .yes, at: instant("2025-01-27", 8, 59, in: zone)) }
            try service.checkIn(id: commitment.id, answer: .yes, at: instant("2025-01-27", 12, in: zone))
            expectRule("/status") { try service.checkIn(id: commitment.id, answer: .no, at: instant("2025-01-27", 13, in: zone)) }
            let late = try service.createCommitment(text: "Read 30 pages", at: instant("2025-01-28", 8, in: zone))
            expectRule("/status") { try service.checkIn(id: late.id, answer: .yes, at: instant("2025-01-28", 22, in: zone)) }
            #expect(try store.document(Commitment.self, id: late.id)?.status == .missed, "the window closed first")
            // A past day's commitment is MISSED by the day close; a future one (made outside the service) is not today's.
            let yesterday = try service.createCommitment(text: "Stretch", at: instant("2025-01-29", 8, in: zone))
            expectRule("/status") { try service.checkIn(id: yesterday.id, answer: .yes, at: instant("2025-01-30", 12, in: zone)) }
            let tomorrow = Commitment(date: CalendarDate("2025-01-31")!, text: "Prep lunches")
            try PressureFixture.save([tomorrow], in: store, at: instant("2025-01-30", 12, in: zone))
            expectRule("/checked_in_at") { try service.checkIn(id: tomorrow.id, answer: .yes, at: instant("2025-01-30", 12, in: zone)) }
            #expect(throws: AlmanacError.self) { try service.checkIn(id: UUID(), answer: .yes, at: instant("2025-01-30", 12, in: zone)) }
        }
    }

    @Test("PENDING → MISSED: the window closes with no action; day close at window close", arguments: PressureFixture.zones)
    func windowClosesMissed(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "Fix the bike", at: instant("2025-01-27", 8, in: zone))
            #expect(try service.closeDays(at: instant("2025-01-27", 21, 59, in: zone)).changed.map(\.status) == [.pending], "locked only")
            #expect(try store.document(Commitment.self, id: commitment.id)?.status == .pending)
            let result = try service.closeDays(at: instant("2025-01-27", 22, in: zone))
            #expect(result.changed.map(\.id) == [commitment.id])
            let missed = try #require(try store.document(Commitment.self, id: commitment.id))
            #expect(missed.status == .missed && missed.checkedInAt == nil && missed.lockedAt == instant("2025-01-27", 9, in: zone) && missed.text == "Fix the bike")
            #expect(result.state.currentTier == 1 && result.state.consecutiveMisses == 1)
        }
    }

    @Test("No-Commitment Days: at the deadline a record is created with text \"\", status MISSED, locked_at the deadline", arguments: PressureFixture.zones)
    func noCommitmentDay(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, service in
            try store.save(PressureFixture.settled("2025-01-26", .yes, in: zone))
            #expect(try service.closeDays(at: instant("2025-01-27", 8, 59, in: zone)).changed.isEmpty)
            let result = try service.closeDays(at: instant("2025-01-27", 9, in: zone))
            let record = try #require(result.changed.first)
            #expect(result.changed.count == 1)
            #expect(record.date == CalendarDate("2025-01-27") && record.text == "" && record.status == .missed)
            #expect(record.lockedAt == instant("2025-01-27", 9, in: zone) && record.checkedInAt == nil && record.escalationTierSnap == 0)
            #expect(try store.document(Commitment.self, id: record.id) == record)
            #expect(result.state.currentStreak == 0 && result.state.consecutiveMisses == 1 && result.state.longestStreak == 1)
        }
    }

    @Test("a new user is not charged for days before their first commitment")
    func historyStartsWithFirstCommitment() throws {
        try PressureFixture.withStore(PressureFixture.losAngeles) { store, service in
            let result = try service.closeDays(at: instant("2025-01-27", 23, in: PressureFixture.losAngeles))
            #expect(result.changed.isEmpty && result.state == EscalationState())
            #expect(try store.documents(Commitment.self).isEmpty)
        }
    }

    @Test("closing the day is idempotent, and after a gap of several days fills every missed day exactly once", arguments: PressureFixture.zones)
    func closeIsIdempotentAcrossGaps(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, service in
            // Jan 22 left PENDING, saved that morning (a PENDING commitment of a settled day is refused).
            try PressureFixture.save(PressureFixture.days(from: "2025-01-20", "YYP", in: zone), in: store, at: instant("2025-01-22", 8, in: zone))
            let first = try service.closeDays(at: instant("2025-01-26", 23, in: zone))
            #expect(first.changed.map(\.date.description) == ["2025-01-22", "2025-01-23", "2025-01-24", "2025-01-25", "2025-01-26"])
            #expect(first.changed.allSatisfy { $0.status == .missed })
            #expect(first.changed.map(\.escalationTierSnap) == [0, 1, 2, 3, 3])
            #expect(first.state == EscalationState(currentTier: 3, consecutiveMisses: 5, consecutiveSuccesses: 0, currentStreak: 0, longestStreak: 2))
            let before = try store.documents(Commitment.self)
            let again = try service.closeDays(at: instant("2025-01-26", 23, in: zone))
            #expect(again.changed.isEmpty && again.state == first.state)
            #expect(try store.documents(Commitment.self) == before)
            #expect(Set(before.map(\.date)).count == before.count, "one record per day")
        }
    }

    @Test("closing in steps gives the same history as closing once after the gap")
    func closeInStepsEqualsCloseOnce() throws {
        let zone = PressureFixture.losAngeles
        func history(closingAt moments: [Date]) throws -> [String] {
            try PressureFixture.withStore(zone) { store, service in
                try store.save(contentsOf: PressureFixture.days(from: "2025-03-07", "Y", in: zone))
                var state = EscalationState()
                for moment in moments { state = try service.closeDays(at: moment).state }
                return try store.documents(Commitment.self).sorted { $0.date < $1.date }
                    .map { "\($0.date) \($0.status.rawValue) \($0.escalationTierSnap) \($0.lockedAt!)" } + ["\(state)"]
            }
        }
        // Across the daylight-saving change of 2025-03-09 in Los Angeles.
        let once = try history(closingAt: [instant("2025-03-11", 22, in: zone)])
        let steps = try history(closingAt: [instant("2025-03-08", 9, in: zone), instant("2025-03-09", 21, in: zone), instant("2025-03-10", 22, 30, in: zone),
                                            instant("2025-03-11", 22, in: zone)])
        #expect(once == steps)
        #expect(once.count == 6 && once[2].hasPrefix("2025-03-09 MISSED 1 2025-03-09 16:00:00"), "\(once)")
    }

    @Test("Restart Shield: a paid user spends the month's shield on the latest missed day and keeps the streak")
    func applyRestartShield() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone, settings: PressureFixture.settings(zone, tier: .paid)) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-20", "YYYM", in: zone))
            let before = try service.closeDays(at: instant("2025-01-24", 7, in: zone)).state
            #expect(before.currentStreak == 0 && before.restartShieldsRemaining == 1)
            let after = try service.applyRestartShield(at: instant("2025-01-24", 7, in: zone))
            #expect(after.currentStreak == 3 && after.restartShieldsRemaining == 0 && after.currentTier == 1)
            #expect(after.shieldResetDate == instant("2025-02-01", 0, in: zone))
            #expect(try store.documents(Commitment.self, from: CalendarDate("2025-01-23")!, to: CalendarDate("2025-01-23")!).allSatisfy(\.shieldUsed))
            #expect(try store.singleton(EscalationState.self) == after)
            expectRule("/restart_shields_remaining") { try service.applyRestartShield(at: instant("2025-01-24", 8, in: zone)) }
            // February: replenished, but the latest settled day is January's and a YES anyway.
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-24", "YYYYYYYY", in: zone))
            #expect(try service.closeDays(at: instant("2025-02-01", 8, in: zone)).state.restartShieldsRemaining == 1)
            expectRule("/shield_used") { try service.applyRestartShield(at: instant("2025-02-01", 8, in: zone)) }
        }
    }

    @Test("Restart Shield: refused for free users and for a miss of last month")
    func restartShieldRefusals() throws {
        let zone = PressureFixture.tokyo
        try PressureFixture.withStore(zone) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-20", "YN", in: zone))
            expectRule("/restart_shields_remaining") { try service.applyRestartShield(at: instant("2025-01-22", 7, in: zone)) }
        }
        try PressureFixture.withStore(zone, settings: PressureFixture.settings(zone, tier: .paid)) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-30", "YN", in: zone))
            expectRule("/shield_used") { try service.applyRestartShield(at: instant("2025-02-01", 7, in: zone)) }
        }
    }

    @Test("the notification log: append with tier and personality at scheduling, then delivered and tapped")
    func notificationLog() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-20", "NN", in: zone))
            let record = try service.logScheduledNotification(for: instant("2025-01-22", 20, in: zone), at: instant("2025-01-22", 8, in: zone))
            #expect(record.tier == 2 && record.personality == .brutal && !record.delivered && !record.tapped)
            try service.markDelivered(record.id)
            let tapped = try service.markTapped(record.id)
            #expect(tapped.delivered && tapped.tapped)
            #expect(try service.notifications(from: instant("2025-01-22", 0, in: zone), to: instant("2025-01-23", 0, in: zone)) == [tapped])
            expectRule("/delivered") {
                try service.logNotification(NotificationRecord(scheduledFor: instant("2025-01-22", 21, 30, in: zone), tier: 2, personality: .brutal, tapped: true))
            }
            #expect(throws: AlmanacError.self) { try service.markTapped(UUID()) }
            // Retention is the catalog's: entries older than 90 days are deleted.
            let retention = try store.collection(named: NotificationRecord.collection).retention
            #expect(retention.count == 1 && retention.first?.olderThan == .days(90))
        }
    }
}
