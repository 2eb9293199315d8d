#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// `almanac retention run` on the reference apps' rules (schema/<app>/catalog.json), as of
// 2026-01-01, on generated data with documents on both sides of every boundary:
//
//     swift build --scratch-path /tmp/build-retention && swift test --scratch-path /tmp/build-retention --filter Retention

@Suite struct RetentionTests {
    /// Runs the dry run, then the real run, and checks that both name exactly `expected`
    /// (ids by action) for `collection`, that the dry run changed nothing, and that the real
    /// run left `check` clean and a second run with nothing to do touches no file.
    /// Returns the store's documents before and after.
    private func runBothWays(_ fixture: RetentionStore, _ collection: String, expected: [String: [String]],
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> (before: [String: Data], after: [String: Data]) {
        let before = RetentionFiles.documents(fixture.store)
        let untouched = treeHashWithTimes(fixture.store)

        let dryRun = try fixture.retention(["--dry-run", "--json"])
        #expect(dryRun.exit == 0, "\(dryRun)", sourceLocation: sourceLocation)
        #expect(try RetentionFiles.ids(dryRun, collection) == expected, "\(dryRun)", sourceLocation: sourceLocation)
        #expect(treeHashWithTimes(fixture.store) == untouched, "a dry run writes nothing (and takes no lock)", sourceLocation: sourceLocation)

        let real = try fixture.retention(["--json"])
        #expect(real.exit == 0, "\(real)", sourceLocation: sourceLocation)
        #expect(try RetentionFiles.ids(real, collection) == expected, "the run does what the dry run predicted: \(real)", sourceLocation: sourceLocation)
        let after = RetentionFiles.documents(fixture.store)

        let check = try fixture.almanac(["check"])
        #expect(check.exit == 0, "\(check)", sourceLocation: sourceLocation)
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/journal.json")), sourceLocation: sourceLocation)
        let manifest = E2EFiles.object(fixture.store.appendingPathComponent("store.json"))
        let record = manifest?["retention"] as? [String: Any]
        #expect(record?["asOf"] as? String == RetentionStore.now, "the run is recorded in store.json: \(String(describing: manifest))", sourceLocation: sourceLocation)

        let settled = treeHashWithTimes(fixture.store)
        let again = try fixture.retention()
        #expect(again.exit == 0 && again.stdout.contains("nothing changed"), "\(again)", sourceLocation: sourceLocation)
        #expect(treeHashWithTimes(fixture.store) == settled, "a second run changes nothing, mtimes included", sourceLocation: sourceLocation)
        return (before, after)
    }

    @Test func migaArchivesExactlyTheUsageEventsOlderThan90DaysByTheirLocalDay() throws {
        let fixture = try RetentionStore(app: "miga", timeZone: "America/New_York")
        // As of 2026-01-01 the cutoff is 2025-10-03: events whose New York day is before it go.
        let events: [(Int, String, Bool)] = [
            (1, "2025-10-03T03:59:59Z", true),   // 2025-10-02 23:59:59 in New York: 91 days old
            (2, "2025-10-03T04:00:00Z", false),  // 2025-10-03 00:00 in New York: exactly 90 days, kept
            (3, "2025-10-02T12:00:00Z", true),
            (4, "2025-09-30T23:30:00Z", true),
            (5, "2025-10-01T02:00:00Z", true),   // filed under 2025/09 (New York's 30 September)
            (6, "2024-06-01T12:00:00Z", true),
            (7, "2025-12-31T23:00:00Z", false),
            (8, "2026-01-01T04:59:59Z", false),  // still 31 December in New York
            (9, "2025-11-15T10:00:00Z", false),
        ]
        try fixture.put("usage-events", events.map { usageEvent(id: uuid($0.0), timestamp: $0.1) })
        try fixture.put("selected-apps", [#"{"id": "\#(uuid(100))", "appName": "Instagram", "urlScheme": "instagram://", "iconName": "camera", "isInstalled": true, "dateAdded": "2024-01-01T00:00:00Z", "orderIndex": 0}"#])
        let archived = events.filter(\.2).map { uuid($0.0) }.sorted()

        let text = try fixture.retention(["--dry-run"])
        #expect(text.exit == 0, "\(text)")
        #expect(text.stdout.contains("usage-events: would archive older than 90 days (before 2025-10-03): 5 documents"), "\(text)")
        #expect(text.stdout.contains(archived.joined(separator: ", ")) && text.stdout.contains("dry run: nothing changed."), "\(text)")

        let (before, after) = try runBothWays(fixture, "usage-events", expected: ["archive": archived])
        var expected = before
        for path in before.keys where archived.contains(where: { path.hasSuffix("/\($0).json") }) {
            #expect(path.hasPrefix("data/usage-events/"))
            expected[path] = nil
            expected["archive/" + path.dropFirst("data/".count)] = before[path]
        }
        #expect(expected.keys.contains("archive/usage-events/2025/09/\(uuid(5)).json"))
        #expect(after == expected, "archived byte for byte under archive/ in the same folders; no other file changed:\n\(after.keys.sorted())")

        let list = try fixture.almanac(["ls", "usage-events", "--json"])
        let listed = (try list.json() as? [[String: Any]])?.compactMap { ($0["document"] as? [String: Any])?["id"] as? String } ?? []
        #expect(listed.sorted() == [2, 7, 8, 9].map(uuid), "archived events are out of queries: \(list)")
    }

    @Test func elaroClearsNotesOlderThan12MonthsAndKeepsTheInstances() throws {
        let fixture = try RetentionStore(app: "elaro", timeZone: "Pacific/Auckland")
        func instance(_ number: Int, _ date: String, note: String?) -> String {
            let noteMember = note.map { #", "note": \#($0)"# } ?? ""
            return #"{"id": "\#(uuid(number))", "date": "\#(date)", "templateId": "A-EMO-001", "variantDuration": 5, "status": "done", "feltDifficulty": "ok", "mood": "calm"\#(noteMember)}"#
        }
        // The template the instances name, and its focus area, from the sample store.
        let sample = E2ERepository.sampleStore("elaro").appendingPathComponent("data")
        try fixture.put("focus-areas", [try #require(E2EFiles.text(sample.appendingPathComponent("focus-areas/emotion_skills.json")))])
        try fixture.put("action-templates", [try #require(E2EFiles.text(sample.appendingPathComponent("action-templates/A-EMO-001.json")))])
        // As of 2026-01-01 the cutoff is 2025-01-01: notes of instances dated before it go.
        try fixture.put("action-instances", [
            instance(1, "2024-12-31", note: #""the last day of the year""#),  // just over 12 months
            instance(2, "2024-03-10", note: #""walked to school together""#),
            instance(3, "2024-05-05", note: "null"),                           // an empty note is cleared too
            instance(4, "2024-02-02", note: nil),                              // nothing to clear: untouched
            instance(5, "2025-01-01", note: #""exactly 12 months""#),          // kept
            instance(6, "2025-06-01", note: #""recent""#),
        ])
        let cleared = [1, 2, 3].map(uuid)

        let (before, after) = try runBothWays(fixture, "action-instances", expected: ["clear": cleared])
        var expected = before
        for (path, bytes) in before where cleared.contains(where: { path.hasSuffix("/\($0).json") }) {
            expected[path] = try RetentionFiles.cleared(bytes, removing: ["note"])
        }
        #expect(after == expected, "only the notes went; every other file and field is as it was")
        let first = try #require(E2EFiles.object(fixture.store.appendingPathComponent("data/action-instances/2024/12/\(uuid(1)).json")))
        #expect(first["note"] == nil && first["mood"] as? String == "calm" && first["status"] as? String == "done", "\(first)")
        let kept = E2EFiles.object(fixture.store.appendingPathComponent("data/action-instances/2025/01/\(uuid(5)).json"))
        #expect(kept?["note"] as? String == "exactly 12 months")
    }

    @Test func pressureDeletesNotificationLogEntriesOlderThan90Days() throws {
        let fixture = try RetentionStore(app: "pressure", timeZone: "Asia/Tokyo")
        func entry(_ number: Int, _ scheduled: String) -> String {
            #"{"id": "\#(uuid(number))", "scheduled_for": "\#(scheduled)", "tier": 1, "personality": "BRUTAL", "delivered": true, "tapped": false}"#
        }
        try fixture.put("notification-log", [
            entry(1, "2025-10-02T14:59:59Z"),  // 2025-10-02 23:59:59 in Tokyo: deleted
            entry(2, "2025-10-02T15:00:00Z"),  // 2025-10-03 00:00 in Tokyo: kept
            entry(3, "2025-07-01T00:00:00Z"),
            entry(4, "2025-12-31T20:00:00Z"),
        ])
        try fixture.put("commitments", [#"{"id": "\#(uuid(50))", "date": "2024-01-05", "text": "Run 5 km", "status": "YES", "escalation_tier_snap": 0, "shield_used": false, "sort_order": 0, "locked_at": "2024-01-05T08:00:00Z", "checked_in_at": "2024-01-05T20:00:00Z"}"#])
        let deleted = [1, 3].map(uuid)

        let (before, after) = try runBothWays(fixture, "notification-log", expected: ["delete": deleted])
        let expected = before.filter { path, _ in !deleted.contains(where: { path.hasSuffix("/\($0).json") }) }
        #expect(after == expected, "exactly the two old entries are gone; the old commitment stays")
        #expect(expected.count == before.count - 2)
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("archive")), "deleted, not archived")
    }

    @Test(arguments: ["miga", "elaro", "pressure"])
    func theReferenceCatalogsAreCanonicalAndDescribeEveryRule(app: String) throws {
        let url = E2ERepository.schema(app).appendingPathComponent("catalog.json")
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(CanonicalJSON.prettyBytes(try JSONValue(parsing: bytes)) == bytes, "schema/\(app)/catalog.json is not canonical")
        let catalog = try Catalog.load(folder: E2ERepository.schema(app))
        let rules = catalog.collections.flatMap(\.retention)
        #expect(rules.count == 1)
        #expect(rules.allSatisfy { $0.description.count > 60 }, "each rule says why")
    }

    #if DEBUG
    @Test(arguments: ["before-journal", "after-journal", "after-first-rename", "before-journal-removed"])
    func aRunKilledAtAnyPointIsWhollyDoneOrNotDoneAfterTheNextCommand(point: String) throws {
        // The expected end state: the same data, run without a crash.
        let reference = try RetentionFixture()
        try reference.fill()
        #expect(try reference.retention().exit == 0)
        let done = RetentionFiles.documents(reference.store)

        let fixture = try RetentionFixture()
        try fixture.fill()
        let before = RetentionFiles.documents(fixture.store)
        #expect(before != done)
        let killed = try run(["retention", "run", "--store", fixture.store.path, "--now", RetentionStore.now],
                             env: ["ALMANAC_TEST_CRASH_AT": "retention:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")

        let status = try run(["status", "--store", fixture.store.path])
        #expect(status.exit == 0, "\(status)")
        let now = RetentionFiles.documents(fixture.store)
        let recorded = E2EFiles.object(fixture.store.appendingPathComponent("store.json"))?["retention"] != nil
        if point == "before-journal" {
            #expect(now == before && !recorded, "wholly before: \(now.keys.sorted())")
        } else {
            #expect(now == done && recorded, "wholly after: \(now.keys.sorted())")
        }
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/journal.json")))
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0, "no temporary file left: \(check)")
        let again = try fixture.retention()
        #expect(again.exit == 0, "\(again)")
        #expect(again.stdout.contains("nothing changed") == (point != "before-journal"), "\(again)")
        #expect(RetentionFiles.documents(fixture.store) == done)
    }
    #endif
}
