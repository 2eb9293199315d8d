import Foundation
import Testing

@testable import Almanac

/// The typed document of the Getting started article's walk-through.
private struct Entry: Document, Equatable {
    static let collection = "entries"
    var id: UUID
    var createdAt: Date
    var text: String
}

/// `almanac schema new`, `schema add-collection` and `migrate new`, run as a developer would
/// from a project folder (the test's temporary folder is the working folder).
@Suite struct ScaffoldingTests {
    /// Adds `fields` to the `properties` of the schema file at `path` (what the developer does by hand).
    private func addProperties(_ fields: [String: Any], to path: URL) throws {
        var schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        var properties = try #require(schema["properties"] as? [String: Any])
        properties.merge(fields) { _, new in new }
        schema["properties"] = properties
        try JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys]).write(to: path)
    }

    @Test("the Getting started walk-through: a new app from commands, a first save from the tool and from a typed Document, then a migration")
    func aNewAppFromCommandsToAFirstSaveAndAMigration() throws {
        let project = E2EFolder()
        let cwd = project.url
        let new = try run(["schema", "new", "journal", "--description", "A private journal."], cwd: cwd)
        #expect(new.exit == 0, "\(new)")
        #expect(new.stdout.contains("schema/journal/catalog.json") && new.stdout.contains("migrations/journal/0001-initial.json"), "\(new)")
        let initial = try MigrationFile(contentsOf: project.path("migrations/journal/0001-initial.json"))
        #expect(initial.version == 1 && initial.operations.isEmpty)

        let entries = try run(["schema", "add-collection", "entries", "--app", "journal", "--date-field", "createdAt", "--partition", "month"], cwd: cwd)
        #expect(entries.exit == 0, "\(entries)")
        #expect(entries.stdout.contains("schema/journal/entries.schema.json"), "\(entries)")
        let settings = try run(["schema", "add-collection", "settings", "--singleton", "--json"], cwd: cwd)
        #expect(settings.exit == 0, "\(settings)")
        let report = try #require(try settings.json() as? [String: Any], "\(settings)")
        #expect(report["created"] as? [String] == ["schema/journal/settings.schema.json"], "\(settings)")
        #expect(report["changed"] as? [String] == ["schema/journal/catalog.json"], "\(settings)")

        // The catalog is whole and valid, the way a store is made from it.
        let catalog = try Catalog.load(folder: project.path("schema/journal"))
        #expect(catalog.app == "journal" && catalog.version == 1 && catalog.description == "A private journal.")
        #expect(catalog.collections.map(\.name) == ["entries", "settings"])
        #expect(catalog.collection(named: "entries")?.partition == .month)
        #expect(catalog.collection(named: "entries")?.dateField == "createdAt")
        #expect(catalog.collection(named: "settings")?.isSingleton == true)
        let schema = try #require(E2EFiles.object(project.path("schema/journal/entries.schema.json")))
        #expect(schema["$id"] as? String == "urn:almanac:journal:entries")
        #expect(schema["required"] as? [String] == ["id", "createdAt"])

        // The skeleton refuses a field it does not declare; the developer adds it.
        let store = project.path("journal-store")
        #expect(try run(["init", store.path, "--schema", "schema/journal", "--time-zone", "Europe/Berlin"], cwd: cwd).exit == 0)
        let first = #"{"id": "first", "createdAt": "2026-11-24T08:30:00Z", "text": "Hello."}"#
        let refused = try run(["put", "entries", "-", "--store", store.path], stdin: first, cwd: cwd)
        #expect(refused.exit == 3 && refused.stderr.contains("/text"), "\(refused)")
        try addProperties(["text": ["type": "string", "maxLength": 10000]], to: project.path("schema/journal/entries.schema.json"))
        try FileManager.default.removeItem(at: store)
        #expect(try run(["init", store.path, "--schema", "schema/journal", "--time-zone", "Europe/Berlin"], cwd: cwd).exit == 0)
        let put = try run(["put", "entries", "-", "--store", store.path], stdin: first, cwd: cwd)
        #expect(put.exit == 0 && put.stdout == "Saved data/entries/2026/11/first.json\n", "\(put)")

        // The typed Document of the walk-through saves into a store made from the same folder.
        let swiftStore = try Store.create(
            at: project.path("journal-store-2"), schema: project.path("schema/journal"), timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let entry = Entry(id: UUID(), createdAt: Date(timeIntervalSince1970: 1_795_000_000), text: "Hello from Swift.")
        try swiftStore.save(entry)
        #expect(try Store(at: project.path("journal-store-2")).document(Entry.self, id: entry.id) == entry)

        // A change of shape after stores exist: the migration, its operation, the schema, migrate up.
        let migration = try run(["migrate", "new", "add-mood", "--app", "journal"], cwd: cwd)
        #expect(migration.exit == 0, "\(migration)")
        let file = project.path("migrations/journal/0002-add-mood.json")
        #expect(try MigrationFile(contentsOf: file).operations.isEmpty)
        #expect(try Catalog.loadCatalogFile(folder: project.path("schema/journal")).version == 2)
        try Data(#"""
            {"version": 2, "description": "Entries can record a mood (optional).",
             "operations": [{"op": "addField", "collection": "entries", "field": "mood", "value": null}]}
            """#.utf8).write(to: file)
        try addProperties(["mood": ["enum": ["low", "ok", "good", NSNull()]]], to: project.path("schema/journal/entries.schema.json"))
        let up = try run(["migrate", "up", "--store", store.path], cwd: cwd)
        #expect(up.exit == 0, "\(up)")
        let migrated = try #require(E2EFiles.object(store.appendingPathComponent("data/entries/2026/11/first.json")))
        #expect(migrated["mood"] is NSNull, "\(migrated)")
        let check = try run(["check", "--store", store.path], cwd: cwd)
        #expect(check.exit == 0, "\(check)")

        // A collection added once stores exist: the next step names the migration, not only init.
        #expect(try run(["migrate", "new", "add-moods"], cwd: cwd).exit == 0)
        let moods = try run(["schema", "add-collection", "moods", "--partition", "none"], cwd: cwd)
        #expect(moods.exit == 0 && moods.stdout.contains("'almanac migrate plan' then 'migrate up' bring an existing one to version 3"), "\(moods)")
        let plan = try run(["migrate", "plan", "--store", store.path], cwd: cwd)
        #expect(plan.exit == 0 && plan.stdout.contains("plan: version 2 → 3") && plan.stdout.contains("adds collection moods (empty)"), "\(plan)")
        #expect(try run(["migrate", "up", "--store", store.path], cwd: cwd).exit == 0)
        #expect(try Store(at: store).collection(named: "moods").name == "moods")
    }

    @Test("migrate new refuses a gap, a number used twice, a used slug, a bad slug and a catalog at another version, and writes nothing")
    func migrateNewRefusals() throws {
        let project = E2EFolder()
        let cwd = project.url
        #expect(try run(["schema", "new", "journal"], cwd: cwd).exit == 0)
        let migrations = project.path("migrations/journal")
        func migration(_ version: Int, _ slug: String) throws {
            try project.write(#"{"version": \#(version), "description": "\#(slug)", "operations": []}"#,
                              to: "migrations/journal/\(String(format: "%04d", version))-\(slug).json")
        }
        func refused(_ args: [String], exit: Int32, saying text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = treeHash(cwd, excluding: [])
            let result = try run(args, cwd: cwd)
            #expect(result.exit == exit && result.stderr.contains(text), "\(result)", sourceLocation: sourceLocation)
            #expect(treeHash(cwd, excluding: []) == before, "the refusal wrote: \(result)", sourceLocation: sourceLocation)
        }

        // A used slug, and one that cannot be a file name.
        #expect(try run(["migrate", "new", "add-mood"], cwd: cwd).exit == 0)
        try refused(["migrate", "new", "add-mood"], exit: 2, saying: "already has the slug \"add-mood\"")
        try refused(["migrate", "new", "Add Mood"], exit: 2, saying: "cannot name a migration")
        // Two files of one number (a clash, as two branches merged would leave).
        try migration(2, "add-tags")
        try refused(["migrate", "new", "add-weather"], exit: 3, saying: "share the number 0002")
        try FileManager.default.removeItem(at: migrations.appendingPathComponent("0002-add-tags.json"))
        // A gap: 0003 is missing.
        try migration(4, "add-place")
        try refused(["migrate", "new", "add-weather"], exit: 3, saying: "migration 0003 is missing")
        try FileManager.default.removeItem(at: migrations.appendingPathComponent("0004-add-place.json"))
        // A catalog two versions ahead of the last migration.
        let catalog = project.path("schema/journal/catalog.json")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        try text.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 4").write(to: catalog, atomically: true, encoding: .utf8)
        try refused(["migrate", "new", "add-weather"], exit: 3, saying: "is at version 4 but the last migration is 0002")

        // One version ahead (set by hand, or left by an interrupted run) is kept: 0003 is made, the catalog stays.
        try text.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 3").write(to: catalog, atomically: true, encoding: .utf8)
        let ahead = try run(["migrate", "new", "add-weather", "--json"], cwd: cwd)
        #expect(ahead.exit == 0, "\(ahead)")
        let report = try #require(try ahead.json() as? [String: Any])
        #expect(report["created"] as? [String] == ["migrations/journal/0003-add-weather.json"], "\(ahead)")
        #expect((report["changed"] as? [String])?.isEmpty == true, "\(ahead)")
        #expect(int(report["version"]) == 3)
        #expect(try MigrationSet(folder: migrations).problems.isEmpty)
    }

    @Test("migrate new on the reference apps' own folders makes the next number and moves the catalog to it")
    func migrateNewOnAReferenceApp() throws {
        let project = E2EFolder()
        for folder in ["schema/cravey", "migrations/cravey"] {
            try FileManager.default.createDirectory(at: project.path(folder).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: E2ERepository.root.appendingPathComponent(folder), to: project.path(folder))
        }
        let before = try MigrationSet(folder: project.path("migrations/cravey")).latestVersion
        let result = try run(["migrate", "new", "usage-place", "--app", "cravey", "--description", "Usage records where it happened."], cwd: project.url)
        #expect(result.exit == 0, "\(result)")
        let set = try MigrationSet(folder: project.path("migrations/cravey"))
        #expect(set.problems.isEmpty && set.latestVersion == before + 1)
        #expect(set.migration(before + 1)?.fileName == String(format: "%04d-usage-place.json", before + 1))
        #expect(set.migration(before + 1)?.description == "Usage records where it happened.")
        // Only the version changed: the catalog is the same otherwise.
        var original = try Catalog.load(folder: E2ERepository.schema("cravey"))
        original.version = before + 1
        #expect(try Catalog.load(folder: project.path("schema/cravey")) == original)
    }

    @Test("schema new and add-collection refuse what exists or cannot be, and change nothing")
    func schemaRefusals() throws {
        let project = E2EFolder()
        let cwd = project.url
        func refused(_ args: [String], exit: Int32, saying text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = treeHash(cwd, excluding: [])
            let result = try run(args, cwd: cwd)
            #expect(result.exit == exit && result.stderr.contains(text), "\(result)", sourceLocation: sourceLocation)
            #expect(treeHash(cwd, excluding: []) == before, "the refusal wrote: \(result)", sourceLocation: sourceLocation)
        }
        try refused(["schema", "add-collection", "entries", "--partition", "none"], exit: 2, saying: "'almanac schema new APP'")
        try refused(["schema", "new", "Journal"], exit: 2, saying: "not a valid app name")
        #expect(try run(["schema", "new", "journal"], cwd: cwd).exit == 0)
        try refused(["schema", "new", "journal"], exit: 2, saying: "already holds the catalog")
        try project.write(#"{"version": 1, "description": "x", "operations": []}"#, to: "migrations/diary/0001-start.json")
        try refused(["schema", "new", "diary"], exit: 2, saying: "already holds migrations (0001-start.json)")

        try refused(["schema", "add-collection", "entries", "--partition", "month"], exit: 2, saying: "needs --date-field")
        try refused(["schema", "add-collection", "entries", "--date-field", "at"], exit: 2, saying: "give --partition")
        try refused(["schema", "add-collection", "entries", "--partition", "week", "--date-field", "at"], exit: 2, saying: "got 'week'")
        try refused(["schema", "add-collection", "entries", "--singleton", "--partition", "day"], exit: 2, saying: "give --singleton alone")
        try refused(["schema", "add-collection", "Entries", "--partition", "none"], exit: 2, saying: "not a valid collection name")
        try refused(["schema", "add-collection", "entries", "--partition", "day", "--date-field", "id"], exit: 2, saying: "cannot be the date field")
        // A file of the schema's name that the catalog does not know is not overwritten.
        try project.write("{\"mine\": true}\n", to: "schema/journal/entries.schema.json")
        try refused(["schema", "add-collection", "entries", "--partition", "none"], exit: 2, saying: "entries.schema.json: already exists")
        try FileManager.default.removeItem(at: project.path("schema/journal/entries.schema.json"))
        #expect(try run(["schema", "add-collection", "entries", "--partition", "none"], cwd: cwd).exit == 0)
        try refused(["schema", "add-collection", "entries", "--partition", "none"], exit: 2, saying: "already declares the collection \"entries\"")

        // Two apps: the tool does not guess which; --app or --schema names one.
        #expect(try run(["schema", "new", "diary", "--migrations", "migrations/diary-new"], cwd: cwd).exit == 0)
        try refused(["migrate", "new", "add-mood"], exit: 2, saying: "holds 2 apps (diary, journal)")
        try refused(["schema", "add-collection", "days", "--app", "journal", "--schema", "schema/diary", "--partition", "none"], exit: 2, saying: "holds the catalog of app 'diary'")
        #expect(try run(["schema", "add-collection", "days", "--schema", "schema/diary", "--partition", "none"], cwd: cwd).exit == 0)
        #expect(try Catalog.load(folder: project.path("schema/diary")).collections.map(\.name) == ["days"])

        // A broken catalog is reported with its file, and not written over.
        try project.write("{\"app\": \"journal\", \"version\": 1,, }\n", to: "schema/journal/catalog.json")
        try refused(["schema", "add-collection", "notes", "--app", "journal", "--partition", "none"], exit: 3, saying: "schema/journal/catalog.json:1:")
    }

    @Test("a run cut short between its two writes is finished by running it again")
    func interruptedRunsFinish() throws {
        let project = E2EFolder()
        let app = try AppProject(app: "journal", project: project.url.path)
        try app.create()
        // add-collection writes the schema file, then the catalog: the schema file alone is what a cut leaves.
        let template = try CollectionTemplate(name: "entries", layout: .partitioned(.day, dateField: "at", format: .date))
        try Data(CanonicalJSON.prettyBytes(template.schema(app: "journal"))).write(to: project.path("schema/journal/entries.schema.json"))
        let added = try app.addCollection(template)
        #expect(added.created.isEmpty && added.changed == [project.path("schema/journal/catalog.json").path])
        #expect(try Catalog.load(folder: project.path("schema/journal")).collection(named: "entries")?.dateField == "at")
        // newMigration moves the catalog, then writes the file: the catalog alone is what a cut leaves.
        let first = try app.newMigration(slug: "add-mood")
        #expect(first.version == 2 && first.changed.count == 1)
        try FileManager.default.removeItem(at: project.path("migrations/journal/0002-add-mood.json"))
        let again = try app.newMigration(slug: "add-mood")
        #expect(again.version == 2 && again.changed.isEmpty && again.created == [project.path("migrations/journal/0002-add-mood.json").path])
        #expect(try MigrationSet(folder: project.path("migrations/journal")).latestVersion == 2)
    }
}
