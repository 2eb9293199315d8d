#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// MARK: - init

@Suite struct EndToEndInitTests {
    @Test func initCreatesTheStoreFromTheSchemaFolder() throws {
        let folder = E2EFolder()
        let store = folder.path("new-store")
        let catalog = try RepoCatalog("miga")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "Asia/Tokyo"])
        #expect(result.exit == 0, "\(result)")
        #expect(result.stdout.contains("miga"), "\(result)")
        #expect(result.stdout.contains("Asia/Tokyo"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")

        let manifest = try #require(E2EFiles.object(store.appendingPathComponent("store.json")), "store.json missing or not JSON")
        #expect(manifest["format"] as? String == "almanac-store")
        #expect(int(manifest["formatVersion"]) == 1)
        #expect(manifest["app"] as? String == "miga")
        #expect(int(manifest["schemaVersion"]) == catalog.version)
        #expect(manifest["timeZone"] as? String == "Asia/Tokyo")
        #expect(manifest["createdAt"] is String)

        // schema/ is a byte-for-byte copy of the schema folder.
        let sourceFiles = E2EFiles.files(under: E2ERepository.schema("miga")).filter { $0.hasSuffix(".json") }
        #expect(!sourceFiles.isEmpty)
        #expect(E2EFiles.files(under: store.appendingPathComponent("schema")) == sourceFiles)
        for name in sourceFiles {
            let original = try Data(contentsOf: E2ERepository.schema("miga").appendingPathComponent(name))
            let copy = try? Data(contentsOf: store.appendingPathComponent("schema/\(name)"))
            #expect(copy == original, "schema/\(name) differs from schema/miga/\(name)")
        }
        // data/ has a folder per collection, none for the singleton; .almanac/ exists.
        for (name, layout) in catalog.layouts {
            let folderURL = store.appendingPathComponent("data/\(name)")
            #expect(E2EFiles.isFolder(folderURL) == (layout != "singleton"), "data/\(name)")
        }
        #expect(E2EFiles.isFolder(store.appendingPathComponent(".almanac")))
        #expect(dataFiles(store).isEmpty)

        // The time zone names the date folders (usage events are filed by month since MIGA's
        // migration 2): 20:00 UTC on January 31 is February 1 in Tokyo.
        let event = try folder.write(usageEvent(id: uuid(1), timestamp: "2025-01-31T20:00:00Z"), to: "event.json")
        let put = try run(["put", "--store", store.path, "usage-events", event.path])
        #expect(put.exit == 0, "\(put)")
        #expect(put.stdout == "Saved data/usage-events/2025/02/\(uuid(1)).json\n", "\(put)")
        #expect(E2EFiles.exists(store.appendingPathComponent("data/usage-events/2025/02/\(uuid(1)).json")))

        let status = try run(["status", "--json", "--store", store.path])
        #expect(status.exit == 0, "\(status)")
        let object = try #require(try status.json() as? [String: Any])
        #expect(object["timeZone"] as? String == "Asia/Tokyo")
    }

    @Test func initWithJSONOutput() throws {
        let folder = E2EFolder()
        let store = folder.path("nested/more/store")
        let result = try run(["init", "--json", store.path, "--schema", E2ERepository.schema("elaro").path, "--time-zone", "Europe/Berlin"])
        #expect(result.exit == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any], "\(result)")
        let catalog = try RepoCatalog("elaro")
        #expect(object["app"] as? String == "elaro")
        #expect(int(object["schemaVersion"]) == catalog.version)
        #expect(object["timeZone"] as? String == "Europe/Berlin")
        #expect((object["collections"] as? [String]) == catalog.layouts.map(\.name))
        #expect(E2EFiles.exists(store.appendingPathComponent("store.json")))
    }

    @Test func initIntoAnExistingStoreFails() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let manifestURL = store.appendingPathComponent("store.json")
        let before = try Data(contentsOf: manifestURL)

        let again = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "Europe/Berlin"])
        #expect(again.exit != 0, "\(again)")
        #expect(again.stderr.hasPrefix("almanac: error: "), "\(again)")
        #expect(again.stderr.contains("already exists"), "\(again)")
        #expect(try Data(contentsOf: manifestURL) == before, "store.json changed")

        // A sample store with documents in it is refused the same way.
        let sample = try folder.copySample("pressure")
        let onSample = try run(["init", sample.path, "--schema", E2ERepository.schema("miga").path])
        #expect(onSample.exit != 0, "\(onSample)")
        #expect(onSample.stderr.contains("already exists"), "\(onSample)")
        #expect(E2EFiles.object(sample.appendingPathComponent("store.json"))?["app"] as? String == "pressure")

        // A folder holding other files is not turned into a store.
        try folder.write("hello\n", to: "busy/notes.txt")
        let busy = try run(["init", folder.path("busy").path, "--schema", E2ERepository.schema("miga").path])
        #expect(busy.exit != 0, "\(busy)")
        #expect(busy.stderr.contains("not empty"), "\(busy)")
        #expect(!E2EFiles.exists(folder.path("busy/store.json")))
    }

    @Test func initWithAnUnknownTimeZoneIsAUsageError() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "Mars/Olympus_Mons"])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("unknown time zone 'Mars/Olympus_Mons'"), "\(result)")
        #expect(!E2EFiles.exists(store), "a store folder was created despite the error")
    }

    @Test("--time-zone UTC is recorded as UTC (Foundation names the zone GMT), and shown so")
    func initWithUTCRecordsUTC() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        #expect(result.exit == 0, "\(result)")
        #expect(result.stdout.contains("time zone UTC"), "\(result)")
        let manifest = try #require(E2EFiles.object(store.appendingPathComponent("store.json")))
        #expect(manifest["timeZone"] as? String == "UTC")
        let status = try run(["status", "--store", store.path, "--json"])
        #expect(status.stdout.contains("\"UTC\""), "\(status)")
    }

    @Test("an abbreviation such as PST is refused with the IANA hint, and no store is made",
          arguments: ["PST", "EST", "CET"])
    func initWithAnAbbreviationIsRefused(zone: String) throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", zone])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("IANA") && result.stderr.contains("America/New_York"), "\(result)")
        #expect(!E2EFiles.exists(store.appendingPathComponent("store.json")), "a store was created despite the error")
    }

    @Test func initWithoutSchemaIsAUsageError() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", store.path, "--time-zone", "UTC"])
        #expect(result.exit == 2, "\(result)")
        #expect(result.stderr.contains("--schema"), "\(result)")
        #expect(!E2EFiles.exists(store), "a store folder was created despite the error")
    }
}

