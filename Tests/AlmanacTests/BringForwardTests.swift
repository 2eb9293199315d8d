import Foundation
import Testing
@testable import Almanac

/// Documents a device on an earlier version of the app wrote after the store was migrated:
/// judged by the current schema, brought forward by the fewest applied migrations that make
/// them valid, in one transaction; nothing else is touched.
@Suite struct BringForwardTests {
    private func migratedMIGA(_ folder: TemporaryFolder) throws -> (URL, Migrator) {
        let url = try Repository.copySample("miga", into: folder)
        let migrator = Migrator(migrations: try MigrationSet(folder: Repository.migrations("miga")), targetSchema: Repository.schema("miga"))
        try migrator.migrate(storeAt: url)
        return (url, migrator)
    }

    private func setPhase(_ phase: String, in url: URL) throws {
        let file = url.appendingPathComponent("data/preferences.json")
        guard case .object(var members) = try JSONValue(parsing: Array(try Data(contentsOf: file))) else {
            Issue.record("preferences.json is not an object")
            return
        }
        members["frePhase"] = .string(phase)
        try Data(CanonicalJSON.prettyBytes(.object(members))).write(to: file)
    }

    @Test func aDocumentInAnOlderShapeIsBroughtForwardAndNothingElse() throws {
        let folder = TemporaryFolder()
        let (url, migrator) = try migratedMIGA(folder)
        let filesBefore = try Store(at: url).status().collections.map(\.documents)
        #expect(try migrator.bringForward(storeAt: url).isEmpty, "a migrated store has nothing in an older shape")

        try setPhase("phase1Complete", in: url)
        let planned = try migrator.bringForward(storeAt: url, dryRun: true)
        #expect(planned.map(\.path) == ["data/preferences.json"] && planned.map(\.kind) == ["brought-forward"])
        #expect(planned.first?.message.contains("0003-fre-phase-names.json") == true, "\(planned)")
        #expect(try Store(at: url).document(json: "", in: "preferences")?.value["frePhase"] == .string("phase1Complete"), "a dry run writes nothing")

        // The transition rule (phases only move forward) judges the app's moves, not a rename.
        #expect(try migrator.bringForward(storeAt: url).count == 1)
        let store = try Store(at: url)
        #expect(try store.document(json: "", in: "preferences")?.value["frePhase"] == .string("appsSelected"))
        #expect(try store.check().problems.isEmpty)
        #expect(try store.status().collections.map(\.documents) == filesBefore)
        #expect(try migrator.bringForward(storeAt: url).isEmpty)
    }

    @Test func aDocumentNoMigrationMakesValidIsLeftForAPerson() throws {
        let folder = TemporaryFolder()
        let (url, migrator) = try migratedMIGA(folder)
        try setPhase("somewhereElse", in: url)
        #expect(try migrator.bringForward(storeAt: url).isEmpty)
        let problems = try Store(at: url).check().problems
        #expect(problems.contains { $0.path == "data/preferences.json" }, "\(problems)")
    }

    @Test func anUnreadableFileDoesNotStopIt() throws {
        let folder = TemporaryFolder()
        let (url, migrator) = try migratedMIGA(folder)
        try setPhase("phase2Complete", in: url)
        let events = url.appendingPathComponent("data/usage-events/2025/01")
        try FileManager.default.createDirectory(at: events, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: events.appendingPathComponent("0DD1A700-7000-4000-8000-00000000BAD0.json"))
        #expect(try migrator.bringForward(storeAt: url).map(\.path) == ["data/preferences.json"])
        let problems = try Store(at: url).check().problems
        #expect(problems.map(\.path) == ["data/usage-events/2025/01/0DD1A700-7000-4000-8000-00000000BAD0.json"], "\(problems)")
    }

    @Test func versionsASyncLeftInAnOlderShapeAreMergedThenBroughtForward() throws {
        let folder = TemporaryFolder()
        let (url, migrator) = try migratedMIGA(folder)
        // Both versions of the preferences were written by a device still on version 2.
        try setPhase("phase1Complete", in: url)
        let data = url.appendingPathComponent("data")
        let copy = "preferences.sync-conflict-20261125-101010-ABCDEFG.json"
        try FileManager.default.copyItem(at: data.appendingPathComponent("preferences.json"), to: data.appendingPathComponent(copy))
        try setPhase("phase2Complete", in: url)
        let repairs = try migrator.bringForward(storeAt: url)
        #expect(repairs.count == 1 && repairs[0].message.contains("data/\(copy)"), "\(repairs)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(copy).path), "the save replaces every version")
        let store = try Store(at: url)
        let phase = try store.document(json: "", in: "preferences")?.value["frePhase"]
        #expect(phase == .string("appsSelected") || phase == .string("appsHidden"), "\(String(describing: phase))")
        #expect(try store.check().problems.isEmpty)
    }

    @Test func editedMigrationsBringNothingForward() throws {
        let folder = TemporaryFolder()
        let (url, _) = try migratedMIGA(folder)
        try setPhase("phase1Complete", in: url)
        let edited = folder.url.appendingPathComponent("migrations")
        try FileManager.default.copyItem(at: Repository.migrations("miga"), to: edited)
        let file = edited.appendingPathComponent("0003-fre-phase-names.json")
        try Data(try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "appsSelected", with: "appsChosen").utf8).write(to: file)
        let migrator = Migrator(migrations: try MigrationSet(folder: edited))
        #expect(throws: AlmanacError.self) { try migrator.bringForward(storeAt: url) }
        #expect(try Store(at: url).document(json: "", in: "preferences")?.value["frePhase"] == .string("phase1Complete"))
    }
}
