import Foundation
import Testing

@testable import Almanac

/// Issue 61's items, tried with the tool: reports as of a moment, instants kept to the
/// millisecond, Cravey's record rules, text measured and judged as people see it, no future facts.
extension SeedRuleTests {
    // MARK: Reports as of a moment

    @Test("Why 1. Pressure: the status as of 2025-01-15T20:00Z reads no later check-in or shield; Elaro's week counts only its days so far")
    func reportsReadNoFuture() throws {
        let folder = E2EFolder()
        let pressure = try ReportCommandTests.migratedSample("pressure", in: folder)
        let status = try run(["report", "pressure", "status", "--store", pressure.path, "--now", "2025-01-15T20:00:00Z"])
        #expect(status.exit == 0, "\(status)")
        #expect(!status.stdout.contains("checked in 21:01"), "a check-in after --now is not read: \(status)")
        #expect(status.stdout.contains("Restart shields: 1 left"), "the shield spent on 2025-01-19 is still there: \(status)")
        #expect(status.stdout.contains("Escalation tier 0 of 3"), "\(status)")
        #expect(status.stdout.contains("Streak: 5 days"), "replaying up to 2025-01-14 gives five YES days: \(status)")

        let elaro = try ReportCommandTests.migratedSample("elaro", in: folder)
        let week = try run(["report", "elaro", "week", "--store", elaro.path, "--now", "2025-01-29T12:00:00Z", "--json"])
        #expect(week.exit == 0, "\(week)")
        let report = try #require((try week.json() as? [String: Any])?["report"] as? [String: Any], "\(week)")
        let days = try #require(report["days"] as? [[String: Any]])
        #expect(days.count == 3, "Monday through Wednesday: \(days)")
        #expect(report["total"] as? Int == days.reduce(0) { $0 + ($1["total"] as? Int ?? 0) }, "the week's total is the sum of its days so far: \(report)")
        #expect(report["done"] as? Int == days.reduce(0) { $0 + ($1["done"] as? Int ?? 0) }, "\(report)")
    }

    @Test("Why 2. --now DATE runs to the last instant of that day: an event at 23:59:59.5 local counts")
    func nowDateIsInclusive() throws {
        let folder = E2EFolder()
        let created = try run(["init", folder.path("store").path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "America/New_York"])
        try #require(created.exit == 0, "\(created)")
        let event = #"{"id": "\#(Self.id)", "eventType": "proceed_to_app", "targetAppName": "TikTok", "pauseDuration": 30, "timerDuration": 30, "timestamp": "2025-03-01T04:59:59.500Z"}"#
        let file = try folder.write(event, to: "event.json")
        let saved = try run(["put", "usage-events", file.path, "--store", folder.path("store").path])
        try #require(saved.exit == 0, "\(saved)")
        let kpis = try run(["report", "miga", "kpis", "--store", folder.path("store").path, "--now", "2025-02-28", "--json"])
        #expect(kpis.exit == 0 && !kpis.stdout.contains("No usage events yet"), "\(kpis)")
        let report = try #require((try kpis.json() as? [String: Any])?["report"] as? [String: Any], "\(kpis)")
        #expect(report["totalEvents"] as? Int == 1 && report["proceeds"] as? Int == 1, "the event is counted: \(report)")
        #expect((try kpis.json() as? [String: Any])?["now"] as? String == "2025-03-01T04:59:59.999Z", "the day's last millisecond")
        let before = try run(["report", "miga", "kpis", "--store", folder.path("store").path, "--now", "2025-02-27"])
        #expect(before.stdout.contains("No usage events yet"), "a day earlier it had not happened: \(before)")
    }

