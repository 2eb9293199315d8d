import Foundation
import Testing

@testable import Almanac

/// `Store.schemaDrift(from:)`: an app's schema folder against the copy a store keeps of the
/// same version, and where the library reports it (`Migrator.status`, `check`, `fix`).
@Suite("Schema drift")
struct StoreSchemaDriftTests {
    @Test("the folder the store was made from does not drift; spacing, member order and other versions do not count")
    func noDrift() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let schema = folder.path("schema-src")
        #expect(try store.schemaDrift(from: schema) == nil)
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: schema.appendingPathComponent("catalog.json")))
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys])
            .write(to: schema.appendingPathComponent("catalog.json"))
        try "{ \"type\" :\n \"object\" }".write(to: schema.appendingPathComponent("any.schema.json"), atomically: true, encoding: .utf8)
        #expect(try store.schemaDrift(from: schema) == nil)
        // A sync's copy of a schema file in the store is not a file of its schema (check names it).
        try Data(#"{"type": "string"}"#.utf8).write(to: store.url.appendingPathComponent("schema/any.schema.sync-conflict-20250101-120000-ABCDEFG.json"))
        #expect(try store.schemaDrift(from: schema) == nil)
        // A folder at the next version: a pending migration leads there.
        let elsewhere = TemporaryFolder()
        let newer = try TestSchema.write(in: elsewhere, version: 2)
        try "{\"type\": \"string\"}".write(to: newer.appendingPathComponent("any.schema.json"), atomically: true, encoding: .utf8)
        #expect(try store.schemaDrift(from: newer) == nil)
    }

    @Test("changed, added and removed schema files are named, a changed one with the JSON pointers of its values")
    func driftNamesFilesAndValues() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let schema = folder.path("schema-src")
        try #"{"type": "object", "required": ["id"]}"#.write(to: schema.appendingPathComponent("any.schema.json"), atomically: true, encoding: .utf8)
        try #"{"type": "object"}"#.write(to: schema.appendingPathComponent("extra.schema.json"), atomically: true, encoding: .utf8)
        try "not json, not compared".write(to: schema.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let drift = try #require(try store.schemaDrift(from: schema))
        #expect(drift.version == 1 && drift.schemaFolder == schema.path)
        #expect(drift.files == [
            SchemaDrift.File(name: "any.schema.json", kind: .changed, pointers: ["/required"]),
            SchemaDrift.File(name: "extra.schema.json", kind: .added, pointers: []),
        ])
        #expect(drift.summary == "any.schema.json (/required), extra.schema.json (only in the app's folder)")
        #expect(drift.message.contains(AlmanacError.Remedy.writeMigration.api) && drift.message.contains("version 1"))

        try FileManager.default.removeItem(at: schema.appendingPathComponent("extra.schema.json"))
        try FileManager.default.copyItem(at: schema.appendingPathComponent("any.schema.json"), to: store.url.appendingPathComponent("schema/old.schema.json"))
        #expect(try Store(at: store.url).schemaDrift(from: schema)?.files.map(\.kind) == [.changed, .removed])
    }

    @Test("a folder of another app, without a catalog, or with a file that is not JSON is an error naming it")
    func badFolders() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let schema = folder.path("schema-src")
        let other = folder.path("other")
        try FileManager.default.copyItem(at: schema, to: other)
        try TestSchema.catalog.replacingOccurrences(of: "testapp", with: "otherapp")
            .write(to: other.appendingPathComponent("catalog.json"), atomically: true, encoding: .utf8)
        let wrongApp = #expect(throws: AlmanacError.self) { try store.schemaDrift(from: other) }
        #expect(wrongApp?.code == .invalidCatalog && wrongApp?.message.contains("otherapp") == true, "\(String(describing: wrongApp))")
        #expect(throws: AlmanacError.self) { try store.schemaDrift(from: folder.path("nothing-here")) }
        try "{ broken".write(to: schema.appendingPathComponent("any.schema.json"), atomically: true, encoding: .utf8)
        let broken = #expect(throws: AlmanacError.self) { try store.schemaDrift(from: schema) }
        #expect(broken?.code == .malformedJSON && broken?.path?.hasSuffix("any.schema.json") == true, "\(String(describing: broken))")
    }

    @Test("Migrator.status, migrate, check and fix report the drift; a migrator without a target schema does not look")
    func reportedByStatusCheckAndFix() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let schema = folder.path("schema-src")
        let migrations = folder.path("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try #"{"description": "initial schema", "operations": [], "version": 1}"#.write(to: migrations.appendingPathComponent("0001-initial.json"), atomically: true, encoding: .utf8)
        let set = try MigrationSet(folder: migrations)
        #expect(Migrator(migrations: set, targetSchema: schema).status(of: store).isUpToDate)

        try #"{"type": "object", "required": ["id"]}"#.write(to: schema.appendingPathComponent("any.schema.json"), atomically: true, encoding: .utf8)
        let status = Migrator(migrations: set, targetSchema: schema).status(of: store)
        #expect(!status.isUpToDate && status.problems.isEmpty && status.schemaDrift?.files.first?.name == "any.schema.json")
        #expect(Migrator(migrations: set).status(of: store).isUpToDate)
        // migrate, with nothing pending, says the edit is not applied rather than only "not migrated".
        #expect(try Migrator(migrations: set, targetSchema: schema).plan(for: store).schemaDrift?.files.first?.name == "any.schema.json")
        let result = try Migrator(migrations: set, targetSchema: schema).migrate(storeAt: store.url)
        #expect(!result.migrated && result.schemaDrift?.files.first?.name == "any.schema.json", "\(String(describing: result.schemaDrift))")

        let report = try store.check(schemaFolder: schema)
        let problem = try #require(report.problems.first { $0.kind == "schema-drift" })
        #expect(problem.severity == .error && problem.remedy == .writeMigration && !report.isClean)
        #expect(try store.check().isClean)
        let fixed = try store.fix(dryRun: true, schemaFolder: schema)
        #expect(fixed.remaining.problems.contains { $0.kind == "schema-drift" })
    }
}
