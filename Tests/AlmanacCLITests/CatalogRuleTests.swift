import Foundation
import Testing

/// One catalog rule the store enforces, with a document that breaks it.
struct CatalogRuleRow: Sendable, CustomTestStringConvertible {
    var app: String
    var collection: String
    var rule: String
    /// Documents put before the base (what the base refers to).
    var before: [(String, RuleJSON)] = []
    /// The valid stored document; `broken` replaces it (same id) or joins it (another id).
    var base: RuleJSON
    var broken: RuleJSON
    /// Whether `check` can see the rule broken by a hand edit (a transition needs the history).
    var checkable = true

    var testDescription: String { "\(app) \(collection) \(rule)" }
}

extension CatalogRuleRow {
    static func base(_ collection: String) -> RuleJSON { SchemaRuleFixtures.bases[collection]! }
    static func with(_ collection: String, _ changes: [(String, RuleJSON)]) -> RuleJSON {
        var document = base(collection)
        for (pointer, value) in changes { document.set(pointer, value) }
        return document
    }
    static let other = RuleJSON.string(SchemaRuleFixtures.otherID)

    static let rows: [CatalogRuleRow] = [
        .init(app: "miga", collection: "usage-events", rule: "pause-within-timer", base: base("usage-events"),
              broken: with("usage-events", [("/pauseDuration", 40), ("/timerDuration", 20)])),
        .init(app: "miga", collection: "streaks", rule: "streak-dates-ordered", base: base("streaks"),
              broken: with("streaks", [("/startDate", "2025-01-28T08:15:00Z")])),
        .init(app: "miga", collection: "streaks", rule: "one-current-streak", base: base("streaks"),
              broken: with("streaks", [("/id", other)])),
        .init(app: "elaro", collection: "focus-areas", rule: "at-most-two-active",
              before: [("focus-areas", with("focus-areas", [("/id", "connection"), ("/name", "connection")]))],
              base: base("focus-areas"), broken: with("focus-areas", [("/id", "independence"), ("/name", "independence")])),
        .init(app: "pressure", collection: "commitments", rule: "one-way-status", base: base("commitments"),
              broken: with("commitments", [("/status", "NO")]), checkable: false),
        .init(app: "pressure", collection: "commitments", rule: "distinct-sort-order-per-day", base: base("commitments"),
              broken: with("commitments", [("/id", other), ("/text", "Call Mom")])),
        .init(app: "pressure", collection: "escalation-state", rule: "streak-within-longest", base: base("escalation-state"),
              broken: with("escalation-state", [("/current_streak", 6)])),
        .init(app: "cravey", collection: "usage", rule: "timestamp-not-in-future", base: base("usage"),
              broken: with("usage", [("/timestamp", "2099-01-27T22:10:00Z")])),
        .init(app: "cravey", collection: "usage", rule: "modified-after-created", base: base("usage"),
              broken: with("usage", [("/modifiedAt", "2025-01-27T22:00:00Z"), ("/timestamp", "2025-01-27T21:50:00Z")])),
        .init(app: "cravey", collection: "cravings", rule: "timestamp-not-in-future", before: [("recordings", base("recordings"))],
              base: base("cravings"), broken: with("cravings", [("/timestamp", "2099-01-27T21:02:00Z")])),
        .init(app: "cravey", collection: "cravings", rule: "modified-after-created", before: [("recordings", base("recordings"))],
              base: base("cravings"), broken: with("cravings", [("/modifiedAt", "2025-01-27T21:00:00Z"), ("/timestamp", "2025-01-27T20:50:00Z")])),
        .init(app: "cravey", collection: "recordings", rule: "modified-after-created", base: base("recordings"),
              broken: with("recordings", [("/modifiedAt", "2025-01-08T03:00:00Z")])),
        .init(app: "cravey", collection: "motivational-messages", rule: "modified-after-created", base: base("motivational-messages"),
              broken: with("motivational-messages", [("/modifiedAt", "2024-01-01T00:00:00Z")])),
        // Rules that were only in Swift (issue 30, item 5): each is now the store's too.
        .init(app: "elaro", collection: "weekly-summaries", rule: "week-starts-monday", base: base("weekly-summaries"),
              broken: with("weekly-summaries", [("/weekStart", "2025-01-21")])),  // a Tuesday
        .init(app: "elaro", collection: "action-instances", rule: "variant-of-template",
              before: [("focus-areas", base("focus-areas")), ("action-templates", base("action-templates"))],
              base: base("action-instances"), broken: with("action-instances", [("/variantDuration", 20)])),  // the template has 5 and 10
        .init(app: "pressure", collection: "escalation-state", rule: "shield-reset-first-of-month", base: base("escalation-state"),
              broken: with("escalation-state", [("/shield_reset_date", "2025-03-17T00:00:00Z")])),
        .init(app: "pressure", collection: "escalation-state", rule: "shield-reset-first-of-month", base: base("escalation-state"),
              broken: with("escalation-state", [("/shield_reset_date", "2025-03-01T08:00:00Z")])),  // the 1st, but not its midnight
        .init(app: "pressure", collection: "settings", rule: "known-time-zone", base: base("settings"),
              broken: with("settings", [("/timezone_identifier", "Mars/Olympus_Mons")])),
        // A real zone, but not the one the store (in UTC) files new days in: the app's days and the store's would differ.
        .init(app: "pressure", collection: "settings", rule: "known-time-zone", base: base("settings"),
              broken: with("settings", [("/timezone_identifier", "Asia/Kolkata")])),
        .init(app: "miga", collection: "preferences", rule: "fre-moves-forward", base: base("preferences"),
              broken: with("preferences", [("/frePhase", "notStarted")]), checkable: false),
        .init(app: "miga", collection: "streaks", rule: "streak-day-count", base: base("streaks"),
              broken: with("streaks", [("/currentDayCount", 100)])),
        .init(app: "cravey", collection: "recordings", rule: "files-named-after-id", base: base("recordings"),
              broken: with("recordings", [("/filePath", "Recordings/video_CD3AE75D-E1D0-480D-A883-7DF84BFE6ED3.mov")])),  // another recording's file
    ]
}

