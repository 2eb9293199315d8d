import Foundation
import Testing

@testable import Almanac

// Retention rules themselves: the age boundary, the catalog's checks, all three actions in
// one store, failures that change nothing, the library call, and `check` on archive/.

@Suite struct RetentionRuleTests {
    private func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    @Test func theCutoffIsTheFirstDayKeptAndADocumentGoesOnlyWhenItsDayIsBeforeIt() {
        let archive90 = RetentionRule(action: .archive, olderThan: .days(90), description: "")
        #expect(archive90.cutoff(asOf: day("2026-01-01")) == day("2025-10-03"))
        #expect(archive90.cutoff(asOf: day("2024-03-01")) == day("2023-12-02"))
        let clear12 = RetentionRule(action: .clear, olderThan: .months(12), fields: ["note"], description: "")
        #expect(clear12.cutoff(asOf: day("2026-01-01")) == day("2025-01-01"))
        #expect(clear12.cutoff(asOf: day("2024-02-29")) == day("2023-02-28"), "clamped to the shorter month")
        let oneMonth = RetentionRule(action: .delete, olderThan: .months(1), description: "")
        #expect(oneMonth.cutoff(asOf: day("2026-03-31")) == day("2026-02-28"))
        #expect(oneMonth.cutoff(asOf: day("2026-01-15")) == day("2025-12-15"))
        #expect(RetentionRule(action: .delete, olderThan: .months(30_000), description: "").cutoff(asOf: day("2026-01-01")) == day("0001-01-01"))
        #expect(archive90.summary == "archive older than 90 days" && clear12.summary == "clear note older than 12 months")
    }

    @Test func allThreeActionsInOneRunNameExactlyTheDocumentsOnEachSideOfTheirCutoffs() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        let before = RetentionFiles.documents(fixture.store)
        let text = try fixture.retention(["--dry-run"])
        #expect(text.stdout.contains("events: would archive older than 30 days (before 2025-12-02): 2 documents"), "\(text)")
        #expect(text.stdout.contains("notes: would clear text, mood older than 1 month (before 2025-12-01): 1 document\n  n-old"), "\(text)")
        #expect(text.stdout.contains("logs: would delete older than 7 days (before 2025-12-25): 1 document\n  l-old"), "\(text)")

        let result = try fixture.retention(["--json"])
        #expect(result.exit == 0, "\(result)")
        #expect(try RetentionFiles.ids(result, "events") == ["archive": ["e-old", "e-older"]])
        #expect(try RetentionFiles.ids(result, "notes") == ["clear": ["n-old"]], "n-old-bare has nothing to clear")
        #expect(try RetentionFiles.ids(result, "logs") == ["delete": ["l-old"]], "l-undated has no age")
        let report = try #require(try result.json() as? [String: Any])
        #expect(int(report["archived"]) == 2 && int(report["cleared"]) == 1 && int(report["deleted"]) == 1)

