import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Pressure models")
struct PressureModelTests {
    let zone = PressureFixture.losAngeles

    @Test("every model, fully populated, matches its schema file and round-trips through a store")
    func everyModelConformsToItsSchema() throws {
        let conformance = SchemaConformance(app: "pressure", timeZone: zone)
        let commitment = Commitment(id: UUID(), date: CalendarDate("2025-01-27")!, text: "Ship the onboarding PR",
                                    lockedAt: instant("2025-01-27", 9, in: zone), status: .no, checkedInAt: instant("2025-01-27", 21, 14, in: zone),
                                    escalationTierSnap: 2, shieldUsed: true, sortOrder: 1)
        try commitment.validate()
        try conformance.expectConforms(commitment)
        let settings = PressureSettings(personalityMode: .brutal, commitmentDeadline: PressureClockTime("06:30")!, checkinWindowClose: PressureClockTime("23:59")!,
                                        timezoneIdentifier: "America/Los_Angeles", notificationsEnabled: true, onboardingCompleted: true,
                                        subscriptionTier: .paid, subscriptionExpiry: instant("2026-01-12", 18, 4, in: zone))
        try settings.validate()
        try conformance.expectConforms(singleton: settings)
        let state = EscalationState(currentTier: 3, consecutiveMisses: 4, consecutiveSuccesses: 0, currentStreak: 2, longestStreak: 9,
                                    restartShieldsRemaining: 1, shieldResetDate: instant("2025-02-01", 0, in: zone))
        try state.validate()
        try state.validate(against: settings, in: StoreCalendar(timeZone: zone), at: instant("2025-01-27", 12, in: zone))
        try conformance.expectConforms(singleton: state)
        let record = NotificationRecord(scheduledFor: instant("2025-01-27", 21, 30, in: zone), tier: 2, personality: .professional,
                                        delivered: true, tapped: true)
        try record.validate()
        try conformance.expectConforms(record)
    }

    @Test("All timestamps are stored in UTC; date is a calendar date only; snake_case keys")
    func timestampsInUTCAndSnakeCase() throws {
        let commitment = PressureFixture.settled("2025-01-27", .yes, in: zone)
        let json = String(decoding: try JSONEncoder().encode(commitment), as: UTF8.self)
        for key in ["\"locked_at\"", "\"checked_in_at\"", "\"escalation_tier_snap\"", "\"shield_used\"", "\"sort_order\"", "\"date\":\"2025-01-27\""] {
            #expect(json.contains(key), "\(json)")
        }
        try SchemaConformance(app: "pressure", timeZone: zone).withStore { store in
            try store.save(commitment)
            let stored = try #require(try store.document(json: commitment.id.uuidString, in: "commitments"))
            #expect(stored.value["locked_at"] == .string("2025-01-27T17:00:00Z"), "09:00 in Los Angeles is 17:00 UTC")
            #expect(stored.value["checked_in_at"] == .string("2025-01-28T04:00:00Z"))
        }
    }

    @Test("Storage size estimates: a commitment is about 200 bytes, a notification log entry about 100")
    func storageSizeEstimates() throws {
        let commitment = Commitment(date: CalendarDate("2025-01-27")!, text: "Write 500 words of the essay", lockedAt: instant("2025-01-27", 9, in: zone),
                                    status: .yes, checkedInAt: instant("2025-01-27", 20, in: zone), escalationTierSnap: 1)
        let record = NotificationRecord(scheduledFor: instant("2025-01-27", 20, in: zone), tier: 1, personality: .brutal, delivered: true)
        let commitmentBytes = try JSONEncoder().encode(commitment).count
        let recordBytes = try JSONEncoder().encode(record).count
        #expect((150...300).contains(commitmentBytes), "\(commitmentBytes) bytes")
        #expect((100...200).contains(recordBytes), "\(recordBytes) bytes")
        // The seed's year: 365 commitments and 3 notifications a day, the log cut to 90 days by retention.
        #expect(365 * commitmentBytes + 90 * 3 * recordBytes < 200_000)
    }