/// Rough edges a newcomer met: `--version`, `init --store`, `migrate rollback --migrations`.
@Suite("The tool's rough edges")
struct RoughEdgeTests {
    @Test("almanac --version prints the tool's version and the store format it knows, exit 0")
    func version() throws {
        let result = try run(["--version"])
        #expect(result.exit == 0, "\(result)")
        #expect(result.stdout.hasPrefix("almanac ") && result.stdout.contains("store format 1"), "\(result)")
        #expect(try run(["--help"]).stdout.contains("--version"))
    }

    @Test("init accepts --store like every other command; two different folders are a usage error")
    func initWithStoreOption() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let result = try run(["init", "--store", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"])
        #expect(result.exit == 0, "\(result)")
        #expect(E2EFiles.exists(store.appendingPathComponent("store.json")))
        let both = try run(["init", folder.path("a").path, "--store", folder.path("b").path, "--schema", E2ERepository.schema("miga").path])
        #expect(both.exit == 2 && both.stderr.contains("two different stores"), "\(both)")
        #expect(!E2EFiles.exists(folder.path("a")) && !E2EFiles.exists(folder.path("b")))
    }

    @Test("migrate rollback accepts --migrations and --schema like its siblings (no 'unknown option')")
    func rollbackAcceptsSiblingOptions() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("miga").path, "--time-zone", "UTC"]).exit == 0)
        let result = try run(["migrate", "rollback", "--store", store.path, "--migrations", folder.path("migrations").path,
                              "--schema", E2ERepository.schema("miga").path])
        #expect(!result.stderr.contains("unknown option"), "\(result)")
        #expect(result.exit == 1 && result.stderr.contains("no migration to roll back"), "\(result)")
    }
}

