import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// Seed statements of Pressure's data-model document that the other Pressure suites do not
/// name: the overview's time zones, the schema-1 uniqueness of dates, the closed set of
/// statuses, the derived values being runtime-only, the settings defaults read from an empty
/// store, the notification log's scheduling-time snapshot and the settings + state size.
@Suite("Pressure seed statements")
struct PressureSeedTests {
    /// The collections of `schema/<folder>/catalog.json` (or a store's frozen schema) by name.
    static func catalogCollections(_ folder: String) throws -> [String] {
        let url = repositoryRoot.appendingPathComponent(folder).appendingPathComponent("catalog.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let collections = try #require(object["collections"] as? [[String: Any]])
        return collections.compactMap { $0["name"] as? String }
    }

    @Test("every Pressure collection in schema/pressure/catalog.json has a model in the conformance test")
    func everyCollectionHasAModel() throws {
        // The four models `everyModelConformsToItsSchema` encodes; a new collection needs a model there.
        let modelled = [Commitment.collection, PressureSettings.collection, EscalationState.collection, NotificationRecord.collection]
        #expect(Set(try Self.catalogCollections("schema/pressure")) == Set(modelled))
        #expect(try Self.catalogCollections("schema/pressure").count == modelled.count)
    }

    @Test("All timestamps are stored in UTC; the device's local timezone is used for display only", arguments: PressureFixture.zones)
    func utcStoredLocalDisplayed(zone: TimeZone) throws {
        try PressureFixture.withStore(zone) { store, _ in
            let commitment = PressureFixture.settled("2025-01-27", .yes, in: zone)  // checked in at 20:00 local
            try store.save(commitment)
            let stored = try #require(try store.document(json: commitment.id.uuidString, in: Commitment.collection))
            let expected = zone == PressureFixture.tokyo ? "2025-01-27T11:00:00Z" : "2025-01-28T04:00:00Z"
            #expect(stored.value["checked_in_at"] == .string(expected), "20:00 local is stored as the UTC instant")
            let report = try PressureStatusReport(store: store, context: ReportContext(now: instant("2025-01-27", 21, in: zone), calendar: StoreCalendar(timeZone: zone)))
            #expect(report.commitments.first?.checkedInAt == "20:00", "shown as the local wall-clock time")
            #expect(report.localTime == "21:00" && report.today == CalendarDate("2025-01-27"))
        }
    }

    @Test("Commitment Record: one record per calendar day, max (schema 1 refuses a second commitment for the same date)")
    func oneRecordPerDayInSchemaOne() throws {
        let zone = PressureFixture.losAngeles
        let folder = temporaryFolder("pressure-v1")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The sample's frozen schema 1 is only read here: the store copies it into its own folder.
        let store = try Store.create(at: folder.appendingPathComponent("store"),
                                     schema: repositoryRoot.appendingPathComponent("samples/pressure/store/schema"), timeZone: zone)
        defer { store.finishWriting() }
        func versionOne(_ commitment: Commitment) throws -> JSONValue {
            var members = try #require(try DocumentEncoder().encode(commitment).objectValue)
            members["sort_order"] = nil
            return .object(members)
        }
        try store.save(json: versionOne(PressureFixture.settled("2025-01-27", .yes, in: zone)), in: Commitment.collection)
        let error = #expect(throws: AlmanacError.self) {
            try store.save(json: versionOne(PressureFixture.settled("2025-01-27", .no, in: zone)), in: Commitment.collection)
        }
        #expect(error?.code == .uniqueViolation, "\(String(describing: error))")
        try store.save(json: versionOne(PressureFixture.settled("2025-01-28", .no, in: zone)), in: Commitment.collection)
        #expect(try store.documents(json: Commitment.collection).count == 2)
    }

    @Test("status: Enum PENDING, YES, NO, MISSED (default PENDING); any other value is refused")
    func statusClosedSet() throws {
        #expect(Commitment.Status.allCases.map(\.rawValue) == ["PENDING", "YES", "NO", "MISSED"])
        #expect(Commitment(date: CalendarDate("2025-01-27")!, text: "Call Mom").status == .pending)
        let commitment = PressureFixture.settled("2025-01-27", .yes, in: PressureFixture.losAngeles)
        let json = String(decoding: try JSONEncoder().encode(commitment), as: UTF8.self).replacingOccurrences(of: "\"YES\"", with: "\"DONE\"")
        #expect(json.contains("\"DONE\""))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Commitment.self, from: Data(json.utf8)) }
        let value = try JSONValue(parsing: Array(json.utf8))
        let (violations, _) = try SchemaConformance(app: "pressure").problems(value, in: Commitment.collection)
        #expect(!violations.isEmpty, "the schema refuses status DONE")
    }

