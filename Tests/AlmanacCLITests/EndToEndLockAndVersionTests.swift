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

// MARK: - exit 4, exit 5

@Suite struct EndToEndLockAndVersionTests {
    @Test func aWriterWaitsForAnotherProcessesLockThenGivesUp() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let event = try folder.write(usageEvent(id: uuid(41), timestamp: "2025-01-27T12:00:00Z"), to: "event.json")
        let target = store.appendingPathComponent("data/usage-events/2025/01/27/\(uuid(41)).json")
        let put = ["put", "usage-events", event.path, "--store", store.path, "--lock-timeout", "0.3"]

        let holder = try Store(at: store, options: .init(commandName: "holder-test"))
        try holder.writer.withWriteLock { _ in
            let started = Date()
            let result = try run(put)
            let elapsed = Date().timeIntervalSince(started)
            #expect(result.exit == 4, "\(result)")
            #expect(result.stderr.contains("PID \(getpid())"), "\(result)")
            #expect(result.stderr.contains("holder-test"), "\(result)")
            #expect(elapsed >= 0.3, "gave up after \(elapsed) s, before --lock-timeout 0.3")
            #expect(!E2EFiles.exists(target))

            let rm = try run(["rm", "--store", store.path, "--lock-timeout", "0", "preferences"])
            #expect(rm.exit == 4, "\(rm)")
            #expect(E2EFiles.exists(store.appendingPathComponent("data/preferences.json")))

            // Readers do not wait for writers.
            #expect(try run(["get", "--store", store.path, "preferences", "--lock-timeout", "0"]).exit == 0)
            #expect(try run(["status", "--store", store.path, "--lock-timeout", "0"]).exit == 0)
        }
        // The holder keeps the lock a moment after its last write: wait for it generously.
        let after = try run(put.dropLast(2) + ["--lock-timeout", "10"])
        #expect(after.exit == 0, "\(after)")
        #expect(E2EFiles.exists(target))
    }

    @Test func aStoreNewerThanTheToolRefusesWrites() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        // The tool knows the current schema (schema/miga); the sample store is at its own version.
        let catalog = try RepoCatalog("miga")
        let sample = try RepoCatalog(sampleOf: "miga")
        #expect(catalog.version < 99)
        let manifestURL = store.appendingPathComponent("store.json")
        let manifest = try #require(E2EFiles.text(manifestURL))
        let edited = manifest.replacingOccurrences(of: "\"schemaVersion\": \(sample.version)", with: "\"schemaVersion\": 99")
        try #require(edited != manifest, "store.json has no \"schemaVersion\": \(sample.version)")
        try Data(edited.utf8).write(to: manifestURL)
        let event = try folder.write(usageEvent(id: uuid(51), timestamp: "2025-01-27T12:00:00Z"), to: "event.json")
        let before = dataFiles(store)

        let explicit = try run(["put", "--store", store.path, "usage-events", event.path, "--schema", E2ERepository.schema("miga").path])
        #expect(explicit.exit == 5, "\(explicit)")
        #expect(explicit.stderr.contains("99"), "\(explicit)")
        #expect(explicit.stderr.contains("schema version \(catalog.version)"), "\(explicit)")

        // From a project folder, schema/miga/catalog.json is found without --schema.
        let fromProject = try run(["put", "--store", store.path, "usage-events", event.path], cwd: E2ERepository.root)
        #expect(fromProject.exit == 5, "\(fromProject)")
        #expect(fromProject.stderr.contains("99"), "\(fromProject)")

        let rm = try run(["rm", "--store", store.path, "preferences"], cwd: E2ERepository.root)
        #expect(rm.exit == 5, "\(rm)")
        #expect(dataFiles(store) == before, "a refused write changed the store")

        // Reading still works.
        let status = try run(["status", "--store", store.path, "--json"], cwd: E2ERepository.root)
        #expect(status.exit == 0, "\(status)")
        let object = try #require(try status.json() as? [String: Any], "\(status)")
        #expect(int(object["schemaVersion"]) == 99)
        #expect(object["writeRefusal"] is String, "\(status)")
        let get = try run(["get", "--store", store.path, "preferences"], cwd: E2ERepository.root)
        #expect(get.exit == 0, "\(get)")
        #expect(get.stdout == E2EFiles.text(store.appendingPathComponent("data/preferences.json")))
        let ls = try run(["ls", "--store", store.path, "selected-apps", "--json", "--schema", E2ERepository.schema("miga").path])
        #expect(ls.exit == 0, "\(ls)")
    }
}
