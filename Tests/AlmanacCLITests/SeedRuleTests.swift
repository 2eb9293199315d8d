import Foundation
import Testing

@testable import Almanac

/// The seeds' rules that once held only in the apps' Swift (issue 43), tried with the tool on
/// new stores of the current schema: each is refused by `almanac put`, `rm` or `seed import`
/// with a message naming the rule and the field, and what is allowed still saves.
/// `SeedRuleLibraryTests` tries the same through the library.
@Suite("The seeds' rules, held by the store (tool)")
struct SeedRuleTests {
    /// A new store of `app` at its current schema, in UTC.
    struct AppStore {
        let folder = E2EFolder()
        let app: String
        var url: URL { folder.path("store") }

        init(_ app: String) throws {
            self.app = app
            let created = try run(["init", folder.path("store").path, "--schema", E2ERepository.schema(app).path, "--time-zone", "UTC"])
            try #require(created.exit == 0, "\(created)")
        }

        /// `almanac put collection` of `json`.
        func put(_ collection: String, _ json: String) throws -> AlmanacRun {
            let file = try folder.write(json, to: "put-\(UUID().uuidString).json")
            return try run(["put", collection, file.path, "--store", url.path])
        }

        func rm(_ collection: String, _ id: String? = nil) throws -> AlmanacRun {
            try run(["rm", collection] + (id.map { [$0] } ?? []) + ["--store", url.path])
        }
    }

    static let id = "1F0C9A2E-7D41-4B8E-9C3A-2B5D6E7F8A90"

    // MARK: 1. Time zones