        var expected = before
        for path in ["data/events/2025/12/01/e-old.json", "data/events/2025/06/15/e-older.json"] {
            expected["archive/" + path.dropFirst(5)] = before[path]
            expected[path] = nil
        }
        expected["data/logs/l-old.json"] = nil
        expected["data/notes/2025/11/n-old.json"] = try RetentionFiles.cleared(before["data/notes/2025/11/n-old.json"], removing: ["text", "mood"])
        #expect(RetentionFiles.documents(fixture.store) == expected)
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("data/events/2025/06")), "emptied date folders go")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test func aClearThatBreaksTheSchemaChangesNothingAndNamesTheDocument() throws {
        let fixture = try RetentionFixture(textRequired: true)
        try fixture.put("events", [#"{"id": "e-old", "at": "2025-12-01T23:59:59Z"}"#])
        try fixture.put("notes", [#"{"id": "n-old", "date": "2025-11-30", "text": "private"}"#, #"{"id": "n-new", "date": "2025-12-01", "text": "recent"}"#])
        let before = RetentionFiles.documents(fixture.store)
        for extra in [["--dry-run"], []] {
            let result = try fixture.retention(extra)
            #expect(result.exit == 3, "\(result)")
            #expect(result.stderr.contains("data/notes/2025/11/n-old.json") && result.stderr.contains("text"), "\(result)")
        }
        #expect(RetentionFiles.documents(fixture.store) == before, "nothing archived, cleared or deleted")
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("archive")))
    }

    @Test("a different archived copy of a document being archived is replaced by the live one (an id is one document): the run never stops on it")
    func aDifferentFileAlreadyInTheArchiveIsReplacedByTheLiveDocument() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        try fixture.folder.write(#"{"id": "e-old", "at": "2025-12-01T00:00:00Z"}"#, to: "store/archive/events/2025/12/01/e-old.json")
        let live = try #require(E2EFiles.text(fixture.store.appendingPathComponent("data/events/2025/12/01/e-old.json")))
        let result = try fixture.retention()
        #expect(result.exit == 0, "\(result)")
        #expect(E2EFiles.text(fixture.store.appendingPathComponent("archive/events/2025/12/01/e-old.json")) == live)
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test func theLibraryRunsAsOfTodayInTheStoresTimeZoneByDefault() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        let store = try Store(at: fixture.store)
        let report = try store.applyRetention(dryRun: true)
        #expect(report.asOf == CalendarDate(Date(), in: TimeZone(identifier: "UTC")!) && report.dryRun)
        #expect(report.rules.map(\.collection) == ["events", "notes", "logs"])
        // Every fixture document is from 2025, so by today (2026 or later) every dated one is old enough.
        let real = try store.applyRetention(asOf: CalendarDate("2026-01-01")!)
        #expect(real.archived == 2 && real.cleared == 1 && real.deleted == 1 && !real.dryRun)
        #expect(try store.documents(json: "events").map { $0.location.id } == ["e-new"])
        #expect(try store.applyRetention(asOf: CalendarDate("2026-01-01")!).changedStore == false)
    }

    @Test func checkReadsTheArchiveAndReportsDamageThere() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        #expect(try fixture.retention().exit == 0)
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
        try fixture.folder.write("{\"id\": \"e-old\",}\n", to: "store/archive/events/2025/12/01/e-old.json")
        try fixture.folder.write("stray", to: "store/archive/events/notes.txt")
        let check = try run(["check", "--store", fixture.store.path, "--json"])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("archive/events/2025/12/01/e-old.json") && check.stdout.contains("malformed-json"), "\(check)")
        #expect(check.stdout.contains("archive/events/notes.txt"), "\(check)")
    }

    @Test func aBadDateGivenToNowIsAUsageError() throws {
        let fixture = try RetentionFixture()
        let result = try run(["retention", "run", "--store", fixture.store.path, "--now", "2026-13-01"])
        #expect(result.exit == 2 && result.stderr.contains("--now"), "\(result)")
    }

    // MARK: - The catalog refuses rules that could not run as written

    static let badRules: [(events: String?, tags: String?, extra: String, pointer: String, says: String)] = [
        (#"[{"action": "shred", "olderThan": {"days": 1}, "description": "x"}]"#, nil, "", "/collections/0/retention/0/action", "not a retention action"),
        (#"[{"action": "archive", "description": "x"}]"#, nil, "", "/collections/0/retention/0/olderThan", "is missing"),
        (#"[{"action": "archive", "olderThan": {"weeks": 2}, "description": "x"}]"#, nil, "", "/collections/0/retention/0/olderThan/weeks", "not a catalog field"),
        (#"[{"action": "archive", "olderThan": {"days": 0}, "description": "x"}]"#, nil, "", "/collections/0/retention/0/olderThan/days", "integer ≥ 1"),
        (#"[{"action": "archive", "olderThan": {"days": 1, "months": 1}, "description": "x"}]"#, nil, "", "/collections/0/retention/0/olderThan", "exactly one"),
        (#"[{"action": "clear", "olderThan": {"days": 1}, "description": "x"}]"#, nil, "", "/collections/0/retention/0/fields", "names the fields"),
        (#"[{"action": "clear", "olderThan": {"days": 1}, "fields": ["at"], "description": "x"}]"#, nil, "", "/collections/0/retention/0/fields/0", "cannot be cleared"),
        (#"[{"action": "delete", "olderThan": {"days": 1}, "fields": ["n"], "description": "x"}]"#, nil, "", "/collections/0/retention/0/fields", "only a clear rule"),
        (#"[{"action": "delete", "olderThan": {"days": 1}}]"#, nil, "", "/collections/0/retention/0/description", "is missing"),
        (#"[{"action": "delete", "olderThan": {"days": 1}, "description": "x", "when": "now"}]"#, nil, "", "/collections/0/retention/0/when", "not a catalog field"),
        (#"{"action": "delete"}"#, nil, "", "/collections/0/retention", "must be an array"),
        (#"[{"action": "archive", "olderThan": {"days": 9}, "description": "x"}, {"action": "delete", "olderThan": {"days": 99}, "description": "y"}]"#,
         nil, "", "/collections/0/retention/1/action", "already has an archive or delete rule"),
        (nil, #"[{"action": "delete", "olderThan": {"days": 1}, "description": "x"}]"#, "", "/collections/3/retention/0", "has no dateField"),
        (#"[{"action": "archive", "olderThan": {"days": 1}, "description": "x"}]"#, nil,
         #", {"name": "links", "schema": "tags.schema.json", "partition": "none", "references": [{"field": "eventId", "collection": "events", "onDelete": "nullify"}]}"#,
         "/collections/0/retention/0/action", "links.eventId refers to them"),
    ]

    @Test(arguments: badRules.indices)
    func aBadRuleIsRefusedWhenTheCatalogLoadsNamingItsPointer(index: Int) throws {
        let bad = Self.badRules[index]
        let text = RetentionFixture.catalog(events: bad.events, notes: nil, logs: nil, tags: bad.tags, extraCollections: bad.extra)
        let error = #expect(throws: AlmanacError.self) { try Catalog(bytes: Array(text.utf8), path: "catalog.json") }
        #expect(error?.code == .invalidCatalog, "\(String(describing: error))")
        #expect(error?.pointer == bad.pointer, "\(String(describing: error))")
        #expect(error?.message.contains(bad.says) == true, "\(String(describing: error))")
    }

    @Test func archiveAndDeleteAreRefusedOnACollectionWithAttachments() throws {
        let text = #"{"app": "a", "version": 1, "collections": [{"name": "clips", "schema": "c.json", "dateField": "at", "partition": "day", "attachments": true, "retention": [{"action": "delete", "olderThan": {"days": 1}, "description": "x"}]}]}"#
        let error = #expect(throws: AlmanacError.self) { try Catalog(bytes: Array(text.utf8), path: "catalog.json") }
        #expect(error?.pointer == "/collections/0/retention/0/action" && error?.message.contains("attachments") == true, "\(String(describing: error))")
    }

    @Test func initRefusesASchemaFolderWithABadRule() throws {
        let folder = E2EFolder()
        try folder.write(RetentionFixture.catalog(events: #"[{"action": "shred", "olderThan": {"days": 1}, "description": "x"}]"#), to: "schema/catalog.json")
        for name in ["events", "notes", "logs", "tags"] { try folder.write(#"{"type": "object"}"#, to: "schema/\(name).schema.json") }
        let result = try run(["init", folder.path("store").path, "--schema", folder.path("schema").path])
        #expect(result.exit != 0 && result.stderr.contains("/collections/0/retention/0/action") && result.stderr.contains("shred"), "\(result)")
    }
}
