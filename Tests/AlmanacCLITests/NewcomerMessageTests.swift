import Foundation
import Testing

@testable import Almanac

/// The messages a newcomer met that named the wrong thing (issue 45, item 5 of "Why"): each
/// now names the real mistake and the fix.
@Suite("Messages a newcomer meets")
struct NewcomerMessageTests {
    @Test("the parent migrations/ folder given for one app's: the library and the tool say which folder to pass")
    func parentMigrationsFolder() throws {
        let folder = E2EFolder()
        let migrations = folder.path("migrations")
        for app in ["miga", "pressure"] {
            try FileManager.default.createDirectory(at: migrations.appendingPathComponent(app), withIntermediateDirectories: true)
            try #"{"description": "first", "operations": [], "version": 1}"#
                .write(to: migrations.appendingPathComponent("\(app)/0001-initial.json"), atomically: true, encoding: .utf8)
        }
        let error = #expect(throws: AlmanacError.self) { try MigrationSet(folder: migrations) }
        #expect(error?.code == .invalidArgument, "\(String(describing: error))")
        #expect(error?.message.contains("holds no migration files but the migrations folders of apps miga, pressure") == true, "\(String(describing: error))")
        #expect(error?.message.contains(migrations.appendingPathComponent("miga").path) == true)
        #expect(try MigrationSet(folder: migrations.appendingPathComponent("miga")).latestVersion == 1)

        let store = try folder.copySample("miga")
        let result = try run(["migrate", "status", "--store", store.path, "--migrations", migrations.path])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("pass --migrations \(migrations.path)/miga, the folder of this store's app"), "\(result)")
        #expect(!result.stderr.contains("schema version"), "the store's version is not the problem: \(result)")
    }

    @Test("a folder that holds a store, a folder inside one, and a misspelt path each name the store meant")
    func storePaths() throws {
        let folder = E2EFolder()
        let sample = folder.path("samples/pressure")
        try FileManager.default.createDirectory(at: sample, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: E2ERepository.sampleStore("pressure"), to: sample.appendingPathComponent("store"))

        let above = try run(["status", "--store", "samples/pressure"], cwd: folder.url)
        #expect(above.exit == 1, "\(above)")
        #expect(above.stderr.contains("is not an Almanac store (no store.json), but the folder below it is one: open "), "\(above)")
        #expect(above.stderr.contains("samples/pressure/store\n"), "\(above)")
        #expect(!above.stderr.contains("almanac init"), "\(above)")

        let inside = try run(["ls", "readings", "--store", "samples/pressure/store/data"], cwd: folder.url)
        #expect(inside.stderr.contains("is inside the store at"), "\(inside)")
        #expect(inside.stderr.contains("samples/pressure/store, not a store itself: open that folder"), "\(inside)")

        let misspelt = try run(["status", "--store", "samples/presure/store"], cwd: folder.url)
        #expect(misspelt.stderr.contains("samples has no presure; did you mean ") && misspelt.stderr.contains("samples/pressure/store?"), "\(misspelt)")
        #expect(!misspelt.stderr.contains("errno"), "no platform error's raw text: \(misspelt)")

        let nowhere = try run(["status", "--store", "samples/zzzzzzz"], cwd: folder.url)
        #expect(nowhere.stderr.contains("samples has no zzzzzzz; check the path"), "\(nowhere)")

        let empty = folder.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let notAStore = try run(["status", "--store", empty.path])
        #expect(notAStore.stderr.contains("is not an Almanac store (no store.json); create one with 'almanac init'"), "\(notAStore)")
    }

    @Test("ls stopped by a malformed document says how to list the rest and find every such file")
    func malformedDocumentInListing() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let events = store.appendingPathComponent("data/usage-events")
        let file = try #require(FileManager.default.enumerator(atPath: events.path)?.compactMap { $0 as? String }.first { $0.hasSuffix(".json") })
        try Data("{\"broken\": ".utf8).write(to: events.appendingPathComponent(file))
        let stopped = try run(["ls", "usage-events", "--store", store.path])
        #expect(stopped.exit == 3, "\(stopped)")
        #expect(stopped.stderr.contains(".json:1:") && stopped.stderr.contains("add --keep-going (or run 'almanac check')"), "\(stopped)")
        let keptGoing = try run(["ls", "usage-events", "--store", store.path, "--keep-going"])
        #expect(keptGoing.exit == 3 && !keptGoing.stderr.contains("add --keep-going"), "\(keptGoing)")
    }

    @Test("an unknown collection is a usage error (exit 2), as an unknown field is")
    func unknownCollectionExitCode() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let collection = try run(["ls", "nosuch", "--store", store.path])
        let field = try run(["ls", "usage-events", "--where", "nosuch=1", "--store", store.path])
        #expect(collection.exit == 2 && field.exit == 2, "\(collection)\n\(field)")
        #expect(collection.stderr.contains("no collection \"nosuch\""), "\(collection)")
    }

    @Test("migrate new and diff do not list, or take, the store options they have no use for")
    func helpListsOnlyUsedOptions() throws {
        for command in [["migrate", "new"], ["diff"]] {
            let help = try run(command + ["--help"])
            #expect(help.exit == 0, "\(help)")
            #expect(!help.stdout.contains("--store") && !help.stdout.contains("--lock-timeout"), "\(command): \(help.stdout)")
        }
        #expect(try run(["diff", "a", "b", "--store", "x"]).exit == 2)
        #expect(try run(["migrate", "status", "--help"]).stdout.contains("--store"))
    }

    @Test("add-collection --seeded --unique writes the catalog entry and the schema a seed import and a unique field need")
    func addSeededUniqueCollection() throws {
        let folder = E2EFolder()
        let project = folder.path("mood")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        #expect(try run(["schema", "new", "mood"], cwd: project).exit == 0)
        let added = try run(["schema", "add-collection", "prompts", "--partition", "none", "--seeded", "--unique", "text"], cwd: project)
        #expect(added.exit == 0, "\(added)")
        let catalog = try String(contentsOf: project.appendingPathComponent("schema/mood/catalog.json"), encoding: .utf8)
        #expect(catalog.contains("\"seeded\": {}") && catalog.contains("\"text\""), "\(catalog)")
        let schema = try String(contentsOf: project.appendingPathComponent("schema/mood/prompts.schema.json"), encoding: .utf8)
        #expect(schema.contains("\"contentVersion\"") && schema.contains("\"text\""), "\(schema)")

        #expect(try run(["init", "store", "--schema", "schema/mood", "--time-zone", "UTC"], cwd: project).exit == 0)
        try #"{"collection": "prompts", "source": "app", "contentVersion": 1, "documents": [{"id": "p1", "contentVersion": 1, "text": "Hello"}]}"#
            .write(to: project.appendingPathComponent("prompts.json"), atomically: true, encoding: .utf8)
        let seeded = try run(["seed", "import", "prompts.json", "--store", "store"], cwd: project)
        #expect(seeded.exit == 0 && seeded.stdout.contains("1 inserted"), "\(seeded)")
        let duplicate = try run(["put", "prompts", "--store", "store"], stdin: #"{"id": "mine", "text": "Hello"}"#, cwd: project)
        #expect(duplicate.exit == 3 && duplicate.stderr.contains("must be unique in prompts"), "\(duplicate)")

        for bad in [["settings", "--singleton", "--seeded"], ["other", "--partition", "none", "--unique", "id"]] {
            let refused = try run(["schema", "add-collection"] + bad, cwd: project)
            #expect(refused.exit == 2, "\(bad): \(refused)")
        }
    }

    @Test("a command the tool suggests is quoted one way, in single quotes, in its errors and its next steps")
    func commandsAreQuotedOneWay() throws {
        let folder = E2EFolder()
        let cases: [(arguments: [String], stream: KeyPath<AlmanacRun, String>, quoted: String)] = [
            (["schema", "add-collection", "entries", "--partition", "none"], \.stderr, "'almanac schema new APP'"),
            (["schema", "new", "quoting"], \.stdout, "Next: 'almanac schema add-collection NAME --app quoting"),
        ]
        for item in cases {
            let result = try run(item.arguments, cwd: folder.url)
            #expect(result[keyPath: item.stream].contains(item.quoted), "\(item.arguments): \(result)")
        }
        let store = try folder.copySample("miga")
        let put = try run(["put", "usage-events", folder.url.path, "--store", store.path])
        #expect(put.exit != 0 && put.stderr.contains("(e.g. 'almanac put COLLECTION \(folder.url.path)/*.json')"), "\(put)")

        // No message in the sources quotes a command another way (backticks are Markdown's, not a terminal's).
        let sources = E2ERepository.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 100)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                #expect(!line.contains("`almanac ") && !line.contains("\\\"almanac "),
                        "\(file.lastPathComponent):\(number + 1) quotes a command with backticks or double quotes; use 'almanac …'")
            }
        }
    }

    @Test("a day compared with a timestamp field is refused with what to write, never compared as text")
    func dayAgainstTimestamp() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        for condition in ["timestamp<=2024-11-05", "timestamp=2024-11-05", "timestamp in [2024-11-05, 2024-11-06]"] {
            let refused = try run(["ls", "usage-events", "--where", condition, "--store", store.path])
            #expect(refused.exit == 2, "\(condition): \(refused)")
            #expect(refused.stderr.contains("timestamp in usage-events is a timestamp (date-time) in its schema, and \"2024-11-05\" is not one")
                    && refused.stderr.contains("such as 2024-11-05T00:00:00Z, or select whole days with --from DATE --to DATE"), "\(condition): \(refused)")
            #expect(refused.stdout.isEmpty, "nothing listed: \(refused)")
        }
        // A timestamp compares as an instant, whatever its offset or fraction.
        let first = try run(["ls", "usage-events", "--count", "--where", "timestamp<=2024-11-05T02:11:07Z", "--store", store.path])
        let offset = try run(["ls", "usage-events", "--count", "--where", "timestamp<=2024-11-04T21:11:07.000-05:00", "--store", store.path])
        #expect(first.exit == 0 && offset.exit == 0 && first.stdout == offset.stdout && !first.stdout.hasPrefix("0"), "\(first) \(offset)")

        // The library says it in its own words.
        let library = try Store(at: store)
        let error = #expect(throws: AlmanacError.self) {
            try library.documents(matching: Query("usage-events").where(.lessThan(field: "timestamp", value: .string("2024-11-05"))))
        }
        #expect(error?.code == .invalidQuery && error?.remedy == .dateRange && error?.message.contains("Query.dated(from:through:)") == true, "\(String(describing: error))")
    }
}
