import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// Shared helpers of the Pressure tests (no tests of its own; the name keeps it among Pressure's files).
enum PressureFixture {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// The two zones every day-boundary test runs in.
    static let zones = [losAngeles, tokyo]

    /// Settings with the seed's defaults (09:00 deadline, 22:00 close) in `zone`.
    static func settings(_ zone: TimeZone, tier: SubscriptionTier = .free,
                         deadline: String = "09:00", close: String = "22:00") -> PressureSettings {
        PressureSettings(personalityMode: .brutal, commitmentDeadline: PressureClockTime(deadline)!, checkinWindowClose: PressureClockTime(close)!,
                         timezoneIdentifier: zone.identifier, notificationsEnabled: true, onboardingCompleted: true, subscriptionTier: tier)
    }

    /// A settled commitment on `day` with `status` under the default settings in `zone`.
    static func settled(_ day: String, _ status: Commitment.Status, in zone: TimeZone, shield: Bool = false,
                        sortOrder: Int = 0, text: String = "Run 5k") -> Commitment {
        Commitment(date: CalendarDate(day)!, text: status == .missed && text.isEmpty ? "" : text,
                   lockedAt: instant(day, 9, in: zone), status: status,
                   checkedInAt: status == .yes || status == .no ? instant(day, 20, in: zone) : nil,
                   shieldUsed: shield, sortOrder: sortOrder)
    }

    /// Settled commitments on consecutive days from `start`, one per letter: Y, N, M (missed),
    /// S (missed with a shield), E (no-commitment day), P (pending).
    static func days(from start: String, _ pattern: String, in zone: TimeZone) -> [Commitment] {
        var date = CalendarDate(start)!
        var result: [Commitment] = []
        for letter in pattern {
            let day = date.description
            switch letter {
            case "Y": result.append(settled(day, .yes, in: zone))
            case "N": result.append(settled(day, .no, in: zone))
            case "M": result.append(settled(day, .missed, in: zone))
            case "S": result.append(settled(day, .missed, in: zone, shield: true))
            case "E": result.append(settled(day, .missed, in: zone, text: ""))
            case "P": result.append(Commitment(date: date, text: "Run 5k"))
            default: break
            }
            date = date.adding(days: 1)
        }
        return result
    }

    /// Runs `body` with a new store from `schema/pressure` in `zone`, holding `settings`.
    /// Saves `commitments` with `now` as the time of the save, as the app would have then.
    static func save(_ commitments: [Commitment], in store: Store, at now: Date) throws {
        try store.write { db in
            db.timeOfSave = now
            try db.save(contentsOf: commitments)
        }
    }

    static func withStore<T>(_ zone: TimeZone, settings: PressureSettings? = nil, _ body: (Store, PressureService) throws -> T) throws -> T {
        let folder = temporaryFolder("pressure")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store.create(at: folder.appendingPathComponent("store"),
                                     schema: repositoryRoot.appendingPathComponent("schema/pressure"), timeZone: zone)
        defer { store.finishWriting() }
        let service = PressureService(store: store)
        try service.save(settings ?? Self.settings(zone))
        return try body(store, service)
    }

}