    @Test("Derived values are computed at runtime, not stored: no schema declares them, and reading them writes nothing")
    func derivedValuesNotStored() throws {
        let derived = ["is_commitment_locked", "is_window_open", "can_check_in", "days_since_last_yes", "streak_display"]
        let conformance = SchemaConformance(app: "pressure")
        for collection in try Self.catalogCollections("schema/pressure") {
            let (_, properties) = try conformance.schema(of: collection)
            #expect(properties.isDisjoint(with: derived), "\(collection) stores \(properties.intersection(derived))")
        }
        let zone = PressureFixture.tokyo
        try PressureFixture.withStore(zone) { store, service in
            let commitment = try service.createCommitment(text: "Call Mom", at: instant("2025-01-27", 8, in: zone))
            let before = try store.documents(Commitment.self)
            let morning = try service.today(at: instant("2025-01-27", 8, 30, in: zone))
            let evening = try service.today(at: instant("2025-01-27", 20, in: zone))
            #expect(!morning.isCommitmentLocked && !morning.canCheckIn)
            #expect(evening.isCommitmentLocked && evening.isWindowOpen && evening.canCheckIn && evening.commitments.map(\.id) == [commitment.id])
            #expect(try store.documents(Commitment.self) == before, "the values come from the moment asked about, not from the store")
        }
    }

