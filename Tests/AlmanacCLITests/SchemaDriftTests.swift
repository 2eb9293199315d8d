import Foundation
import Testing

/// An app's schema folder edited after its version was applied, with no migration to carry the
/// change: `migrate status`, `migrate plan`, `migrate up`, `check` and a refused `put` name it and say what
/// to do, instead of calling the store clean and up to date (issue 45, item 3).
@Suite("Schema drift, end to end")
struct SchemaDriftTests {
    /// A "mood" project (schema/mood, migrations/mood) with two collections, and a store made
    /// from it, in `folder`.
    func moodProject(_ folder: E2EFolder) throws -> URL {
        let project = folder.path("mood")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        #expect(try run(["schema", "new", "mood"], cwd: project).exit == 0)
        #expect(try run(["schema", "add-collection", "entries", "--date-field", "timestamp", "--partition", "day"], cwd: project).exit == 0)
        #expect(try run(["schema", "add-collection", "prompts", "--partition", "none"], cwd: project).exit == 0)
        let created = try run(["init", "store", "--schema", "schema/mood", "--time-zone", "UTC"], cwd: project)
        #expect(created.exit == 0, "\(created)")
        return project
    }

    /// Marks `prompts` seeded and adds an `energy` field to entries, in the project's schema only.
    func editSchema(_ project: URL) throws {
        let catalogURL = project.appendingPathComponent("schema/mood/catalog.json")
        let catalog = try String(contentsOf: catalogURL, encoding: .utf8)
        let seeded = catalog.replacingOccurrences(of: "\"name\": \"prompts\",", with: "\"name\": \"prompts\",\n      \"seeded\": {},")
        #expect(seeded != catalog)
        try seeded.write(to: catalogURL, atomically: true, encoding: .utf8)
        let schemaURL = project.appendingPathComponent("schema/mood/entries.schema.json")
        let schema = try String(contentsOf: schemaURL, encoding: .utf8)
        let energy = schema.replacingOccurrences(of: "\"properties\": {", with: "\"properties\": {\n    \"energy\": { \"type\": \"integer\" },")
        #expect(energy != schema)
        try energy.write(to: schemaURL, atomically: true, encoding: .utf8)
    }