    @Test("date: unique and indexed in schema 1; MVP → Multiple Commitments removes the unique constraint and adds sort_order")
    func uniqueDateThenSortOrder() throws {
        func catalog(_ folder: String) throws -> [String: Any] {
            let url = repositoryRoot.appendingPathComponent(folder).appendingPathComponent("catalog.json")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            return (object["collections"] as! [[String: Any]]).first { $0["name"] as? String == "commitments" }!
        }
        #expect(try catalog("samples/pressure/store/schema")["unique"] as? [String] == ["date"])
        #expect(try catalog("schema/pressure")["unique"] as? [String] == [])
        #expect(try catalog("schema/pressure")["dateField"] as? String == "date", "indexed: filed and queried by date")
        try SchemaConformance(app: "pressure", timeZone: zone).withStore { store in
            let first = PressureFixture.settled("2025-01-27", .yes, in: zone)
            let second = PressureFixture.settled("2025-01-27", .no, in: zone, sortOrder: 1)
            try store.save(contentsOf: [first, second, PressureFixture.settled("2025-01-28", .yes, in: zone)])
            let day = try store.documents(Commitment.self, from: CalendarDate("2025-01-27")!, to: CalendarDate("2025-01-27")!)
            #expect(Set(day.map(\.id)) == [first.id, second.id])
        }
    }

    @Test("Conflict resolution: last-write-wins on the commitment record")
    func lastWriteWins() throws {
        try SchemaConformance(app: "pressure", timeZone: zone).withStore { store in
            var commitment = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom")
            try store.save(commitment)
            commitment.text = "Call Mom and Dad"
            try store.save(commitment)
            #expect(try store.documents(Commitment.self) == [commitment])
        }
    }

    // MARK: - Commitment

    @Test("Commitment defaults: id auto-generated, status PENDING, shield_used false, no lock or check-in")
    func commitmentDefaults() {
        let a = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom")
        let b = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom")
        #expect(a.id != b.id)
        #expect(a.status == .pending && !a.shieldUsed && a.lockedAt == nil && a.checkedInAt == nil && a.sortOrder == 0 && a.escalationTierSnap == 0)
    }

    @Test("text: max 280 characters, counted as people see them (the schema's maxCharacters), never blank or invisible")
    func textAtMost280() throws {
        var commitment = Commitment(date: CalendarDate("2025-01-27")!, text: String(repeating: "a", count: 280))
        try commitment.validate()
        commitment.text = String(repeating: "é", count: 281)
        expectRule("/text") { try commitment.validate() }
        // 280 flags are 280 characters to a person (560 code points): allowed, by the model and
        // the store alike; 281 are not.
        commitment.text = String(repeating: "🇯🇵", count: 280)
        try commitment.validate()
        try SchemaConformance(app: "pressure").expectConforms(commitment, everyField: false)
        commitment.text = String(repeating: "🇯🇵", count: 281)
        expectRule("/text") { try commitment.validate() }
        try SchemaConformance(app: "pressure").expectRefused(commitment)
        commitment.text = "\u{200B}\u{2060}"
        expectRule("/text") { try commitment.validate() }
        try SchemaConformance(app: "pressure").expectRefused(commitment)
    }

    @Test("text: non-empty (and not blank) unless the commitment is MISSED")
    func textNonEmpty() throws {
        for status in [Commitment.Status.pending, .yes, .no] {
            var commitment = PressureFixture.settled("2025-01-27", status, in: zone)
            commitment.text = ""
            expectRule("/text") { try commitment.validate() }
            commitment.text = "  \n"
            expectRule("/text") { try commitment.validate() }
        }
        try PressureFixture.settled("2025-01-27", .missed, in: zone, text: "").validate()
    }

