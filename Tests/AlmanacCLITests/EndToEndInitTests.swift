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
