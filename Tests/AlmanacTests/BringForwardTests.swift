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
}