    @Test("Why 3. Pressure: a settled day gains no commitment and none of its commitments is PENDING; the escalation replays the same before and after the refused writes")
    func settledDaysStaySettled() throws {
        let folder = E2EFolder()
        let store = try ReportCommandTests.migratedSample("pressure", in: folder)
        let status = { try run(["report", "pressure", "status", "--store", store.path, "--now", ReportCommandTests.sampleNow, "--json"]) }
        let before = try status()
        let tier = try #require((try before.json() as? [String: Any])?["report"] as? [String: Any])["escalationTier"] as? Int
        // 2025-01-28 settled YES; a second record of it would count as a miss.
        let extra = #"{"id": "\#(Self.id)", "date": "2025-01-28", "text": "", "locked_at": "2025-01-28T17:00:00Z", "status": "MISSED", "checked_in_at": null, "escalation_tier_snap": 0, "shield_used": false, "sort_order": 1}"#
        let added = try run(["put", "commitments", try folder.write(extra, to: "extra.json").path, "--store", store.path])
        #expect(added.exit == 3 && added.stderr.contains("settled-day-stays-settled") && added.stderr.contains("gains no new document"), "\(added)")
        let pending = #"{"id": "0BAD0000-0000-4000-8000-000000000009", "date": "2025-01-10", "text": "Late", "locked_at": null, "status": "PENDING", "checked_in_at": null, "escalation_tier_snap": 0, "shield_used": false, "sort_order": 5}"#
        let open = try run(["put", "commitments", try folder.write(pending, to: "pending.json").path, "--store", store.path])
        #expect(open.exit == 3 && open.stderr.contains("settled-day-stays-settled") && open.stderr.contains("/status"), "\(open)")
        let after = try status()
        let tierAfter = try #require((try after.json() as? [String: Any])?["report"] as? [String: Any])["escalationTier"] as? Int
        #expect(tier != nil && tierAfter == tier, "the escalation is what it was: \(String(describing: tier)) → \(String(describing: tierAfter))")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    // MARK: Instants

    @Test("Why 4. Pressure across a move from Los Angeles to Kolkata: the recorded days stay, a change that would leave the stored shield reset wrong is refused, the settings name the store's zone")
    func oneCalendarAcrossAMove() throws {
        let folder = E2EFolder()
        let store = try ReportCommandTests.migratedSample("pressure", in: folder)
        let status = { (now: String) in try run(["report", "pressure", "status", "--store", store.path, "--now", now, "--json"]) }
        let before = try status(ReportCommandTests.sampleNow)
        try #require(before.exit == 0, "\(before)")

        let stored = try run(["get", "settings", "--store", store.path])
        var settings = try #require(try JSONSerialization.jsonObject(with: Data(stored.stdout.utf8)) as? [String: Any], "\(stored)")
        settings["timezone_identifier"] = "Asia/Kolkata"
        let text = String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self)
        let early = try run(["put", "settings", "--store", store.path], stdin: text)
        #expect(early.exit == 3 && early.stderr.contains("known-time-zone") && early.stderr.contains("(America/Los_Angeles)"), "the app's zone and the store's must agree: \(early)")

        // The sample's last notification is on 3 February: from then, a recorded day would change.
        let back = try run(["time-zone", "set", "Asia/Kolkata", "--from", "2025-02-02", "--store", store.path])
        #expect(back.exit != 0 && back.stderr.contains("would"), "a recorded day would change: \(back)")
        // From the 10th, the stored escalation state's next shield (Los Angeles' midnight of 1 March)
        // would sit on a Kolkata day it does not begin: refused, naming the rule (the app's
        // PressureService.move saves the state anew in the same write).
        let early2 = try run(["time-zone", "set", "Asia/Kolkata", "--from", "2025-02-10", "--store", store.path])
        #expect(early2.exit != 0 && early2.stderr.contains("shield-reset-first-of-month") && early2.stderr.contains("(2025-02-28T18:30:00Z)"), "\(early2)")
        let moved = try run(["time-zone", "set", "Asia/Kolkata", "--from", "2025-03-02", "--store", store.path])
        #expect(moved.exit == 0 && moved.stdout.contains("America/Los_Angeles  until 2025-03-01") && moved.stdout.contains("Asia/Kolkata  from 2025-03-02"), "\(moved)")
        #expect(try run(["put", "settings", "--store", store.path], stdin: text).exit == 0)
        let shown = try run(["time-zone", "show", "--store", store.path, "--json"])
        let periods = try #require((try shown.json() as? [String: Any])?["periods"] as? [[String: Any]], "\(shown)")
        #expect(periods.count == 2 && periods[1]["from"] as? String == "2025-03-02" && periods[1]["timeZone"] as? String == "Asia/Kolkata", "\(periods)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        // What happened before the move reads as it did.
        let again = try status(ReportCommandTests.sampleNow)
        let report = { (run: AlmanacRun) in (try? run.json() as? [String: Any])?["report"] as? [String: Any] }
        let canonical = { (run: AlmanacRun) in
            String(decoding: (try? JSONSerialization.data(withJSONObject: report(run) ?? [:], options: .sortedKeys)) ?? Data(), as: UTF8.self)
        }
        #expect(canonical(again) == canonical(before) && canonical(before).count > 100, "\(again.stdout)")
        // After it: Kolkata's clock, and the next shield on 1 April, midnight there (the catalog's rule and the report agree).
        let after = try status("2025-03-05T12:00:00Z")
        #expect(after.exit == 0 && report(after)?["shieldResetDate"] as? String == "2025-04-01" && report(after)?["timeZone"] as? String == "Asia/Kolkata", "\(after.stdout)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        let status2 = try run(["status", "--store", store.path])
        #expect(status2.stdout.contains("Asia/Kolkata (changes: Asia/Kolkata from 2025-03-02)"), "\(status2)")
    }