    @Test("checked_in_at: the timestamp of the YES or NO submission, absent otherwise")
    func checkedInAtOnlyForYesAndNo() throws {
        for status in [Commitment.Status.yes, .no] {
            var commitment = PressureFixture.settled("2025-01-27", status, in: zone)
            try commitment.validate()
            commitment.checkedInAt = nil
            expectRule("/checked_in_at") { try commitment.validate() }
        }
        for status in [Commitment.Status.pending, .missed] {
            var commitment = PressureFixture.settled("2025-01-27", status, in: zone)
            commitment.checkedInAt = instant("2025-01-27", 20, in: zone)
            expectRule("/checked_in_at") { try commitment.validate() }
        }
        var early = PressureFixture.settled("2025-01-27", .yes, in: zone)
        early.checkedInAt = instant("2025-01-27", 8, in: zone)
        expectRule("/checked_in_at") { try early.validate() }
    }

    @Test("locked_at: set when the commitment deadline passes, so every final status has it")
    func lockedAtOnFinalStatuses() throws {
        for status in [Commitment.Status.yes, .no, .missed] {
            var commitment = PressureFixture.settled("2025-01-27", status, in: zone)
            commitment.lockedAt = nil
            expectRule("/locked_at") { try commitment.validate() }
        }
        try Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom").validate()
    }

    @Test("escalation_tier_snap is a tier 0–3; sort_order is not negative")
    func snapAndSortOrderRanges() {
        var commitment = PressureFixture.settled("2025-01-27", .yes, in: zone)
        commitment.escalationTierSnap = 4
        expectRule("/escalation_tier_snap") { try commitment.validate() }
        commitment.escalationTierSnap = -1
        expectRule("/escalation_tier_snap") { try commitment.validate() }
        commitment.escalationTierSnap = 3
        commitment.sortOrder = -1
        expectRule("/sort_order") { try commitment.validate() }
    }

    @Test("shield_used: a Restart Shield applies only to a day that ended NO or MISSED")
    func shieldOnlyOnMisses() throws {
        try PressureFixture.settled("2025-01-27", .no, in: zone, shield: true).validate()
        try PressureFixture.settled("2025-01-27", .missed, in: zone, shield: true).validate()
        var yes = PressureFixture.settled("2025-01-27", .yes, in: zone)
        yes.shieldUsed = true
        expectRule("/shield_used") { try yes.validate() }
    }

    static let statuses = Commitment.Status.allCases

    @Test("Status transitions: PENDING → YES, NO or MISSED only; every other pair throws", arguments: statuses, statuses)
    func statusTransitions(from: Commitment.Status, to: Commitment.Status) throws {
        var commitment = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom", status: from)
        if from == .pending, to != .pending {
            try commitment.transition(to: to)
            #expect(commitment.status == to)
        } else {
            expectRule("/status") { try commitment.transition(to: to) }
            #expect(commitment.status == from, "a refused transition changes nothing")
        }
    }

    @Test("All transitions are one-way and irreversible: a saved change may not undo a final status, the locked text or a shield")
    func oneWayChanges() throws {
        let stored = PressureFixture.settled("2025-01-27", .yes, in: zone)
        var changed = stored
        changed.status = .pending
        expectRule("/status") { try changed.validateChange(from: stored) }
        changed = stored
        changed.status = .no
        expectRule("/status") { try changed.validateChange(from: stored) }
        changed = stored
        changed.text = "Something easier"
        expectRule("/text") { try changed.validateChange(from: stored) }
        changed = stored
        changed.date = CalendarDate("2025-01-28")!
        expectRule("/date") { try changed.validateChange(from: stored) }
        let shielded = PressureFixture.settled("2025-01-27", .missed, in: zone, shield: true)
        var unshielded = shielded
        unshielded.shieldUsed = false
        expectRule("/shield_used") { try unshielded.validateChange(from: shielded) }
        // Allowed: PENDING → YES, and an unlocked text edited.
        let pending = Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom")
        var edited = pending
        edited.text = "Call Mom and Dad"
        try edited.validateChange(from: pending)
        try stored.validateChange(from: Commitment(id: stored.id, date: stored.date, text: stored.text, lockedAt: stored.lockedAt))
    }

