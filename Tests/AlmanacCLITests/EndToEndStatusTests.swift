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

// MARK: - status

@Suite struct EndToEndStatusTests {
    @Test(arguments: E2ERepository.apps)
    func statusJSONMatchesTheFilesOnDisk(app: String) throws {
        let folder = E2EFolder()
        let store = try folder.copySample(app)
        let manifest = try #require(E2EFiles.object(store.appendingPathComponent("store.json")))
        let catalog = try RepoCatalog(sampleOf: app)

        let result = try run(["status", "--store", store.path, "--json"])
        #expect(result.exit == 0, "\(result)")
        let object = try #require(try result.json() as? [String: Any], "\(result)")
        #expect(object["app"] as? String == app)
        #expect(int(object["schemaVersion"]) == int(manifest["schemaVersion"]))
        #expect(int(object["schemaVersion"]) != nil)
        #expect(int(object["formatVersion"]) == 1)
        #expect(object["timeZone"] as? String == manifest["timeZone"] as? String)
        #expect(object["timeZone"] as? String != nil)
        let collections = try #require(object["collections"] as? [[String: Any]])
        #expect(collections.map { $0["name"] as? String ?? "?" } == catalog.layouts.map(\.name))
        var total = 0
        for (name, layout) in catalog.layouts {
            let entry = collections.first { $0["name"] as? String == name }
            let expected = documentCount(name, layout: layout, in: store)
            total += expected
            #expect(int(entry?["documents"]) == expected, "documents in \(name)")
            #expect(entry?["layout"] as? String == layout, "layout of \(name)")
        }
        #expect(total > 0, "the sample store of \(app) is empty")
    }

    @Test func statusTextOnTheMigaSample() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let catalog = try RepoCatalog(sampleOf: "miga")
        let result = try run(["status", "--store", store.path])
        #expect(result.exit == 0, "\(result)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["app", "miga"]), "\(result)")
        #expect(rows.contains(["time", "zone", "America/New_York"]), "\(result)")
        #expect(rows.contains(["schema", "version", "\(catalog.version)", "(store", "format", "1)"]), "\(result)")
        for (name, layout) in catalog.layouts {
            let count = documentCount(name, layout: layout, in: store)
            #expect(rows.contains([name, layout, String(count)]), "no row '\(name) \(layout) \(count)' in\n\(result.stdout)")
        }
        #expect(!result.stdout.contains("read-only"))
    }
}
