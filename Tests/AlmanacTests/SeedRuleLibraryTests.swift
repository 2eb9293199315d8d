import Foundation
import Testing

@testable import Almanac

/// The seeds' rules of issue 43 through the library: the same cases `SeedRuleTests` tries
/// with the tool, on new stores of each app's current schema.
@Suite("The seeds' rules, held by the store (library)")
struct SeedRuleLibraryTests {
    static let id = "1F0C9A2E-7D41-4B8E-9C3A-2B5D6E7F8A90"
    static let otherID = "0BAD0000-0000-4000-8000-000000000002"

    func makeStore(_ app: String, in folder: TemporaryFolder, zone: String = "UTC") throws -> Store {
        try Store.create(at: folder.path("store"), schema: Repository.schema(app), timeZone: TimeZone(identifier: zone)!)
    }

    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    /// The error `body` throws, or `nil` when it succeeds.
    func refusal(_ body: () throws -> Void) -> AlmanacError? { thrownAlmanacError(body) }

    @Test("1. a settings document's time zone is judged by the shipped IANA list, and names the zone the store files new days in")
    func timeZones() throws {
        let folder = TemporaryFolder()
        let store = try makeStore("pressure", in: folder)
        // Each a change of the store's zone and the settings in one write, as the app makes it.
        for (index, name) in ["Asia/Kolkata", "Etc/UTC", "US/Pacific", "Etc/GMT+5", "Asia/Calcutta"].enumerated() {
            let saved = refusal {
                try store.write { db in
                    try db.changeTimeZone(to: TimeZone(identifier: name)!, from: CalendarDate("2030-01-01")!.adding(days: 2 * index))
                    _ = try db.save(json: try json(Self.settings(zone: name)), in: "settings")
                }
            }
            #expect(saved == nil, "\(name): \(String(describing: saved))")
        }
        #expect(store.calendar.latestZoneName == "Asia/Calcutta" && store.calendar.periods.count == 6, "\(store.calendar)")
        // An IANA name, but an abbreviation: the store files no day in it, so settings cannot name it.
        #expect(refusal { try store.changeTimeZone(to: TimeZone(identifier: "EST")!) }?.message.contains("abbreviation") == true)
        let typo = refusal { _ = try store.save(json: try json(Self.settings(zone: "Asia/Kolkatta")), in: "settings") }
        #expect(typo?.code == .ruleViolation && typo?.pointer == "/timezone_identifier" && typo?.message.contains("Asia/Kolkata") == true, "\(String(describing: typo))")
        let other = refusal { _ = try store.save(json: try json(Self.settings(zone: "Asia/Tokyo")), in: "settings") }
        #expect(other?.code == .ruleViolation && other?.pointer == "/timezone_identifier" && other?.message.contains("files new days in (Asia/Calcutta)") == true,
                "\(String(describing: other))")
    }

    static func settings(zone: String) -> String {
        #"{"personality_mode": "PROFESSIONAL", "commitment_deadline": "09:00", "checkin_window_close": "22:00", "timezone_identifier": "\#(zone)", "notifications_enabled": true, "onboarding_completed": true, "subscription_tier": "PAID", "subscription_expiry": null}"#
    }

    static func preferences(_ phase: String) -> String {
        #"{"frePhase": "\#(phase)", "hasCompletedOnboarding": false, "gatewayTimerDuration": 30, "onboardingDeterminationLevel": 5, "selectedInterestTags": []}"#
    }

    @Test("2. MIGA's first run starts at its start and, once moved on, is neither deleted nor restarted in one transaction")
    func firstRun() throws {
        let folder = TemporaryFolder()
        let store = try makeStore("miga", in: folder)
        let skipping = refusal { _ = try store.save(json: try json(Self.preferences("appsHidden")), in: "preferences") }
        #expect(skipping?.code == .ruleViolation && skipping?.pointer == "/frePhase")
        _ = try store.save(json: try json(Self.preferences("appsSelected")), in: "preferences")
        let delete = refusal { _ = try store.delete(id: "", in: "preferences") }
        #expect(delete?.code == .ruleViolation && delete?.remedy == .overrideFinalStates, "\(String(describing: delete))")
        // A delete and a new save in one transaction are judged against the stored phase.
        let both = refusal {
            try store.write { transaction in
                _ = try transaction.delete(.document("preferences", id: ""), overridingFinalStates: true)
                _ = try transaction.save(json: try json(Self.preferences("notStarted")), in: "preferences")
            }
        }
        #expect(both?.code == .ruleViolation && both?.pointer == "/frePhase", "\(String(describing: both))")
        _ = try store.delete(.document("preferences", id: ""), overridingFinalStates: true)
        #expect(try store.document(json: "", in: "preferences") == nil)
    }

    static func commitment(status: String = "YES", date: String = "2025-01-27", text: String = "Run 5k",
                           locked: String = "\"2025-01-27T17:00:00Z\"", checkedIn: String = "\"2025-01-28T03:12:09Z\"",
                           tier: Int = 1, shield: Bool = false, id: String = id) -> String {
        #"{"id": "\#(id)", "date": "\#(date)", "text": "\#(text)", "locked_at": \#(locked), "status": "\#(status)", "checked_in_at": \#(checkedIn), "escalation_tier_snap": \#(tier), "shield_used": \#(shield), "sort_order": 0}"#
    }

    @Test("3. a final Pressure commitment keeps date, text, tier and shield; no check-in before the lock; no blank text")
    func lockedCommitments() throws {
        let folder = TemporaryFolder()
        let store = try makeStore("pressure", in: folder)
        _ = try store.save(json: try json(Self.commitment(status: "NO")), in: "commitments")
        _ = try store.save(json: try json(Self.commitment(status: "NO", shield: true)), in: "commitments")
        for (changed, pointer) in [
            (Self.commitment(status: "NO", date: "2025-01-26", shield: true), "/date"),
            (Self.commitment(status: "NO", text: "Nap", shield: true), "/text"),
            (Self.commitment(status: "NO", tier: 2, shield: true), "/escalation_tier_snap"),
            (Self.commitment(status: "NO", shield: false), "/shield_used"),
        ] {
            let refused = refusal { _ = try store.save(json: try json(changed), in: "commitments") }
            #expect(refused?.code == .ruleViolation && refused?.pointer == pointer, "\(pointer): \(String(describing: refused))")
        }
        let early = refusal { _ = try store.save(json: try json(Self.commitment(checkedIn: "\"2025-01-27T16:00:00Z\"", id: Self.otherID)), in: "commitments") }
        #expect(early?.pointer == "/checked_in_at" && early?.message.contains("check-in-after-lock") == true, "\(String(describing: early))")
        let blank = refusal { _ = try store.save(json: try json(Self.commitment(status: "PENDING", text: "  ", locked: "null", checkedIn: "null", id: Self.otherID)), in: "commitments") }
        #expect(blank?.pointer == "/text", "\(String(describing: blank))")
    }

    @Test("3. locked_at is the settings' deadline, in the store's zone, when it is set")
    func deadline() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("store"), schema: Repository.schema("pressure"), timeZone: TimeZone(identifier: "America/Chicago")!)
        _ = try store.save(json: try json(Self.settings(zone: "America/Chicago")), in: "settings")
        // 09:00 in Chicago on 2025-01-27 is 15:00 UTC.
        let wrong = refusal { _ = try store.save(json: try json(Self.commitment(status: "PENDING", locked: "\"2025-01-27T09:00:00Z\"", checkedIn: "null")), in: "commitments") }
        #expect(wrong?.code == .ruleViolation && wrong?.pointer == "/locked_at" && wrong?.message.contains("2025-01-27T15:00:00Z") == true, "\(String(describing: wrong))")
        // Saved as the app saves it, at a moment of that day before its window closes: a past
        // day is settled, and a PENDING commitment of it is refused (`settled-day-stays-settled`).
        let pending = try json(Self.commitment(status: "PENDING", locked: "\"2025-01-27T15:00:00Z\"", checkedIn: "null"))
        let settled = refusal { _ = try store.save(json: pending, in: "commitments") }
        #expect(settled?.code == .ruleViolation && settled?.message.contains("settled-day-stays-settled") == true, "\(String(describing: settled))")
        try store.write { db in
            db.timeOfSave = Timestamp.parse("2025-01-27T16:00:00Z")
            _ = try db.save(json: pending, in: "commitments")
        }
    }

    static func template(variants: [Int]) -> String {
        let list = variants.map { #"{"durationMinutes": \#($0), "steps": ["Step"]}"# }.joined(separator: ", ")
        return #"{"id": "A-EMO-001", "focusId": "emotion_skills", "title": "Name it", "whyLine": "Models language", "tags": ["labeling"], "difficulty": 1, "variants": [\#(list)], "contraindications": [], "contentVersion": 1, "source": "Elaro"}"#
    }

    @Test("4 and 5. Elaro: a template keeps the variants its instances hold; a focus area's id is its name")
    func elaro() throws {
        let folder = TemporaryFolder()
        let store = try makeStore("elaro", in: folder)
        _ = try store.save(json: try json(Self.template(variants: [5, 10])), in: "action-templates")
        _ = try store.save(json: try json(#"{"id": "\#(Self.id)", "date": "2025-01-27", "templateId": "A-EMO-001", "variantDuration": 10, "status": "done", "feltDifficulty": "ok"}"#), in: "action-instances")
        let removed = refusal { _ = try store.save(json: try json(Self.template(variants: [5])), in: "action-templates") }
        #expect(removed?.code == .ruleViolation && removed?.message.contains(Self.id) == true && removed?.id == "A-EMO-001", "\(String(describing: removed))")
        // In one transaction with the instance changed to a variant that stays, it saves.
        try store.write { transaction in
            _ = try transaction.save(json: try json(#"{"id": "\#(Self.id)", "date": "2025-01-27", "templateId": "A-EMO-001", "variantDuration": 5, "status": "done", "feltDifficulty": "ok"}"#), in: "action-instances")
            _ = try transaction.save(json: try json(Self.template(variants: [5])), in: "action-templates")
        }
        let area = refusal { _ = try store.save(json: try json(#"{"id": "connection", "name": "independence", "active": false, "startedAt": "2025-01-06T09:00:00Z", "buildingBlocks": []}"#), in: "focus-areas") }
        #expect(area?.code == .ruleViolation && area?.pointer == "/id", "\(String(describing: area))")
    }

    @Test("6. a seeded document the user deleted is not added again by an import of the same content version, on any device")
    func seedDeletions() throws {
        let folder = TemporaryFolder()
        let store = try makeStore("cravey", in: folder)
        let seed = try SeedFile(contentsOf: Repository.root.appendingPathComponent("samples/cravey/seeds/messages_seed.json"))
        let first = try store.importSeeds([seed])
        let id = try #require(first.files.first?.inserted.first)
        #expect(try store.delete(id: id, in: "motivational-messages"))
        let again = try store.importSeeds([seed])
        #expect(!again.changedStore && again.files.first?.keptDeleted == [id], "\(again)")
        #expect(try store.document(json: id, in: "motivational-messages") == nil)
        // Two devices' store.json versions merge to the union of their deletions.
        let manifest = try #require(try Manifest.current(in: store.root)?.manifest)
        var other = manifest
        other.seedDeletions = [SeedDeletion(collection: "motivational-messages", id: "0BAD0000-0000-4000-8000-000000000099", contentVersion: 1).json]
        let merged = try ManifestMerge.merge(manifest, other, theirsName: "store.sync-conflict-20250101-000000-ABCDEFG.json")
        #expect(SeedDeletion.byKey(merged.seedDeletions).count == 2, "\(merged.seedDeletions)")
    }

    @Test("8. unique after trimming, never blank; usage amounts described as the schema has them; a recording's file built from its id; the shield reset in the store's zone, the user's")
    func smaller() throws {
        let folder = TemporaryFolder()
        let migaFolder = TemporaryFolder()
        let pressureFolder = TemporaryFolder()
        let miga = try makeStore("miga", in: migaFolder)
        let app = { (id: String, name: String) in
            #"{"id": "\#(id)", "appName": "\#(name)", "urlScheme": "instagram://", "iconName": "AppIcon", "isInstalled": true, "dateAdded": "2025-01-06T14:12:05Z", "orderIndex": 0}"#
        }
        _ = try miga.save(json: try json(app(Self.id, "Instagram")), in: "selected-apps")
        let taken = refusal { _ = try miga.save(json: try json(app(Self.otherID, " INSTAGRAM ")), in: "selected-apps") }
        #expect(taken?.code == .uniqueViolation && taken?.pointer == "/appName", "\(String(describing: taken))")

        let blank = refusal { _ = try miga.save(json: try json(app(Self.otherID, "   ")), in: "selected-apps") }
        #expect(blank?.pointer == "/appName", "\(String(describing: blank))")

        let cravey = try makeStore("cravey", in: folder)
        let usage = try #require(cravey.catalog.collection(named: "usage")?.description)
        #expect(!usage.contains("whole units") && usage.contains("in steps of 0.5"), "\(usage)")
        let recording = #"{"id": "\#(Self.id)", "timestamp": "2025-01-08T03:14:03Z", "type": "audio", "purpose": "motivational", "duration": 30, "filePath": "%@", "title": "Why", "playCount": 0, "createdAt": "2025-01-08T03:15:23Z"}"#
        let inside = refusal { _ = try cravey.save(json: try json(recording.replacingOccurrences(of: "%@", with: "Recordings/audio_x\(Self.id).m4a")), in: "recordings") }
        #expect(inside?.code == .ruleViolation && inside?.pointer == "/filePath", "\(String(describing: inside))")
        _ = try cravey.save(json: try json(recording.replacingOccurrences(of: "%@", with: "Recordings/audio_\(Self.id).m4a")), in: "recordings")

        let pressure = try makeStore("pressure", in: pressureFolder, zone: "America/Los_Angeles")
        _ = try pressure.save(json: try json(Self.settings(zone: "America/Los_Angeles")), in: "settings")
        let state = #"{"current_tier": 1, "consecutive_misses": 1, "consecutive_successes": 0, "current_streak": 0, "longest_streak": 5, "restart_shields_remaining": 1, "shield_reset_date": "%@"}"#
        let utc = refusal { _ = try pressure.save(json: try json(state.replacingOccurrences(of: "%@", with: "2025-03-01T00:00:00Z")), in: "escalation-state") }
        #expect(utc?.code == .ruleViolation && utc?.message.contains("America/Los_Angeles") == true, "\(String(describing: utc))")
        _ = try pressure.save(json: try json(state.replacingOccurrences(of: "%@", with: "2025-03-01T08:00:00Z")), in: "escalation-state")
    }
}
