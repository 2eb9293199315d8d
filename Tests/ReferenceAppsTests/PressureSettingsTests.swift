import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Pressure settings and escalation state models")
struct PressureSettingsTests {
    let zone = PressureFixture.losAngeles

    @Test("User Settings defaults: PROFESSIONAL, 09:00, 22:00, device time zone, notifications off, onboarding not done, FREE, no expiry")
    func settingsDefaults() throws {
        let settings = PressureSettings.defaults(timeZone: zone)
        #expect(settings.personalityMode == .professional)
        #expect(settings.commitmentDeadline.description == "09:00")
        #expect(settings.checkinWindowClose.description == "22:00")
        #expect(settings.timezoneIdentifier == "America/Los_Angeles")
        #expect(!settings.notificationsEnabled && !settings.onboardingCompleted)
        #expect(settings.subscriptionTier == .free && settings.subscriptionExpiry == nil)
        try settings.validate()
        try SchemaConformance(app: "pressure", timeZone: zone).expectConforms(singleton: settings, everyField: false)
    }

    @Test("personality_mode is PROFESSIONAL or BRUTAL; subscription_tier is FREE or PAID")
    func closedSets() throws {
        #expect(PersonalityMode.allCases.map(\.rawValue) == ["PROFESSIONAL", "BRUTAL"])
        #expect(SubscriptionTier.allCases.map(\.rawValue) == ["FREE", "PAID"])
        let json = #"{"personality_mode":"NICE","commitment_deadline":"09:00","checkin_window_close":"22:00","timezone_identifier":"UTC","notifications_enabled":false,"onboarding_completed":false,"subscription_tier":"FREE"}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PressureSettings.self, from: Data(json.utf8)) }
    }

    static let deadlines: [(String, Bool)] = [
        ("05:30", false), ("06:00", true), ("06:30", true), ("07:15", false), ("09:00", true), ("11:30", true), ("12:00", true), ("12:30", false), ("08:59", false),
    ]

    @Test("commitment_deadline: 06:00 – 12:00 in 30-minute increments", arguments: deadlines)
    func deadlineRange(time: String, valid: Bool) throws {
        var settings = PressureSettings.defaults(timeZone: zone)
        settings.commitmentDeadline = try #require(PressureClockTime(time))
        if valid {
            try settings.validate()
        } else {
            expectRule("/commitment_deadline") { try settings.validate() }
        }
    }

    static let closes: [(String, Bool)] = [
        ("17:30", false), ("18:00", true), ("18:30", true), ("20:45", false), ("22:00", true), ("23:30", true), ("23:59", true), ("23:45", false), ("00:30", false),
    ]

    @Test("checkin_window_close: 18:00 – 23:59 in 30-minute increments (23:59 the one exception)", arguments: closes)
    func windowCloseRange(time: String, valid: Bool) throws {
        var settings = PressureSettings.defaults(timeZone: zone)
        settings.checkinWindowClose = try #require(PressureClockTime(time))
        if valid {
            try settings.validate()
        } else {
            expectRule("/checkin_window_close") { try settings.validate() }
        }
    }

    @Test("the check-in window cannot cross midnight: the ranges keep it inside one day, and 00:30 is refused by the model and the schema")
    func windowNeverCrossesMidnight() throws {
        #expect(PressureSettings.deadlineRange.upperBound < PressureSettings.windowCloseRange.lowerBound)
        var settings = PressureSettings.defaults(timeZone: zone)
        settings.checkinWindowClose = PressureClockTime("00:30")!
        expectRule("/checkin_window_close") { try settings.validate() }
        let folder = temporaryFolder("pressure-midnight")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store.create(at: folder, schema: repositoryRoot.appendingPathComponent("schema/pressure"), timeZone: zone)
        #expect(throws: AlmanacError.self) { try store.save(settings) }
    }

    @Test("timezone_identifier: an IANA time zone string")
    func timeZoneIdentifier() throws {
        var settings = PressureSettings.defaults(timeZone: PressureFixture.tokyo)
        try settings.validate()
        settings.timezoneIdentifier = "Mars/Olympus_Mons"
        expectRule("/timezone_identifier") { try settings.validate() }
    }

    @Test("times of day parse as HH:MM only")
    func clockTimeParsing() throws {
        #expect(PressureClockTime("9:00") == nil && PressureClockTime("24:00") == nil && PressureClockTime("09:60") == nil && PressureClockTime("0９:00") == nil)
        #expect(PressureClockTime("23:59")?.minutesSinceMidnight == 1439)
        let bad = #"{"personality_mode":"BRUTAL","commitment_deadline":"9am","checkin_window_close":"22:00","timezone_identifier":"UTC","notifications_enabled":false,"onboarding_completed":false,"subscription_tier":"FREE"}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(PressureSettings.self, from: Data(bad.utf8)) }
    }

