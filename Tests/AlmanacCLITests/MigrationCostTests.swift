import Foundation
import Testing

@testable import Almanac

/// Issue 57, item 1 and acceptance line 8: a migration's changes to the disk follow what it
/// changes, not the store's size. Counted, not timed: every change of the file system the
/// debug `almanac` makes (files and folders made, written, renamed, removed, flushed) is
/// logged by `ALMANAC_TEST_RECORD`, at two store sizes. Reading every document stays the
/// migration's own cost (it must see each one to know what changes).
#if DEBUG
@Suite("What a migration changes on disk")
struct MigrationCostTests {
    /// The number of changes `migrate up` makes to a fixture of `events` events whose
    /// migration sets `amount` on the events `where` selects.
    static func changes(events: Int, where condition: String, in folder: E2EFolder, name: String) throws -> (changes: Int, changed: Int) {
        let fixture = try MigrationFixture(in: folder.path(name), events: events)
        // The target: the first schema at version 2, so that only the operation changes documents.
        let target = fixture.folder.appendingPathComponent("schema-same")
        try FileManager.default.copyItem(at: fixture.schemaV1, to: target)
        let catalog = target.appendingPathComponent("catalog.json")
        try Data(try String(contentsOf: catalog, encoding: .utf8).replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#).utf8).write(to: catalog)
        let migrations = fixture.folder.appendingPathComponent("migrations-set")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture.migrations.appendingPathComponent("0001-initial.json"), to: migrations.appendingPathComponent("0001-initial.json"))
        try Data(#"{"version": 2, "description": "Set amounts.", "operations": [{"op": "setField", "collection": "events", "field": "amount", "value": 1000, "where": \#(condition)}]}"#.utf8)
            .write(to: migrations.appendingPathComponent("0002-set-amounts.json"))
        let log = fixture.folder.appendingPathComponent("changes.log")
        let up = try run(["migrate", "up", "--store", fixture.store.path, "--migrations", migrations.path, "--schema", target.path, "--json"],
                         env: ["ALMANAC_TEST_RECORD": log.path])
        try #require(up.exit == 0, "\(up)")
        let result = try #require(try up.json() as? [String: Any])
        let changed = (result["documentsChanged"] as? Int) ?? -1
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        return (lines.count, changed)
    }

    /// Ten events by id, whatever the store's size.
    static let tenEvents = #"{"field": "id", "in": ["e00010", "e00020", "e00030", "e00040", "e00050", "e00060", "e00070", "e00080", "e00090", "e00100"]}"#

    @Test("changing ten documents costs the same in a store of 1,000 as of 2,000, and under a tenth of changing all 1,000")
    func changesFollowWhatTheMigrationChanges() throws {
        let folder = E2EFolder()
        let few = try Self.changes(events: 1_000, where: Self.tenEvents, in: folder, name: "few-1000")
        let fewInBigger = try Self.changes(events: 2_000, where: Self.tenEvents, in: folder, name: "few-2000")
        let all = try Self.changes(events: 1_000, where: #"{"field": "kind", "in": ["a", "b"]}"#, in: folder, name: "all-1000")
        #expect(few.changed == 10 && fewInBigger.changed == 10 && all.changed == 1_000, "\(few) \(fewInBigger) \(all)")
        print("changes to the disk: 10 of 1,000 documents \(few.changes), 10 of 2,000 \(fewInBigger.changes), all 1,000 \(all.changes)")
        // No change for the documents the migration leaves alone: the store's size adds nothing.
        #expect(Double(fewInBigger.changes) <= Double(few.changes) * 1.1 + 5, "\(fewInBigger.changes) against \(few.changes)")
        // A hundredth of the documents: under a tenth of the changes. What both pay alike (the
        // schema's files, store.json, the journal's three steps, the records) is about a
        // hundred changes; each document changed alone costs a few more than one of a folder
        // rewritten whole, which moves as one entry (measured: 173 against 2,437).
        #expect(Double(few.changes) <= Double(all.changes) * 0.1, "\(few.changes) against \(all.changes)")
    }
}
#endif