    @Test("5. A timestamp finer than a millisecond is stored rounded down: filed on its own day, found by a range, and check agrees")
    func instantsKeepMilliseconds() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let created = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "America/New_York"])
        try #require(created.exit == 0, "\(created)")
        let event = #"{"id": "\#(Self.id)", "eventType": "proceed_to_app", "targetAppName": "TikTok", "pauseDuration": 30, "timerDuration": 30, "timestamp": "2025-03-01T04:59:59.99999999Z"}"#
        let saved = try run(["put", "usage-events", try folder.write(event, to: "event.json").path, "--store", store.path])
        try #require(saved.exit == 0, "\(saved)")
        let file = store.appendingPathComponent("data/usage-events/2025/02/\(Self.id).json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"2025-03-01T04:59:59.999Z\""), "28 February in New York, kept to the millisecond: \(text)")
        let listed = try run(["ls", "usage-events", "--where", "timestamp<2025-03-01T05:00:00Z", "--store", store.path])
        #expect(listed.exit == 0 && listed.stdout.contains(Self.id), "\(listed)")

        // A hand-edited finer fraction is reported by check and filed by the same instant.
        try Data(text.replacingOccurrences(of: ".999Z", with: ".9999999Z").utf8).write(to: file)
        let check = try run(["check", "--store", store.path])
        #expect(check.stdout.contains("at most milliseconds") && !check.stdout.contains("wrong folder"), "\(check)")
        #expect(try run(["ls", "usage-events", "--where", "timestamp<2025-03-01T05:00:00Z", "--store", store.path]).stdout.contains(Self.id))
    }

    // MARK: Cravey's record rules

    static func usage(createdAt: String = "2025-01-30T10:00:00Z", timestamp: String = "2025-01-30T09:00:00Z",
                      modifiedAt: String? = nil, notes: String? = nil, mood: String? = nil) -> String {
        var members = [#""id": "\#(id)""#, #""amount": 1"#, #""method": "Joints""#, #""triggers": []"#,
                       #""createdAt": "\#(createdAt)""#, #""timestamp": "\#(timestamp)""#]
        if let modifiedAt { members.append(#""modifiedAt": "\#(modifiedAt)""#) }
        if let notes { members.append(#""notes": "\#(notes)""#) }
        if let mood { members.append(#""mood": "\#(mood)""#) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test("6. Cravey: a log is not later than the save that made it, createdAt never changes, and modifiedAt is not in the future beyond 10 minutes")
    func craveyRecordRules() throws {
        let store = try AppStore("cravey")
        let late = try store.put("usage", Self.usage(createdAt: "2024-01-01T00:00:00Z", timestamp: "2025-01-30T09:00:00Z"))
        #expect(late.exit == 3 && late.stderr.contains("timestamp-not-in-future") && late.stderr.contains("/timestamp"), "\(late)")
        #expect(try store.put("usage", Self.usage()).exit == 0)
        let edited = try store.put("usage", Self.usage(timestamp: "2025-01-30T11:00:00Z", modifiedAt: "2025-01-30T12:00:00Z"))
        #expect(edited.exit == 0, "an edit may move the moment up to the edit: \(edited)")
        let rewritten = try store.put("usage", Self.usage(createdAt: "2025-01-29T10:00:00Z", modifiedAt: "2025-01-30T12:00:00Z"))
        #expect(rewritten.exit == 3 && rewritten.stderr.contains("created-at-fixed") && rewritten.stderr.contains("/createdAt"), "\(rewritten)")
        let future = try store.put("usage", Self.usage(modifiedAt: "2099-01-01T00:00:00Z"))
        #expect(future.exit == 3 && future.stderr.contains("modified-not-in-future") && future.stderr.contains("10 minutes"), "\(future)")
        let skewed = Timestamp.format(Date().addingTimeInterval(120))
        #expect(try store.put("usage", Self.usage(modifiedAt: skewed)).exit == 0, "two minutes of clock skew pass")
    }

    // MARK: Text as people see it

    @Test("7. Cravey: notes are at most 500 characters as people count them: 300 × 👍🏽 saves, 501 letters are refused in characters")
    func lengthsInCharacters() throws {
        let store = try AppStore("cravey")
        let thumbs = try store.put("usage", Self.usage(notes: String(repeating: "👍🏽", count: 300)))
        #expect(thumbs.exit == 0, "600 code points, 300 characters: \(thumbs)")
        let long = try store.put("usage", Self.usage(notes: String(repeating: "é", count: 501)))
        #expect(long.exit == 3 && long.stderr.contains("501 characters") && long.stderr.contains("/notes"), "\(long)")
    }

    @Test("8. Blank or invisible text is refused wherever the seeds say non-empty, naming the field")
    func blankMeansInvisible() throws {
        let elaro = try AppStore("elaro")
        let template = { (title: String, step: String) in
            #"{"id": "A-TST-001", "contentVersion": 1, "contraindications": [], "difficulty": 1, "focusId": "independence", "source": "Elaro", "tags": ["self_care"], "title": "\#(title)", "variants": [{"durationMinutes": 5, "steps": ["\#(step)"]}], "whyLine": "Small choices build ownership"}"#
        }
        #expect(try elaro.put("action-templates", template("Two-choice outfits", "Lay out two outfits")).exit == 0)
        for (title, step, pointer) in [("   ", "Lay out", "/title"), ("Outfits", "\u{200B}", "/variants/0/steps/0")] {
            let refused = try elaro.put("action-templates", template(title, step))
            #expect(refused.exit == 3 && refused.stderr.contains(pointer), "\(pointer): \(refused)")
        }
        let cravey = try AppStore("cravey")
        let mood = try cravey.put("usage", Self.usage(mood: "  "))
        #expect(mood.exit == 3 && mood.stderr.contains("/mood"), "\(mood)")

        let miga = try AppStore("miga")
        let app = { (id: String, name: String) in
            #"{"id": "\#(id)", "appName": "\#(name)", "urlScheme": "instagram://", "iconName": "AppIcon-Instagram", "isInstalled": true, "dateAdded": "2025-01-06T14:12:05Z", "orderIndex": 0}"#
        }
        let invisible = try miga.put("selected-apps", app(Self.id, "\u{200B}"))
        #expect(invisible.exit == 3 && invisible.stderr.contains("/appName") && invisible.stderr.contains("shows nothing"), "\(invisible)")
        #expect(try miga.put("selected-apps", app(Self.id, "Instagram")).exit == 0)
        let twin = try miga.put("selected-apps", app("0BAD0000-0000-4000-8000-000000000002", "Instagram\u{2060}"))
        #expect(twin.exit == 3 && twin.stderr.contains("/appName"), "a word joiner is invisible too: \(twin)")

        let pressure = try AppStore("pressure")
        let blank = try pressure.put("commitments", Self.commitment(status: "PENDING", text: "\u{200B}\u{3000}", locked: nil, checkedIn: nil))
        #expect(blank.exit == 3 && blank.stderr.contains("/text"), "\(blank)")
    }

    @Test("Also noticed: Elaro's notes purge after N months, the parent's setting (default 12, null keeps them), as seed 001 says")
    func notePurgeIsASetting() throws {
        let elaro = try AppStore("elaro")
        #expect(try elaro.put("action-templates", #"{"id": "A-TST-001", "contentVersion": 1, "contraindications": [], "difficulty": 1, "focusId": "independence", "source": "Elaro", "tags": ["self_care"], "title": "Outfits", "variants": [{"durationMinutes": 5, "steps": ["Lay out two outfits"]}], "whyLine": "Small choices"}"#).exit == 0)
        let noted = { (id: String, date: String) in
            #"{"id": "\#(id)", "date": "\#(date)", "feltDifficulty": "ok", "status": "done", "templateId": "A-TST-001", "variantDuration": 5, "note": "She chose the red one"}"#
        }
        let recent = "0BAD0000-0000-4000-8000-000000000001", old = "0BAD0000-0000-4000-8000-000000000002"
        #expect(try elaro.put("action-instances", noted(recent, "2025-01-10")).exit == 0)
        #expect(try elaro.put("action-instances", noted(old, "2023-01-10")).exit == 0)
        func note(_ id: String) throws -> Bool {
            try run(["get", "action-instances", id, "--store", elaro.url.path]).stdout.contains("She chose the red one")
        }
        func purge() throws -> AlmanacRun { try run(["retention", "run", "--now", "2025-08-15", "--store", elaro.url.path]) }
        #expect(try purge().exit == 0)
        let (recentKept, oldKept) = (try note(recent), try note(old))
        #expect(recentKept && !oldKept, "the default, 12 months: seven months old stays, thirty-one goes")
        #expect(try elaro.put("action-instances", noted(old, "2023-01-10")).exit == 0)
        #expect(try elaro.put("settings", #"{"notePurgeMonths": null}"#).exit == 0)
        #expect(try purge().exit == 0)
        let (recentNull, oldNull) = (try note(recent), try note(old))
        #expect(recentNull && oldNull, "null keeps every note")
        #expect(try elaro.put("settings", #"{"notePurgeMonths": 6}"#).exit == 0)
        let six = try purge()
        let (recentSix, oldSix) = (try note(recent), try note(old))
        #expect(six.exit == 0 && !recentSix && !oldSix, "six months: both go: \(six)")
        let bad = try elaro.put("settings", #"{"notePurgeMonths": 0}"#)
        #expect(bad.exit == 3 && bad.stderr.contains("/notePurgeMonths"), "\(bad)")
    }

    @Test("10. A value that only its spaces keep from matching says so: GPS written with a space, a time zone with a trailing one")
    func spacesNamedInMessages() throws {
        let cravey = try AppStore("cravey")
        var usage = Self.usage()
        usage.removeLast()
        let gps = try cravey.put("usage", usage + #", "location": "40.7128, -74.0060"}"#)
        #expect(gps.exit == 3 && gps.stderr.contains(#""40.7128, -74.0060" has spaces beside a comma; without them, "40.7128,-74.0060" matches the pattern"#), "\(gps)")
        let pressure = try AppStore("pressure")
        let zone = try pressure.put("settings", Self.settings(zone: "Asia/Kolkata "))
        #expect(zone.exit == 3 && zone.stderr.contains(#""Asia/Kolkata " has white space around it; without it, "Asia/Kolkata" matches the pattern"#), "\(zone)")
        let words = try pressure.put("settings", Self.settings(zone: "Asia Kolkata"))
        #expect(words.exit == 3 && !words.stderr.contains("without"), "no hint where the spaces are between words: \(words)")
    }

    // MARK: No future facts

    @Test("9. Elaro's instances and summaries and MIGA's events are not in the future; today in any zone is")
    func noFutureFacts() throws {
        let elaro = try AppStore("elaro")
        #expect(try elaro.put("action-templates", #"{"id": "A-TST-001", "contentVersion": 1, "contraindications": [], "difficulty": 1, "focusId": "independence", "source": "Elaro", "tags": ["self_care"], "title": "Outfits", "variants": [{"durationMinutes": 5, "steps": ["Lay out two outfits"]}], "whyLine": "Small choices"}"#).exit == 0)
        let utcToday = CalendarDate(Date(), in: TimeZone(identifier: "UTC")!)
        let instance = { (date: CalendarDate) in
            #"{"id": "\#(UUID().uuidString)", "date": "\#(date)", "feltDifficulty": "ok", "status": "done", "templateId": "A-TST-001", "variantDuration": 5}"#
        }
        #expect(try elaro.put("action-instances", instance(utcToday)).exit == 0)
        let ahead = try elaro.put("action-instances", instance(utcToday.adding(days: 3)))
        #expect(ahead.exit == 3 && ahead.stderr.contains("date-not-in-future") && ahead.stderr.contains("/date"), "\(ahead)")
        var monday = utcToday.adding(days: 7)
        while ElaroWeekday.index(of: monday) != 0 { monday = monday.adding(days: 1) }
        let summary = #"{"id": "\#(Self.id)", "weekStart": "\#(monday)", "winText": "w", "hardText": "h", "suggestedTweak": "keep"}"#
        let early = try elaro.put("weekly-summaries", summary)
        #expect(early.exit == 3 && early.stderr.contains("week-has-begun"), "\(early)")

        let miga = try AppStore("miga")
        let event = #"{"id": "\#(Self.id)", "eventType": "exit_to_focus", "targetAppName": "TikTok", "pauseDuration": 10, "timerDuration": 30, "timestamp": "2099-01-01T00:30:00Z"}"#
        let later = try miga.put("usage-events", event)
        #expect(later.exit == 3 && later.stderr.contains("timestamp-not-in-future") && later.stderr.contains("/timestamp"), "\(later)")
    }
}

/// Monday-based weekday numbers for a test's dates (0 Monday … 6 Sunday).
enum ElaroWeekday {
    static func index(of day: CalendarDate) -> Int {
        // 1970-01-01 was a Thursday (index 3).
        ((day.daysSinceEpoch % 7) + 7 + 3) % 7
    }
}