    @Test("1. Pressure: every IANA name and link is a valid timezone_identifier, on every platform; a misspelling is refused with the nearest name")
    func timeZones() throws {
        let store = try AppStore("pressure")
        for (index, (name, accepted)) in [("Asia/Kolkata", true), ("Etc/UTC", true), ("US/Pacific", true), ("Etc/GMT+5", true),
                                          ("Asia/Calcutta", true), ("Asia/Kolkatta", false), ("PST", false)].enumerated() {
            if accepted {
                // The settings name the zone the store files new days in: the store changes first.
                let day = CalendarDate("2030-01-01")!.adding(days: 2 * index).description
                let moved = try run(["time-zone", "set", name, "--from", day, "--store", store.url.path])
                #expect(moved.exit == 0 && moved.stdout.contains("new days are filed in \(name) from \(day)"), "\(moved)")
            }
            let saved = try store.put("settings", Self.settings(zone: name))
            #expect(saved.exit == (accepted ? 0 : 3), "\(name): \(saved)")
            if !accepted { #expect(saved.stderr.contains("known-time-zone") && saved.stderr.contains("/timezone_identifier"), "\(saved)") }
        }
        let typo = try store.put("settings", Self.settings(zone: "Asia/Kolkatta"))
        #expect(typo.stderr.contains("did you mean \"Asia/Kolkata\""), "\(typo)")
        // IANA names both, but abbreviations, which no store files days in: so never the store's zone.
        for name in ["EST", "PST8PDT"] {
            let moved = try run(["time-zone", "set", name, "--store", store.url.path])
            #expect(moved.exit != 0 && moved.stderr.contains("abbreviation"), "\(moved)")
            let saved = try store.put("settings", Self.settings(zone: name))
            #expect(saved.exit == 3 && saved.stderr.contains("is not the zone this store files new days in (Asia/Calcutta)"), "\(saved)")
        }
    }

    static func settings(zone: String) -> String {
        #"{"personality_mode": "PROFESSIONAL", "commitment_deadline": "09:00", "checkin_window_close": "22:00", "timezone_identifier": "\#(zone)", "notifications_enabled": true, "onboarding_completed": true, "subscription_tier": "PAID", "subscription_expiry": null}"#
    }

    // MARK: 2. MIGA's first run

    static func preferences(_ phase: String) -> String {
        #"{"frePhase": "\#(phase)", "hasCompletedOnboarding": false, "gatewayTimerDuration": 30, "onboardingDeterminationLevel": 5, "selectedInterestTags": []}"#
    }

    @Test("2. MIGA: a new preferences document starts at notStarted or appsSelected; once moved on, rm is refused, so rm + put cannot restart the first run")
    func firstRunOnlyMovesForward() throws {
        let store = try AppStore("miga")
        let skipping = try store.put("preferences", Self.preferences("appsHidden"))
        #expect(skipping.exit == 3 && skipping.stderr.contains("fre-moves-forward") && skipping.stderr.contains("/frePhase"), "\(skipping)")
        #expect(try store.put("preferences", Self.preferences("notStarted")).exit == 0)
        #expect(try store.rm("preferences").exit == 0, "nothing has moved yet: deleting is harmless")
        #expect(try store.put("preferences", Self.preferences("appsSelected")).exit == 0, "first saved as phase 1 completes")
        let rm = try store.rm("preferences")
        #expect(rm.exit == 3 && rm.stderr.contains("fre-moves-forward") && rm.stderr.contains("--override-transitions"), "\(rm)")
        let back = try store.put("preferences", Self.preferences("notStarted"))
        #expect(back.exit == 3 && back.stderr.contains("/frePhase"), "\(back)")
        #expect(try store.put("preferences", Self.preferences("appsHidden")).exit == 0)
        // The override is the way out, and a store starting over starts at the start.
        let forced = try run(["delete", "preferences", "--override-transitions", "--yes", "--store", store.url.path])
        #expect(forced.exit == 0, "\(forced)")
        #expect(try store.put("preferences", Self.preferences("appsHidden")).exit == 3)
    }

    // MARK: 3. Pressure's locked commitments

    static func commitment(status: String = "YES", date: String = "2025-01-27", text: String = "Run 5k before work",
                           locked: String? = "2025-01-27T17:00:00Z", checkedIn: String? = "2025-01-28T03:12:09Z",
                           tier: Int = 1, shield: Bool = false) -> String {
        let lockedText = locked.map { "\"\($0)\"" } ?? "null"
        let checkedText = checkedIn.map { "\"\($0)\"" } ?? "null"
        return #"{"id": "\#(id)", "date": "\#(date)", "text": "\#(text)", "locked_at": \#(lockedText), "status": "\#(status)", "checked_in_at": \#(checkedText), "escalation_tier_snap": \#(tier), "shield_used": \#(shield), "sort_order": 0}"#
    }

    @Test("3. Pressure: a locked or final commitment keeps its date, text, tier, lock and check-in; a shield stays; no check-in before the lock; no blank text")
    func lockedCommitments() throws {
        let store = try AppStore("pressure")
        #expect(try store.put("commitments", Self.commitment(status: "PENDING", locked: nil, checkedIn: nil)).exit == 0)
        #expect(try store.put("commitments", Self.commitment(status: "PENDING", text: "Run 6k", locked: nil, checkedIn: nil)).exit == 0,
                "before the deadline the text may change")
        #expect(try store.put("commitments", Self.commitment(status: "PENDING", text: "Run 6k", checkedIn: nil)).exit == 0, "locked")
        let text = try store.put("commitments", Self.commitment(status: "PENDING", text: "Nap", checkedIn: nil))
        #expect(text.exit == 3 && text.stderr.contains("text-locked-at-deadline") && text.stderr.contains("/text"), "\(text)")
        // Clearing the lock first would free the text: the lock stays once set.
        let unlock = try store.put("commitments", Self.commitment(status: "PENDING", text: "Run 6k", locked: nil, checkedIn: nil))
        #expect(unlock.exit == 3 && unlock.stderr.contains("text-locked-at-deadline") && unlock.stderr.contains("/locked_at"), "\(unlock)")
        #expect(try store.put("commitments", Self.commitment(text: "Run 6k")).exit == 0, "checked in YES")
        for (changed, field, rule) in [
            (Self.commitment(date: "2025-01-26", text: "Run 6k"), "/date", "date-never-changes"),
            (Self.commitment(text: "Run 6k", tier: 3), "/escalation_tier_snap", "final-commitment-fixed"),
            (Self.commitment(text: "Run 6k", checkedIn: "2025-01-28T04:00:00Z"), "/checked_in_at", "final-commitment-fixed"),
            (Self.commitment(text: "Something else"), "/text", "text-locked-at-deadline"),
        ] {
            let refused = try store.put("commitments", changed)
            #expect(refused.exit == 3 && refused.stderr.contains(rule) && refused.stderr.contains(field), "\(field): \(refused)")
        }
        let stored = try #require(E2EFiles.object(store.url.appendingPathComponent("data/commitments/2025/01/\(Self.id).json")))
        #expect(stored["text"] as? String == "Run 6k" && stored["date"] as? String == "2025-01-27" && stored["escalation_tier_snap"] as? Int == 1)

        let other = try AppStore("pressure")
        #expect(try other.put("commitments", Self.commitment(status: "NO", shield: true)).exit == 0)
        let unshield = try other.put("commitments", Self.commitment(status: "NO", shield: false))
        #expect(unshield.exit == 3 && unshield.stderr.contains("shield-never-removed") && unshield.stderr.contains("/shield_used"), "\(unshield)")
        let early = try other.put("commitments", Self.commitment(checkedIn: "2025-01-27T16:59:59Z").replacingOccurrences(of: Self.id, with: "0BAD0000-0000-4000-8000-000000000002"))
        #expect(early.exit == 3 && early.stderr.contains("check-in-after-lock") && early.stderr.contains("/checked_in_at"), "\(early)")
        let blank = try other.put("commitments", Self.commitment(status: "PENDING", text: "   ", locked: nil, checkedIn: nil).replacingOccurrences(of: Self.id, with: "0BAD0000-0000-4000-8000-000000000003"))
        #expect(blank.exit == 3 && blank.stderr.contains("/text"), "\(blank)")
    }