    @Test("with the project's schema as the store's, status, plan and check are clean")
    func noDriftNoProblem() throws {
        let folder = E2EFolder()
        let project = try moodProject(folder)
        let status = try run(["migrate", "status", "--store", "store"], cwd: project)
        #expect(status.exit == 0 && status.stdout.contains("up to date") && !status.stderr.contains("differs"), "\(status)")
        #expect(try run(["migrate", "plan", "--store", "store"], cwd: project).exit == 0)
        let check = try run(["check", "--store", "store"], cwd: project)
        #expect(check.exit == 0 && !check.stdout.contains("schema-drift"), "\(check)")
        // Spacing and member order are not an edit.
        let catalogURL = project.appendingPathComponent("schema/mood/catalog.json")
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL))
        try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted]).write(to: catalogURL)
        #expect(try run(["check", "--store", "store"], cwd: project).exit == 0)
    }

    @Test("an edit no migration carries: migrate status and migrate plan exit 3, name the files and values, and say to write a migration")
    func statusAndPlanNameTheDrift() throws {
        let folder = E2EFolder()
        let project = try moodProject(folder)
        try editSchema(project)
        let status = try run(["migrate", "status", "--store", "store"], cwd: project)
        #expect(status.exit == 3, "\(status)")
        #expect(!status.stdout.contains("up to date"), "\(status)")
        for words in ["catalog.json (/collections/1/seeded)", "entries.schema.json (/properties/energy)",
                      "no migration carries the change", "'almanac migrate new SLUG'", "'almanac migrate up'", "schema/mood"] {
            #expect(status.stderr.contains(words), "\(words): \(status)")
        }
        let plan = try run(["migrate", "plan", "--store", "store"], cwd: project)
        #expect(plan.exit == 3 && plan.stdout.contains("nothing to do") && plan.stderr.contains("'almanac migrate new SLUG'"), "\(plan)")
        // migrate up, with nothing pending, does not call the store migrated and up to date.
        let up = try run(["migrate", "up", "--store", "store"], cwd: project)
        #expect(up.exit == 3 && up.stdout.contains("nothing to migrate") && up.stderr.contains("no migration carries the change")
                && up.stderr.contains("'almanac migrate new SLUG'"), "\(up)")
        let upJSON = try run(["migrate", "up", "--store", "store", "--json"], cwd: project)
        #expect(upJSON.exit == 3 && upJSON.stdout.contains("\"schemaDrift\"") && upJSON.stdout.contains("/properties/energy"), "\(upJSON)")
        let json = try run(["migrate", "status", "--store", "store", "--json"], cwd: project)
        #expect(json.exit == 3 && json.stdout.contains("\"schemaDrift\"") && json.stdout.contains("/properties/energy"), "\(json)")

        // Once a migration leads to the edited schema, it is pending work, not drift.
        #expect(try run(["migrate", "new", "add-energy"], cwd: project).exit == 0)
        let pending = try run(["migrate", "status", "--store", "store"], cwd: project)
        #expect(pending.exit == 0 && pending.stdout.contains("1 pending") && !pending.stderr.contains("differs"), "\(pending)")
    }

    @Test("check, and check --fix, report the drift as an error with the next step; --schema names another folder")
    func checkReportsDrift() throws {
        let folder = E2EFolder()
        let project = try moodProject(folder)
        try editSchema(project)
        let check = try run(["check", "--store", "store"], cwd: project)
        #expect(check.exit == 3 && check.stdout.contains("schema: error:") && check.stdout.contains("'almanac migrate new SLUG'"), "\(check)")
        let fix = try run(["check", "--fix", "--store", "store"], cwd: project)
        #expect(fix.exit == 3 && fix.stdout.contains("no migration carries the change"), "\(fix)")
        // Run elsewhere, with no project at hand, there is nothing to compare with.
        let elsewhere = try run(["check", "--store", project.appendingPathComponent("store").path], cwd: folder.url)
        #expect(elsewhere.exit == 0, "\(elsewhere)")
        let named = try run(["check", "--store", project.appendingPathComponent("store").path,
                             "--schema", project.appendingPathComponent("schema/mood").path], cwd: folder.url)
        #expect(named.exit == 3 && named.stdout.contains("differs from the store's copy"), "\(named)")
    }

    @Test("a save the store's schema refuses names the store's schema and version, and says to migrate when the project is ahead")
    func refusedSaveSaysMigrate() throws {
        let folder = E2EFolder()
        let project = try moodProject(folder)
        try editSchema(project)
        let entry = #"{"id": "e1", "timestamp": "2026-11-28T08:00:00Z", "energy": 3}"#
        let drifted = try run(["put", "entries", "--store", "store"], stdin: entry, cwd: project)
        #expect(drifted.exit != 0 && drifted.stderr.contains("the store's entries schema, version 1"), "\(drifted)")
        #expect(drifted.stderr.contains("'almanac migrate new SLUG'"), "\(drifted)")
        #expect(try run(["migrate", "new", "add-energy"], cwd: project).exit == 0)
        let behind = try run(["put", "entries", "--store", "store"], stdin: entry, cwd: project)
        #expect(behind.stderr.contains("reaches schema version 2 and the store is at 1: run 'almanac migrate up' first"), "\(behind)")
        let migrated = try run(["migrate", "up", "--store", "store"], cwd: project)
        #expect(migrated.exit == 0, "\(migrated)")
        let saved = try run(["put", "entries", "--store", "store"], stdin: entry, cwd: project)
        #expect(saved.exit == 0, "\(saved)")
    }

    @Test("a seed for a collection the store's catalog does not mark seeded names the store's catalog and its version")
    func seedErrorNamesTheCatalog() throws {
        let folder = E2EFolder()
        let project = try moodProject(folder)
        try editSchema(project)
        let seed = project.appendingPathComponent("prompts.seed.json")
        try #"{"collection": "prompts", "source": "test", "contentVersion": 1, "documents": []}"#.write(to: seed, atomically: true, encoding: .utf8)
        let result = try run(["seed", "import", seed.path, "--store", "store"], cwd: project)
        #expect(result.exit != 0, "\(result)")
        #expect(result.stderr.contains("the store's mood catalog (schema/catalog.json in the store, version 1)"), "\(result)")
    }
}