/// `almanac rm` and the catalog's references.
@Suite("rm with references")
struct RemoveReferenceTests {
    /// A store whose notes cascade from their folder; three notes in `inbox`, one in `work`.
    static func store(in folder: E2EFolder) throws -> URL {
        let schema = folder.path("schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try Data(#"""
        {"app": "notes", "version": 1, "collections": [
          {"name": "folders", "schema": "any.schema.json", "partition": "none"},
          {"name": "notes", "schema": "any.schema.json", "partition": "none",
           "references": [{"field": "folderId", "collection": "folders", "onDelete": "cascade"}]}
        ]}
        """#.utf8).write(to: schema.appendingPathComponent("catalog.json"))
        try Data(#"{"type": "object"}"#.utf8).write(to: schema.appendingPathComponent("any.schema.json"))
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", schema.path, "--time-zone", "UTC"]).exit == 0)
        #expect(try run(["put", "--store", store.path, "folders"], stdin: #"[{"id": "inbox"}, {"id": "work"}]"#).exit == 0)
        let notes = #"[{"id": "n1", "folderId": "inbox"}, {"id": "n2", "folderId": "inbox"}, {"id": "n3", "folderId": "inbox"}, {"id": "n4", "folderId": "work"}]"#
        #expect(try run(["put", "--store", store.path, "notes"], stdin: notes).exit == 0)
        return store
    }

    @Test("rm whose cascade reaches other documents wants --yes off a terminal, then lists every document it removed")
    func cascadeIsReported() throws {
        let folder = E2EFolder()
        let store = try Self.store(in: folder)
        let refused = try run(["rm", "--store", store.path, "folders", "inbox"], stdin: "")
        #expect(refused.exit == 2 && refused.stderr.contains("--yes") && refused.stderr.contains("also deletes 3"), "\(refused)")
        #expect(try run(["get", "--store", store.path, "notes", "n1"]).exit == 0, "nothing was removed")

        let removed = try run(["rm", "--store", store.path, "folders", "inbox", "--yes"])
        #expect(removed.exit == 0, "\(removed)")
        for note in ["notes/n1", "notes/n2", "notes/n3"] { #expect(removed.stdout.contains(note), "\(removed)") }
        #expect(!removed.stdout.contains("notes/n4"), "\(removed)")
        #expect(try run(["get", "--store", store.path, "notes", "n1"]).exit == 1)

        // A document nothing refers to needs no --yes.
        let plain = try run(["rm", "--store", store.path, "notes", "n4", "--json"], stdin: "")
        #expect(plain.exit == 0, "\(plain)")
        let report = try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any]
        #expect(report?["deleted"] as? [String] == ["notes/n4"], "\(plain)")
    }
}

/// `almanac put`'s wording of its input.
@Suite("put's messages")
struct PutMessageTests {
    @Test("a refused document of a batch is named by its position counted from 1, out of the batch's size")
    func batchPositionsCountFromOne() throws {
        let folder = E2EFolder()
        let store = try RemoveReferenceTests.store(in: folder)
        let put = try run(["put", "--store", store.path, "folders"], stdin: #"[{"id": "a"}, {"id": "../x"}, {"id": "c"}]"#)
        #expect(put.exit != 0 && put.stderr.contains("document 2 of 3 in the batch"), "\(put)")
        let twice = try run(["put", "--store", store.path, "folders"], stdin: #"[{"id": "a"}, {"id": "b"}, {"id": "A"}]"#)
        #expect(twice.stderr.contains("document 3 of 3 in the batch") && twice.stderr.contains("collides with \"a\""), "\(twice)")
    }

    @Test("put given a folder says it is a folder (exit 2), not that the file cannot be read")
    func folderIsNamed() throws {
        let folder = E2EFolder()
        let store = try RemoveReferenceTests.store(in: folder)
        let put = try run(["put", "--store", store.path, "folders", folder.path("schema").path])
        #expect(put.exit == 2 && put.stderr.contains("is a folder"), "\(put)")
    }
}