    @Test("User Settings defaults from an empty store: PROFESSIONAL, 09:00, 22:00, the device's time zone, off, not done, FREE, no expiry", arguments: PressureFixture.zones)
    func settingsDefaultsFromEmptyStore(zone: TimeZone) throws {
        let folder = temporaryFolder("pressure-defaults")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store.create(at: folder.appendingPathComponent("store"), schema: repositoryRoot.appendingPathComponent("schema/pressure"), timeZone: zone)
        defer { store.finishWriting() }
        let settings = try PressureService(store: store).settings()
        #expect(settings == PressureSettings(personalityMode: .professional, commitmentDeadline: PressureClockTime("09:00")!,
                                             checkinWindowClose: PressureClockTime("22:00")!, timezoneIdentifier: zone.identifier,
                                             notificationsEnabled: false, onboardingCompleted: false, subscriptionTier: .free, subscriptionExpiry: nil))
        #expect(try store.singleton(PressureSettings.self) == nil, "defaults are read, not written")
        #expect(try store.singleton(EscalationState.self) == nil)
        #expect(try PressureService(store: store).derivedState(at: instant("2025-01-27", 12, in: zone)) == EscalationState(), "Escalation State defaults")
    }

    @Test("days_since_last_yes: calendar days in the store's zone, across the daylight-saving change", arguments: PressureFixture.zones)
    func daysSinceLastYesAcrossDaylightSaving(zone: TimeZone) {
        // 2025-03-09 is 23 hours long in Los Angeles; Tokyo has no daylight saving.
        let commitments = PressureFixture.days(from: "2025-03-07", "YNME", in: zone)
        func days(_ day: String, _ hour: Int, _ minute: Int = 0) -> Int? {
            PressureToday(settings: PressureFixture.settings(zone), commitments: commitments, now: instant(day, hour, minute, in: zone), calendar: StoreCalendar(timeZone: zone)).daysSinceLastYes
        }
        #expect(days("2025-03-09", 23, 59) == 2, "NO on the 8th, MISSED on the 9th")
        #expect(days("2025-03-10", 0, 0) == 3, "midnight after the short day: the no-commitment 10th counts")
        #expect(days("2025-03-11", 0, 0) == 3, "the 11th has no record yet and is still open")
        #expect(days("2025-03-12", 12) == 4, "an earlier day without any record is not a YES day")
        // The same instant is the 8th in Los Angeles and the 9th in Tokyo.
        let moment = instant("2025-03-08", 9, in: PressureFixture.losAngeles)
        let value = PressureToday(settings: PressureFixture.settings(zone), commitments: commitments, now: moment, calendar: StoreCalendar(timeZone: zone)).daysSinceLastYes
        #expect(value == (zone == PressureFixture.tokyo ? 2 : 1))
    }

    @Test("Notification Records: tier and personality are the escalation tier and mode at time of scheduling; later changes leave the entry alone")
    func notificationSnapshotAtScheduling() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-20", "N", in: zone))
            let first = try service.logScheduledNotification(for: instant("2025-01-21", 20, in: zone), at: instant("2025-01-21", 8, in: zone))
            #expect(first.tier == 1 && first.personality == .brutal)
            try store.save(contentsOf: PressureFixture.days(from: "2025-01-21", "NN", in: zone))
            var settings = try service.settings()
            settings.personalityMode = .professional
            try service.save(settings)
            let second = try service.logScheduledNotification(for: instant("2025-01-23", 20, in: zone), at: instant("2025-01-23", 8, in: zone))
            #expect(second.tier == 3 && second.personality == .professional)
            #expect(try store.document(NotificationRecord.self, id: first.id) == first, "the first entry keeps tier 1 and BRUTAL")
            #expect(first.scheduledFor == instant("2025-01-21", 20, in: zone), "scheduled_for: when it is set to fire")
        }
    }

    @Test("the diagram's timezone_offset and restart_shields_used are the tables' timezone_identifier and restart_shields_remaining")
    func diagramNamesFollowTheTables() throws {
        let zone = PressureFixture.tokyo
        let settings = try DocumentEncoder().encode(PressureSettings.defaults(timeZone: zone))
        #expect(settings["timezone_identifier"] == .string("Asia/Tokyo") && settings["timezone_offset"] == nil)
        let state = try DocumentEncoder().encode(EscalationState(restartShieldsRemaining: 1))
        #expect(state["restart_shields_remaining"] == .number(JSONNumber(1)) && state["restart_shields_used"] == nil)
        let conformance = SchemaConformance(app: "pressure")
        #expect(try conformance.schema(of: PressureSettings.collection).1.contains("timezone_identifier"))
        #expect(try !conformance.schema(of: PressureSettings.collection).1.contains("timezone_offset"))
        #expect(try !conformance.schema(of: EscalationState.collection).1.contains("restart_shields_used"))
    }

    @Test("Notification Records: id is a UUID that matches the UNNotificationRequest identifier")
    func notificationIDMatchesRequest() throws {
        let zone = PressureFixture.losAngeles
        try PressureFixture.withStore(zone) { store, service in
            let requestIdentifier = try #require(UUID(uuidString: "6F1C2E0A-3B7D-4E59-9A1F-2C8B5D4E7F10"))
            let record = try service.logScheduledNotification(for: instant("2025-01-27", 20, in: zone), at: instant("2025-01-27", 8, in: zone),
                                                              id: requestIdentifier)
            #expect(record.id == requestIdentifier)
            let stored = try #require(try store.document(json: requestIdentifier.uuidString, in: NotificationRecord.collection))
            #expect(stored.value["id"] == .string("6F1C2E0A-3B7D-4E59-9A1F-2C8B5D4E7F10"))
            #expect(try service.markDelivered(requestIdentifier).id == requestIdentifier, "the delegate finds the entry by the request's identifier")
        }
    }

    @Test("Storage size estimates: settings + state about 500 bytes")
    func settingsAndStateSize() throws {
        let zone = PressureFixture.losAngeles
        let settings = PressureSettings(personalityMode: .professional, timezoneIdentifier: "America/Los_Angeles", notificationsEnabled: true,
                                        onboardingCompleted: true, subscriptionTier: .paid, subscriptionExpiry: instant("2026-01-12", 18, 4, in: zone))
        let state = EscalationState(currentTier: 2, consecutiveMisses: 2, currentStreak: 4, longestStreak: 12,
                                    restartShieldsRemaining: 1, shieldResetDate: instant("2025-02-01", 0, in: zone))
        let bytes = try JSONEncoder().encode(settings).count + JSONEncoder().encode(state).count
        #expect((300...700).contains(bytes), "\(bytes) bytes")
    }
}