    @Test("3. Pressure: locked_at is the settings' deadline and a check-in falls in the settings' window, when they are set; a later change of the settings leaves older commitments valid")
    func deadlinesFromTheSettings() throws {
        // UTC; deadline 09:00, window close 22:00. A day to come: a past day is settled (issue 61).
        let store = try AppStore("pressure")
        #expect(try store.put("settings", Self.settings(zone: "UTC")).exit == 0)
        let late = try store.put("commitments", Self.commitment(status: "PENDING", date: "2099-01-27", checkedIn: nil))
        #expect(late.exit == 3 && late.stderr.contains("locked-at-deadline") && late.stderr.contains("09:00"), "\(late)")
        #expect(try store.put("commitments", Self.commitment(status: "PENDING", date: "2099-01-27", locked: "2099-01-27T09:00:00Z", checkedIn: nil)).exit == 0)
        let closed = try store.put("commitments", Self.commitment(date: "2099-01-27", locked: "2099-01-27T09:00:00Z", checkedIn: "2099-01-27T22:00:00Z"))
        #expect(closed.exit == 3 && closed.stderr.contains("check-in-inside-window") && closed.stderr.contains("/checked_in_at"), "\(closed)")
        #expect(try store.put("commitments", Self.commitment(date: "2099-01-27", locked: "2099-01-27T09:00:00Z", checkedIn: "2099-01-27T21:59:00Z")).exit == 0)
        // The user moves the deadline: the YES commitment locked at 09:00 still saves (a shield never applies to YES, so save it unchanged).
        #expect(try store.put("settings", Self.settings(zone: "UTC").replacingOccurrences(of: "\"09:00\"", with: "\"10:00\"")).exit == 0)
        #expect(try store.put("commitments", Self.commitment(date: "2099-01-27", locked: "2099-01-27T09:00:00Z", checkedIn: "2099-01-27T21:59:00Z")).exit == 0)
        #expect(try run(["check", "--store", store.url.path]).exit == 0)
    }