@Suite("Catalog rules the store enforces")
struct CatalogRuleTests {
    private func makeStore(_ row: CatalogRuleRow, in folder: E2EFolder) throws -> URL {
        let store = folder.path("store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema(row.app).path, "--time-zone", "UTC"])
        try #require(result.exit == 0, "\(result)")
        for (collection, document) in row.before + [(row.collection, row.base)] {
            let put = try run(["put", "--store", store.path, collection], stdin: document.text)
            try #require(put.exit == 0, "a valid \(collection) document was refused: \(put)")
        }
        return store
    }

    @Test("almanac put refuses a document that breaks the rule, naming it; check reports the rule broken by a hand edit",
          arguments: CatalogRuleRow.rows)
    func ruleIsEnforced(_ row: CatalogRuleRow) throws {
        let folder = E2EFolder()
        let store = try makeStore(row, in: folder)
        let before = dataFiles(store).map { (try? Data(contentsOf: store.appendingPathComponent($0))) ?? Data() }
        let put = try run(["put", "--store", store.path, row.collection], stdin: row.broken.text)
        #expect(put.exit == 3, "\(put)")
        #expect(put.stderr.contains("rule \"\(row.rule)\""), "the error names the rule: \(put)")
        #expect(dataFiles(store).map { (try? Data(contentsOf: store.appendingPathComponent($0))) ?? Data() } == before, "nothing changed")
        guard row.checkable else { return }

        // The same document written by hand, beside or over the stored one.
        var baseID: String?
        if !SchemaRuleFixtures.singletons.contains(row.collection), case .string(let id)? = row.base[pointer: "/id"] { baseID = id }
        let files = dataFiles(store).filter { file in
            file.contains("/\(row.collection)") && (baseID.map { file.hasSuffix("/\($0).json") } ?? true)
        }
        let stored = try #require(files.first)
        var target = store.appendingPathComponent(stored)
        if case .string(let id)? = row.broken[pointer: "/id"], id != baseID {
            target = target.deletingLastPathComponent().appendingPathComponent("\(id).json")
        }
        try Data(row.broken.text.utf8).write(to: target)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        #expect((check.stdout + check.stderr).contains(row.rule), "check names the rule: \(check)")
    }

    @Test("a reference to a missing document is refused; saved after the document it names, it is accepted")
    func missingReferenceRefused() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("cravey").path, "--time-zone", "UTC"]).exit == 0)
        let put = try run(["put", "--store", store.path, "cravings"], stdin: CatalogRuleRow.base("cravings").text)
        #expect(put.exit == 3, "\(put)")
        #expect(put.stderr.contains("recordings document \"\(SchemaRuleFixtures.recordingID)\", which does not exist"), "\(put)")
        #expect(dataFiles(store).isEmpty)
        // The recording first, then the craving: both are accepted.
        #expect(try run(["put", "--store", store.path, "recordings"], stdin: CatalogRuleRow.base("recordings").text).exit == 0)
        #expect(try run(["put", "--store", store.path, "cravings"], stdin: CatalogRuleRow.base("cravings").text).exit == 0)
    }

    @Test("a timestamp written with an offset is stored in UTC, the instant unchanged")
    func offsetTimestampStoredInUTC() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("cravey").path, "--time-zone", "UTC"]).exit == 0)
        let usage = CatalogRuleRow.with("usage", [("/timestamp", "2025-02-08T10:00:00+01:00"), ("/createdAt", "2025-02-08T10:00:40.250+01:00"),
                                                  ("/notes", "2025-02-08T10:00:00+01:00")])
        let put = try run(["put", "--store", store.path, "usage"], stdin: usage.text)
        #expect(put.exit == 0, "\(put)")
        let get = try run(["get", "--store", store.path, "usage", SchemaRuleFixtures.baseID])
        #expect(get.stdout.contains("\"timestamp\": \"2025-02-08T09:00:00Z\""), "\(get)")
        #expect(get.stdout.contains("\"createdAt\": \"2025-02-08T09:00:40.250Z\""), "\(get)")
        // Notes are the user's words, not a date-time field: kept as written, and check says nothing of them.
        #expect(get.stdout.contains("\"notes\": \"2025-02-08T10:00:00+01:00\""), "\(get)")
        // A hand-written offset is reported by check (a warning: the next save normalises it).
        let file = try #require(dataFiles(store).first)
        let text = try String(contentsOf: store.appendingPathComponent(file), encoding: .utf8)
        try Data(text.replacingOccurrences(of: "2025-02-08T09:00:00Z", with: "2025-02-08T10:00:00+01:00").utf8).write(to: store.appendingPathComponent(file))
        let check = try run(["check", "--store", store.path])
        #expect(check.stdout.contains("is not in the stored form (UTC with Z"), "\(check)")
        #expect(check.stdout.contains("/timestamp") && !check.stdout.contains("/notes"), "\(check)")
    }
}
