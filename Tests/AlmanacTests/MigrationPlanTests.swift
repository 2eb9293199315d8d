import Foundation
import Testing
@testable import Almanac

@Suite("Migration plan")
struct MigrationPlanTests {
    /// A store with four events, migrations 2 (addField mood where kind = exit) and 3 (rename
    /// kind → type), and a target schema folder at version 3 whose events require `type`.
    func fixture(_ folder: TemporaryFolder, requireMood: Bool = false) throws -> (Store, MigrationSet, URL) {
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: ["exit", "exit", "proceed", "deepen"].enumerated().map { index, kind in
            LoggedEvent(id: "e\(index)", timestamp: instant("2025-01-0\(index + 1)T10:00:00Z"), kind: kind)
        })
        store.finishWriting()
        let migrations = folder.path("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        for (name, text) in MigrationStatusTests.files {
            let changed = name.hasPrefix("0002")
                ? #"{"version": 2, "description": "Mood on exits.", "operations": [{"op": "addField", "collection": "events", "field": "mood", "value": "calm", "where": {"field": "kind", "equals": "exit"}}]}"#
                : text
            try Data(changed.utf8).write(to: migrations.appendingPathComponent(name))
        }
        let target = folder.path("schema-v3")
        try FileManager.default.copyItem(at: folder.path("schema-src"), to: target)
        let catalog = try String(contentsOf: target.appendingPathComponent("catalog.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 3")
            .replacingOccurrences(of: #""name": "events", "schema": "any.schema.json""#, with: #""name": "events", "schema": "events.schema.json""#)
        try Data(catalog.utf8).write(to: target.appendingPathComponent("catalog.json"))
        let required = requireMood ? #"["id", "type", "mood"]"# : #"["id", "type"]"#
        try Data(#"{"type": "object", "required": \#(required), "not": {"required": ["kind"]}}"#.utf8)
            .write(to: target.appendingPathComponent("events.schema.json"))
        return (store, try MigrationSet(folder: migrations), target)
    }

    @Test("plan counts matched and changed documents per operation, lists them, and writes nothing")
    func counts() throws {
        let folder = TemporaryFolder()
        let (store, migrations, target) = try fixture(folder)
        let before = try treeBytes(store.url)
        let plan = try Migrator(migrations: migrations, targetSchema: target).plan(for: store)
        #expect(plan.fromVersion == 1 && plan.toVersion == 3)
        #expect(plan.steps.map(\.version) == [2, 3])
        #expect(plan.steps[0].operations.map(\.matched) == [2])
        #expect(plan.steps[0].changedDocuments == ["events/e0", "events/e1"])
        #expect(plan.steps[0].samples.first?.diff == ["mood: (missing) → \"calm\""])
        #expect(plan.steps[1].operations.map(\.changed) == [4])
        #expect(plan.steps[1].changedDocuments == ["events/e0", "events/e1", "events/e2", "events/e3"])
        #expect(plan.isValid)
        #expect(try treeBytes(store.url) == before, "plan writes nothing")
    }

    @Test("results that break the target schema are listed with their violations")
    func invalidResults() throws {
        let folder = TemporaryFolder()
        let (store, migrations, target) = try fixture(folder, requireMood: true)
        let plan = try Migrator(migrations: migrations, targetSchema: target).plan(for: store)
        #expect(!plan.isValid)
        #expect(plan.invalidDocuments.map(\.document) == ["events/e2", "events/e3"])
        #expect(plan.invalidDocuments.first?.violations.first?.message.contains("mood") == true)
    }

    @Test("results that break the target catalog's rules are listed, and migrate up refuses them")
    func resultsBreakingRules() throws {
        let folder = TemporaryFolder()
        let (store, migrations, target) = try fixture(folder)
        // Version 3's rules: at most one exit, and a mood is never "calm" where the kind was exit.
        let catalogURL = target.appendingPathComponent("catalog.json")
        let catalog = try String(contentsOf: catalogURL, encoding: .utf8).replacingOccurrences(
            of: #""name": "events", "schema": "events.schema.json""#,
            with: #""name": "events", "schema": "events.schema.json", "rules": [{"name": "one-exit", "description": "At most one exit.", "fields": ["mood"], "check": {"atMost": 1, "where": {"field": "mood", "exists": true}}}, {"name": "mood-after-type", "description": "A mood sorts after its type.", "fields": ["mood", "type"], "check": {"compare": ["mood", ">", "type"]}}]"#)
        try Data(catalog.utf8).write(to: catalogURL)
        let plan = try Migrator(migrations: migrations, targetSchema: target).plan(for: store)
        #expect(!plan.isValid)
        let messages = plan.invalidDocuments.flatMap { document in document.violations.map { "\(document.document): \($0.message)" } }
        #expect(messages.contains { $0.contains("one-exit") && $0.contains("2 documents") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("events/e0") && $0.contains("mood-after-type") }, "\(messages)")
        let before = try treeBytes(store.url)
        #expect(throws: AlmanacError.self) { try Migrator(migrations: migrations, targetSchema: target).migrate(storeAt: store.url) }
        #expect(try treeBytes(store.url).filter { !$0.key.hasPrefix(".almanac/") } == before.filter { !$0.key.hasPrefix(".almanac/") })
    }

    @Test("migration results are stored as a save stores them: date-time fields in UTC, other strings as written")
    func resultsNormaliseTimestamps() throws {
        let folder = TemporaryFolder()
        let (store, _, target) = try fixture(folder)
        let migrationsFolder = folder.path("migrations")
        try Data(#"{"version": 2, "description": "Stamps.", "operations": [{"op": "addField", "collection": "events", "field": "at", "value": "2025-01-01T10:00:00+01:00"}, {"op": "addField", "collection": "events", "field": "note", "value": "2025-01-01T10:00:00+01:00"}]}"#.utf8)
            .write(to: try #require(FileManager.default.contentsOfDirectory(at: migrationsFolder, includingPropertiesForKeys: nil).first { $0.lastPathComponent.hasPrefix("0002") }))
        try Data(#"{"type": "object", "required": ["id", "type"], "not": {"required": ["kind"]}, "properties": {"at": {"type": "string", "format": "date-time"}}}"#.utf8)
            .write(to: target.appendingPathComponent("events.schema.json"))
        try Migrator(migrations: try MigrationSet(folder: migrationsFolder), targetSchema: target).migrate(storeAt: store.url)
        let migrated = try #require(try Store(at: store.url).document(json: "e0", in: "events"))
        #expect(migrated.value["at"] == .string("2025-01-01T09:00:00Z"))
        #expect(migrated.value["note"] == .string("2025-01-01T10:00:00+01:00"), "not a date-time field: the text stays as written")
    }

    @Test("migration results naming a document the results do not hold are refused, unless the reference may dangle")
    func resultsWithMissingReferences() throws {
        let folder = TemporaryFolder()
        let (store, migrations, target) = try fixture(folder)
        let catalogURL = target.appendingPathComponent("catalog.json")
        let original = try String(contentsOf: catalogURL, encoding: .utf8)
        // Version 3 says an event's mood names another event; migration 2 sets mood "calm" on the exits.
        func reference(_ extra: String) -> String {
            original.replacingOccurrences(
                of: #""name": "events", "schema": "events.schema.json""#,
                with: #""name": "events", "schema": "events.schema.json", "references": [{"field": "mood", "collection": "events", "onDelete": "nullify"\#(extra)}]"#)
        }
        try Data(reference("").utf8).write(to: catalogURL)
        let plan = try Migrator(migrations: migrations, targetSchema: target).plan(for: store)
        #expect(plan.invalidDocuments.map(\.document) == ["events/e0", "events/e1"])
        #expect(plan.invalidDocuments.first?.violations.first?.message.contains("\"calm\"") == true, "\(plan.invalidDocuments)")
        #expect(throws: AlmanacError.self) { try Migrator(migrations: migrations, targetSchema: target).migrate(storeAt: store.url) }

        try Data(reference(#", "allowsDangling": true"#).utf8).write(to: catalogURL)
        #expect(try Migrator(migrations: migrations, targetSchema: target).plan(for: store).isValid)
    }

    @Test("a schema folder at another version than the target is refused")
    func wrongSchemaVersion() throws {
        let folder = TemporaryFolder()
        let (store, migrations, _) = try fixture(folder)
        let error = #expect(throws: AlmanacError.self) { try Migrator(migrations: migrations, targetSchema: folder.path("schema-src")).plan(for: store) }
        #expect(error?.code == .invalidMigration)
        #expect(error?.message.contains("version 1") == true)
    }

    @Test("one Migrator value reports, plans and migrates; without a target schema it only reports")
    func migratorValue() throws {
        let folder = TemporaryFolder()
        let (store, migrations, target) = try fixture(folder)
        let reporting = Migrator(migrations: migrations)
        #expect(reporting.status(of: store).pending.count == migrations.migrations.count - 1)
        let missing = #expect(throws: AlmanacError.self) { try reporting.plan(for: store) }
        #expect(missing?.code == .invalidArgument && missing?.message.contains("targetSchema") == true)
        #expect(throws: AlmanacError.self) { try reporting.migrate(storeAt: store.url) }

        let migrator = Migrator(migrations: migrations, targetSchema: target)
        let result = try migrator.migrate(storeAt: store.url)
        #expect(result.migrated && result.toVersion == migrations.latestVersion)
        #expect(migrator.status(of: try Store(at: store.url)).isUpToDate)
        let rollback = try migrator.rollback(storeAt: store.url)
        #expect(rollback.toVersion == result.fromVersion)
    }
}

/// Every file below `url` with its bytes, for proving that nothing changed.
func treeBytes(_ url: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for relative in treeListing(url) {
        let file = url.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue {
            result[relative] = try Data(contentsOf: file)
        }
    }
    return result
}