    // MARK: 4 and 5. Elaro's templates and focus areas

    static func template(variants: [Int]) -> String {
        let list = variants.map { #"{"durationMinutes": \#($0), "steps": ["Step"]}"# }.joined(separator: ", ")
        return #"{"id": "A-EMO-001", "focusId": "emotion_skills", "title": "Name your feeling first", "whyLine": "Models language", "tags": ["labeling"], "difficulty": 1, "variants": [\#(list)], "contraindications": [], "contentVersion": 1, "source": "Elaro"}"#
    }

    static func instance(_ id: String, minutes: Int) -> String {
        #"{"id": "\#(id)", "date": "2025-01-27", "templateId": "A-EMO-001", "variantDuration": \#(minutes), "status": "done", "feltDifficulty": "ok"}"#
    }

    @Test("4. Elaro: a template change that takes away a variant an instance holds is refused, naming the instance; one that keeps it saves")
    func templateEditsKeepTheirInstances() throws {
        let store = try AppStore("elaro")
        #expect(try store.put("action-templates", Self.template(variants: [5, 10, 20])).exit == 0)
        #expect(try store.put("action-instances", Self.instance(Self.id, minutes: 10)).exit == 0)
        let removed = try store.put("action-templates", Self.template(variants: [5, 20]))
        #expect(removed.exit == 3 && removed.stderr.contains("variant-of-template") && removed.stderr.contains(Self.id), "\(removed)")
        let template = try #require(E2EFiles.object(store.url.appendingPathComponent("data/action-templates/A-EMO-001.json")))
        #expect((template["variants"] as? [Any])?.count == 3, "the template is as it was")
        #expect(try store.put("action-templates", Self.template(variants: [5, 10])).exit == 0, "20 is held by no instance")
        let check = try run(["check", "--store", store.url.path])
        #expect(check.exit == 0, "\(check)")
    }

    @Test("5. Elaro: a focus area's id is its name")
    func focusAreaIDIsItsName() throws {
        let store = try AppStore("elaro")
        let area = #"{"id": "connection", "name": "%@", "active": false, "startedAt": "2025-01-06T09:00:00Z", "buildingBlocks": []}"#
        let wrong = try store.put("focus-areas", area.replacingOccurrences(of: "%@", with: "independence"))
        #expect(wrong.exit == 3 && wrong.stderr.contains("id-is-name") && wrong.stderr.contains("/id"), "\(wrong)")
        #expect(try store.put("focus-areas", area.replacingOccurrences(of: "%@", with: "connection")).exit == 0)
    }

    // MARK: 6. Seeds the user deleted

    @Test("6. Cravey: after rm of a default message, seed import writes nothing, on this store and on a copy that never saw the rm")
    func deletedDefaultsStayDeleted() throws {
        let store = try AppStore("cravey")
        let seed = E2ERepository.root.appendingPathComponent("samples/cravey/seeds/messages_seed.json").path
        #expect(try run(["seed", "import", seed, "--store", store.url.path]).exit == 0)
        let messages = try #require(try run(["ls", "motivational-messages", "--json", "--store", store.url.path]).json() as? [[String: Any]])
        let id = try #require(messages.compactMap { ($0["document"] as? [String: Any] ?? $0)["id"] as? String }.first)
        #expect(try store.rm("motivational-messages", id).exit == 0)
        let before = treeHash(store.url)
        let again = try run(["seed", "import", seed, "--store", store.url.path])
        #expect(again.exit == 0 && again.stdout.contains("nothing changed") && again.stdout.contains("deleted by the user"), "\(again)")
        #expect(treeHash(store.url) == before, "nothing written")
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("data/motivational-messages/\(id).json").path))
        let manifest = try String(contentsOf: store.url.appendingPathComponent("store.json"), encoding: .utf8)
        #expect(manifest.contains("\"seedDeletions\"") && manifest.contains(id), "recorded where every device reads it")
    }

    @Test("6. Cravey: default messages are seeded only into a store that holds none; a newer file adds no message to them")
    func defaultsSeedOnce() throws {
        let store = try AppStore("cravey")
        let message = { (id: String, version: Int) in
            #"{"id": "\#(id)", "content": "Walk first, decide later.", "category": "urge", "isCustom": false, "priority": 0, "timesShown": 0, "isActive": true, "createdAt": "2025-01-01T00:00:00Z", "contentVersion": \#(version)}"#
        }
        let first = try store.folder.write(#"{"collection": "motivational-messages", "source": "Cravey", "contentVersion": 1, "documents": [\#(message("0BAD0000-0000-4000-8000-000000000011", 1))]}"#, to: "v1.json")
        let second = try store.folder.write(#"{"collection": "motivational-messages", "source": "Cravey", "contentVersion": 2, "documents": [\#(message("0BAD0000-0000-4000-8000-000000000011", 1)), \#(message("0BAD0000-0000-4000-8000-000000000012", 2))]}"#, to: "v2.json")
        let imported = try run(["seed", "import", first.path, "--store", store.url.path])
        #expect(imported.exit == 0, "\(imported)")
        let later = try run(["seed", "import", second.path, "--store", store.url.path, "--json"])
        let report = try #require(try later.json() as? [String: Any])
        let file = try #require((report["files"] as? [[String: Any]])?.first)
        #expect(file["notAdded"] as? [String] == ["0BAD0000-0000-4000-8000-000000000012"], "\(later)")
        #expect(report["changedStore"] as? Bool == true, "the newer file is recorded, as every import of a new file is")
    }

    // MARK: 7. Elaro's success rate

    @Test("7. Elaro: successRateByTag is done over shown (today.shown events), as seed 001 defines it")
    func successRateIsDoneOverShown() throws {
        let store = try AppStore("elaro")
        #expect(try store.put("action-templates", Self.template(variants: [5, 10])).exit == 0)
        // Shown on four days, done on one: 1/4 (counting instances would say 1/1). The report's
        // signals are as of the end of the day before --now.
        for (index, day) in ["2025-01-24", "2025-01-25", "2025-01-26", "2025-01-27"].enumerated() {
            let event = #"{"id": "0BAD0000-0000-4000-8000-00000000002\#(index)", "name": "today.shown", "payload": {"templateIds": ["A-EMO-001"]}, "timestamp": "\#(day)T08:00:00Z", "uploaded": false}"#
            #expect(try store.put("analytics-events", event).exit == 0)
        }
        #expect(try store.put("action-instances", Self.instance(Self.id, minutes: 10)).exit == 0)
        let report = try run(["report", "elaro", "today", "--now", "2025-01-28", "--json", "--store", store.url.path,
                              "--schema", E2ERepository.schema("elaro").path])
        #expect(report.exit == 0, "\(report)")
        let json = try #require(try report.json() as? [String: Any])
        let signals = try #require((json["report"] as? [String: Any])?["signals"] as? [String: Any], "\(json)")
        let rates = try #require(signals["successRateByTag"] as? [String: Double])
        #expect(rates["labeling"] == 0.25, "\(rates)")
    }

    // MARK: 8. The smaller ones

    @Test("8. MIGA: an app name is unique ignoring case and the white space around it, and never blank")
    func appNamesTrimmed() throws {
        let store = try AppStore("miga")
        let app = { (id: String, name: String) in
            #"{"id": "\#(id)", "appName": "\#(name)", "urlScheme": "instagram://", "iconName": "AppIcon-Instagram", "isInstalled": true, "dateAdded": "2025-01-06T14:12:05Z", "orderIndex": 0}"#
        }
        #expect(try store.put("selected-apps", app(Self.id, "Instagram")).exit == 0)
        let shouted = try store.put("selected-apps", app("0BAD0000-0000-4000-8000-000000000002", "INSTAGRAM "))
        #expect(shouted.exit == 3 && shouted.stderr.contains("/appName") && shouted.stderr.contains("white space"), "\(shouted)")
        let blank = try store.put("selected-apps", app("0BAD0000-0000-4000-8000-000000000003", "   "))
        #expect(blank.exit == 3 && blank.stderr.contains("/appName"), "\(blank)")
    }

    @Test("8. Cravey: a recording's files are named exactly after its id")
    func recordingPathsAreExact() throws {
        let store = try AppStore("cravey")
        let recording = { (file: String) in
            #"{"id": "\#(Self.id)", "timestamp": "2025-01-08T03:14:03Z", "type": "video", "purpose": "motivational", "duration": 74.5, "filePath": "\#(file)", "title": "Why", "playCount": 0, "createdAt": "2025-01-08T03:15:23Z"}"#
        }
        for wrong in ["Recordings/video_x\(Self.id)x.mov", "Recordings/video_\(Self.id.lowercased()).mov", "Recordings/audio_\(Self.id).m4a"] {
            let refused = try store.put("recordings", recording(wrong))
            #expect(refused.exit == 3 && refused.stderr.contains("/filePath"), "\(wrong): \(refused)")
        }
        #expect(try store.put("recordings", recording("Recordings/video_\(Self.id).mov")).exit == 0)
    }

    @Test("8. Pressure: the shield reset is local midnight of the 1st in the store's calendar, which the settings' time zone names")
    func shieldResetInTheUsersZone() throws {
        let store = try AppStore("pressure")  // the store is in UTC
        let elsewhere = try store.put("settings", Self.settings(zone: "Asia/Kolkata"))
        #expect(elsewhere.exit == 3 && elsewhere.stderr.contains("known-time-zone") && elsewhere.stderr.contains("files new days in (UTC)"), "\(elsewhere)")
        #expect(try run(["time-zone", "set", "Asia/Kolkata", "--from", "2025-01-01", "--store", store.url.path]).exit == 0)
        #expect(try store.put("settings", Self.settings(zone: "Asia/Kolkata")).exit == 0)
        let state = { (reset: String) in
            #"{"current_tier": 1, "consecutive_misses": 1, "consecutive_successes": 0, "current_streak": 0, "longest_streak": 5, "restart_shields_remaining": 1, "shield_reset_date": "\#(reset)"}"#
        }
        let utcMidnight = try store.put("escalation-state", state("2025-03-01T00:00:00Z"))
        #expect(utcMidnight.exit == 3 && utcMidnight.stderr.contains("Asia/Kolkata") && utcMidnight.stderr.contains("/shield_reset_date"), "\(utcMidnight)")
        #expect(try store.put("escalation-state", state("2025-02-28T18:30:00Z")).exit == 0, "midnight of March 1st in Kolkata")
        // A store that never moved judges it in its one zone.
        let bare = try AppStore("pressure")
        #expect(try bare.put("escalation-state", state("2025-03-01T00:00:00Z")).exit == 0)
    }

    @Test("8. Cravey: the catalog describes usage amounts as the schema has them: halves for joints, not whole units")
    func usageAmountDescription() throws {
        let catalog = try String(contentsOf: E2ERepository.schema("cravey").appendingPathComponent("catalog.json"), encoding: .utf8)
        #expect(!catalog.contains("whole units") && catalog.contains("joints and blunts in steps of 0.5"))
        let schema = try String(contentsOf: E2ERepository.schema("cravey").appendingPathComponent("usage.schema.json"), encoding: .utf8)
        #expect(schema.contains("\"multipleOf\": 0.5"), "the description follows the schema")
        // A half unit saves; a third does not.
        let store = try AppStore("cravey")
        let usage = { (amount: String) in
            #"{"id": "\#(Self.id)", "timestamp": "2025-01-27T22:10:00Z", "method": "Joints", "amount": \#(amount), "triggers": [], "createdAt": "2025-01-27T22:10:40Z"}"#
        }
        #expect(try store.put("usage", usage("1.5")).exit == 0)
        #expect(try store.put("usage", usage("1.3")).exit == 3)
    }
}