    @Test("subscription_expiry: paid features end at the expiry; FREE never has them")
    func subscriptionExpiry() {
        var settings = PressureFixture.settings(zone, tier: .paid)
        #expect(settings.isPaid(at: instant("2030-01-01", 0, in: zone)), "no expiry known: paid")
        settings.subscriptionExpiry = instant("2025-02-01", 12, in: zone)
        #expect(settings.isPaid(at: instant("2025-02-01", 11, 59, in: zone)))
        #expect(!settings.isPaid(at: instant("2025-02-01", 12, in: zone)))
        #expect(!PressureFixture.settings(zone).isPaid(at: instant("2025-02-01", 0, in: zone)))
    }

    // MARK: - EscalationState

    @Test("Escalation State defaults: everything 0, no shield reset date")
    func stateDefaults() throws {
        let state = EscalationState()
        #expect(state == EscalationState(currentTier: 0, consecutiveMisses: 0, consecutiveSuccesses: 0, currentStreak: 0, longestStreak: 0,
                                         restartShieldsRemaining: 0, shieldResetDate: nil))
        try state.validate()
    }

    @Test("current_tier: range 0–3")
    func tierRange() throws {
        for tier in 0...3 { try EscalationState(currentTier: tier).validate() }
        expectRule("/current_tier") { try EscalationState(currentTier: 4).validate() }
        expectRule("/current_tier") { try EscalationState(currentTier: -1).validate() }
    }

    @Test("counters are never negative, and a miss run and a success run never both hold")
    func counters() {
        expectRule("/consecutive_misses") { try EscalationState(consecutiveMisses: -1).validate() }
        expectRule("/longest_streak") { try EscalationState(longestStreak: -2).validate() }
        expectRule("/consecutive_successes") { try EscalationState(consecutiveMisses: 1, consecutiveSuccesses: 1).validate() }
    }

    @Test("catalog rule streak-within-longest: current_streak is at most longest_streak")
    func streakWithinLongest() throws {
        try EscalationState(currentStreak: 5, longestStreak: 5).validate()
        expectRule("/current_streak") { try EscalationState(currentStreak: 6, longestStreak: 5).validate() }
    }

    @Test("restart_shields_remaining: max 1")
    func shieldsAtMostOne() {
        expectRule("/restart_shields_remaining") { try EscalationState(restartShieldsRemaining: 2).validate() }
    }

    @Test("catalog rule shields-for-paid-users: a FREE (or expired) user holds no shield")
    func shieldsForPaidUsers() throws {
        let now = instant("2025-01-27", 12, in: zone)
        let state = EscalationState(restartShieldsRemaining: 1, shieldResetDate: instant("2025-02-01", 0, in: zone))
        try state.validate(against: PressureFixture.settings(zone, tier: .paid), in: StoreCalendar(timeZone: zone), at: now)
        expectRule("/restart_shields_remaining") { try state.validate(against: PressureFixture.settings(zone), in: StoreCalendar(timeZone: zone), at: now) }
        var expired = PressureFixture.settings(zone, tier: .paid)
        expired.subscriptionExpiry = instant("2025-01-01", 0, in: zone)
        expectRule("/restart_shields_remaining") { try state.validate(against: expired, in: StoreCalendar(timeZone: zone), at: now) }
    }

    @Test("catalog rule shield-reset-first-of-month: local midnight on the 1st, in either zone", arguments: PressureFixture.zones)
    func shieldResetFirstOfMonth(zone: TimeZone) throws {
        let settings = PressureFixture.settings(zone, tier: .paid)
        let now = instant("2025-03-09", 12, in: zone)
        try EscalationState(shieldResetDate: instant("2025-04-01", 0, in: zone)).validate(against: settings, in: StoreCalendar(timeZone: zone), at: now)
        expectRule("/shield_reset_date") {
            try EscalationState(shieldResetDate: instant("2025-04-02", 0, in: zone)).validate(against: settings, in: StoreCalendar(timeZone: zone), at: now)
        }
        expectRule("/shield_reset_date") {
            try EscalationState(shieldResetDate: instant("2025-04-01", 1, in: zone)).validate(against: settings, in: StoreCalendar(timeZone: zone), at: now)
        }
        let other = zone == PressureFixture.tokyo ? PressureFixture.losAngeles : PressureFixture.tokyo
        expectRule("/shield_reset_date") {
            try EscalationState(shieldResetDate: instant("2025-04-01", 0, in: other)).validate(against: settings, in: StoreCalendar(timeZone: zone), at: now)
        }
    }
}
