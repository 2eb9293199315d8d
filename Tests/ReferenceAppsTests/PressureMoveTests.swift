import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// ``PressureService/move(to:at:)``: one calendar for Pressure's days, deadlines and shields,
/// before and after its user moves (issue 61, Why 4).
@Suite("Pressure across a move to another time zone")
struct PressureMoveTests {
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!

    @Test("Los Angeles to Kolkata: past days keep Los Angeles' clock, new days Kolkata's, and the shield comes on 1 March, midnight in Kolkata")
    func losAngelesToKolkata() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone, settings: PressureFixture.settings(zone, tier: .paid)) { store, service in
            let monday = try service.createCommitment(text: "Run 5k", at: instant("2025-02-10", 7, in: zone))
            // 20:00 in Los Angeles on 10 February is 09:30 on 11 February in Kolkata, where the user lands.
            let landing = instant("2025-02-10", 20, in: zone)
            try service.checkIn(id: monday.id, answer: .yes, at: landing)
            let calendar = try service.move(to: Self.kolkata, at: landing)
            // From the next midnight in Kolkata: the day in progress keeps Los Angeles' clock, and
            // 11 February, begun in Los Angeles, ends at Kolkata's midnight.
            #expect(calendar.description == "America/Los_Angeles, Asia/Kolkata from 2025-02-12", "\(calendar)")
            #expect(try service.settings().timezoneIdentifier == "Asia/Kolkata")
            #expect(store.timeZoneName == "Asia/Kolkata")

            // The first day in Kolkata has its deadline at 09:00 there.
            let wednesday = try service.createCommitment(text: "Call Mom", at: instant("2025-02-12", 8, in: Self.kolkata))
            #expect(wednesday.date == CalendarDate("2025-02-12"))
            expectRule("/locked_at") { try service.createCommitment(text: "Gym", at: instant("2025-02-12", 9, in: Self.kolkata)) }
            let checked = try service.checkIn(id: wednesday.id, answer: .no, at: instant("2025-02-12", 21, in: Self.kolkata))
            #expect(checked.lockedAt == instant("2025-02-12", 9, in: Self.kolkata))
            // Monday keeps Los Angeles' deadline.
            #expect(try store.document(Commitment.self, id: monday.id)?.lockedAt == instant("2025-02-10", 9, in: zone))

            let state = try service.derivedState(at: instant("2025-02-15", 12, in: Self.kolkata))
            #expect(state.shieldResetDate == instant("2025-03-01", 0, in: Self.kolkata), "\(String(describing: state.shieldResetDate))")
            let report = try PressureStatusReport(store: store, context: ReportContext(now: instant("2025-02-15", 12, in: Self.kolkata), calendar: store.calendar))
            #expect(report.shieldResetDate == CalendarDate("2025-03-01") && report.timeZone == "Asia/Kolkata")
            #expect(report.text.contains("next on 2025-03-01"), "\(report.text)")
            #expect(try store.check().errors == 0)
        }
    }

    @Test("settings naming another zone than the store's are refused; the move changes both in one write")
    func settingsFollowTheStore() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            var settings = try service.settings()
            settings.timezoneIdentifier = "Asia/Kolkata"
            var refused: AlmanacError?
            do { try service.save(settings) } catch let error as AlmanacError { refused = error }
            #expect(refused?.code == .ruleViolation && refused?.message.contains("known-time-zone") == true, "\(String(describing: refused))")
            #expect(store.calendar.periods.count == 1)
            try service.move(to: Self.kolkata, at: instant("2025-02-10", 12, in: zone))
            #expect(try service.settings().timezoneIdentifier == "Asia/Kolkata" && store.calendar.periods.count == 2)
        }
    }

    @Test("Tokyo to Los Angeles: today's commitment keeps Tokyo's deadline and window; the move begins after today in both zones")
    func tokyoToLosAngeles() throws {
        let tokyo = PressureFixture.tokyo, losAngeles = PressureFixture.losAngeles
        try PressureFixture.withStore(tokyo) { store, service in
            let today = try service.createCommitment(text: "Run 5k", at: instant("2025-02-10", 7, in: tokyo))
            // 10:00 on 10 February in Tokyo is 17:00 on 9 February in Los Angeles.
            let calendar = try service.move(to: losAngeles, at: instant("2025-02-10", 10, in: tokyo))
            #expect(calendar.description == "Asia/Tokyo, America/Los_Angeles from 2025-02-11", "\(calendar)")
            let checked = try service.checkIn(id: today.id, answer: .yes, at: instant("2025-02-10", 21, in: tokyo))
            #expect(checked.lockedAt == instant("2025-02-10", 9, in: tokyo))
            let next = try service.createCommitment(text: "Call Mom", at: instant("2025-02-11", 8, in: losAngeles))
            #expect(next.date == CalendarDate("2025-02-11"))
            #expect(try store.check().errors == 0)
        }
    }
}