    @Test("catalog rule distinct-sort-order-per-day: commitments of one date have distinct sort_order values")
    func distinctSortOrderPerDay() throws {
        let first = PressureFixture.settled("2025-01-27", .yes, in: zone)
        let second = PressureFixture.settled("2025-01-27", .no, in: zone, sortOrder: 1)
        let otherDay = PressureFixture.settled("2025-01-28", .no, in: zone)
        try Commitment.validateSortOrders([first, second, otherDay])
        let clash = PressureFixture.settled("2025-01-27", .no, in: zone)
        expectRule("/sort_order") { try Commitment.validateSortOrders([first, otherDay, clash]) }
    }

    @Test("catalog rules locked-at-deadline and check-in-inside-window, in the store's zone", arguments: PressureFixture.zones)
    func lockedAtAndCheckInWindow(zone: TimeZone) throws {
        let settings = PressureFixture.settings(zone)
        var commitment = PressureFixture.settled("2025-03-09", .yes, in: zone)
        try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone))
        commitment.checkedInAt = instant("2025-03-09", 9, in: zone)
        try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone))  // the window opens at the deadline
        commitment.checkedInAt = instant("2025-03-09", 21, 59, in: zone)
        try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone))
        commitment.checkedInAt = instant("2025-03-09", 22, in: zone)
        expectRule("/checked_in_at") { try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone)) }
        commitment.checkedInAt = instant("2025-03-10", 0, 30, in: zone)
        expectRule("/checked_in_at") { try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone)) }
        commitment.checkedInAt = instant("2025-03-09", 20, in: zone)
        commitment.lockedAt = instant("2025-03-09", 9, 30, in: zone)
        expectRule("/locked_at") { try commitment.validate(against: settings, in: StoreCalendar(timeZone: zone)) }
        // The same instants are another day's in the other zone.
        let other = zone == PressureFixture.tokyo ? PressureFixture.losAngeles : PressureFixture.tokyo
        expectRule("/locked_at") { try PressureFixture.settled("2025-03-09", .yes, in: zone).validate(against: settings, in: StoreCalendar(timeZone: other)) }
    }

    // MARK: - Notification log

    @Test("Notification Records: tier 0–3 at scheduling, tapped only when delivered")
    func notificationRules() throws {
        var record = NotificationRecord(scheduledFor: instant("2025-01-27", 20, in: zone), tier: 3, personality: .brutal)
        try record.validate()
        record.tier = 4
        expectRule("/tier") { try record.validate() }
        record.tier = 0
        record.tapped = true
        expectRule("/delivered") { try record.validate() }
        try SchemaConformance(app: "pressure").expectRefused(record)
        record.delivered = true
        try record.validate()
    }

    @Test("notification kinds follow the day's deadline and window close", arguments: PressureFixture.zones)
    func notificationKinds(zone: TimeZone) {
        let settings = PressureFixture.settings(zone)
        func kind(_ hour: Int, _ minute: Int) -> NotificationRecord.Kind {
            NotificationRecord(scheduledFor: instant("2025-03-09", hour, minute, in: zone), tier: 0, personality: .brutal).kind(settings: settings, calendar: StoreCalendar(timeZone: zone))
        }
        #expect(kind(8, 30) == .commitmentPrompt)
        #expect(kind(9, 0) == .checkInReminder)
        #expect(kind(20, 0) == .checkInReminder)
        #expect(kind(21, 29) == .checkInReminder)
        #expect(kind(21, 30) == .lastCall)
        #expect(kind(22, 0) == .dayResult)
    }
}
