import Foundation
import Testing

@testable import Almanac

@Suite struct EndToEndMigrateTests {
    @Test func migrateStatusShowsPendingAndReportsAnEditedAppliedFile() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let migrations = folder.url.appendingPathComponent("migrations-miga")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        let first = #"{"version": 1, "description": "The first schema.", "operations": []}"#
        let second = #"{"version": 2, "description": "Monthly usage events.", "operations": [{"op": "repartition", "collection": "usage-events", "partition": "month"}]}"#
        try Data(first.utf8).write(to: migrations.appendingPathComponent("0001-initial.json"))
        try Data(second.utf8).write(to: migrations.appendingPathComponent("0002-monthly-events.json"))

        let status = try run(["migrate", "status", "--store", store.path, "--migrations", migrations.path])
        #expect(status.exit == 0, "\(status)")
        #expect(status.stdout.contains("0002-monthly-events.json  pending"), "\(status)")
        #expect(status.stdout.contains("store at version 1; latest migration 2; 1 pending."), "\(status)")
        let json = try #require(try run(["migrate", "status", "--store", store.path, "--migrations", migrations.path, "--json"]).json() as? [String: Any])
        #expect(json["upToDate"] as? Bool == false)
        #expect((json["migrations"] as? [[String: Any]])?.map { $0["state"] as? String } == ["baseline", "pending"])

        // Record migration 1 as applied with its checksum, then edit the file.
        let checksum = MigrationFile.checksum(of: Array(first.utf8))
        let manifestURL = store.appendingPathComponent("store.json")
        var manifest = try JSONValue(parsing: Array(Data(contentsOf: manifestURL))).objectValue!
        manifest["migrations"] = .array([.object(["version": .number(JSONNumber(1)), "name": .string("0001-initial.json"), "checksum": .string(checksum)])])
        try Data(JSONValue.object(manifest).prettyJSONBytes).write(to: manifestURL)
        try Data(first.replacingOccurrences(of: "first", with: "very first").utf8).write(to: migrations.appendingPathComponent("0001-initial.json"))
        let edited = try run(["migrate", "status", "--store", store.path, "--migrations", migrations.path])
        #expect(edited.exit == 3, "\(edited)")
        #expect(edited.stderr.contains(checksum), "the recorded checksum is shown: \(edited)")
        #expect(edited.stderr.contains("migrate repair"), "\(edited)")

        let noFolder = try run(["migrate", "status", "--store", store.path])
        #expect(noFolder.exit == 2, "no migrations folder in an empty working folder: \(noFolder)")
    }

    @Test func migratePlanListsTheChangesAndRefusesResultsThatBreakTheTargetSchema() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let before = dataFiles(store)
        // The target schema: the sample store's own (version 1) schema, renumbered 2, so that
        // only the migration below changes anything.
        let schema = folder.url.appendingPathComponent("schema-v2")
        try FileManager.default.copyItem(at: E2ERepository.sampleSchema("miga"), to: schema)
        let catalogURL = schema.appendingPathComponent("catalog.json")
        let catalog = try String(contentsOf: catalogURL, encoding: .utf8).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        try Data(catalog.utf8).write(to: catalogURL)
        let migrations = folder.url.appendingPathComponent("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        try Data(#"{"version": 1, "description": "The first schema.", "operations": []}"#.utf8).write(to: migrations.appendingPathComponent("0001-initial.json"))
        func migration(_ map: String) throws {
            try Data(#"{"version": 2, "description": "Renamed apps.", "operations": [{"op": "mapValues", "collection": "usage-events", "field": "\#(map)", "map": {"Instagram": "IG", "exit_to_focus": "exit"}}]}"#.utf8)
                .write(to: migrations.appendingPathComponent("0002-renamed-apps.json"))
        }
        let arguments = ["migrate", "plan", "--store", store.path, "--migrations", migrations.path, "--schema", schema.path]

        try migration("targetAppName")
        let plan = try run(arguments)
        #expect(plan.exit == 0, "\(plan)")
        #expect(plan.stdout.contains("plan: version 1 → 2"), "\(plan)")
        #expect(plan.stdout.contains("targetAppName: \"Instagram\" → \"IG\""), "\(plan)")
        let json = try #require(try run(arguments + ["--json"]).json() as? [String: Any])
        let step = try #require((json["steps"] as? [[String: Any]])?.first)
        let changed = try #require(step["changedDocuments"] as? [String])
        let instagram = before.filter { E2EFiles.text(store.appendingPathComponent($0))?.contains("\"Instagram\"") == true && $0.contains("usage-events") }
        #expect(changed.count == instagram.count && !changed.isEmpty, "exactly the Instagram events: \(changed.count) vs \(instagram.count)")

        try migration("eventType")
        let invalid = try run(arguments)
        #expect(invalid.exit == 3, "\(invalid)")
        #expect(invalid.stdout.contains("would break the schema of version 2"), "\(invalid)")
        #expect(invalid.stdout.contains("/eventType"), "\(invalid)")
        #expect(dataFiles(store) == before, "plan writes nothing")
    }
}
