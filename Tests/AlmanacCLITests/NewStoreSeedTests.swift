import Foundation
import Testing

@testable import Almanac

/// Seed content ships with an app, so every app's sample seeds import into a new, empty store
/// of that app (not only into the sample store, which already has the user's configuration),
/// and a second import writes nothing.
@Suite("Seeds into a new store")
struct NewStoreSeedTests {
    /// The seed files of `app` in samples/<app>/seeds/, sorted (none for an app without seeds).
    static func seedFiles(_ app: String) -> [String] {
        let folder = E2ERepository.root.appendingPathComponent("samples/\(app)/seeds")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test("a new store of each app takes all its sample seeds, and importing again writes nothing", arguments: E2ERepository.apps)
    func everyAppImportsIntoANewStore(app: String) throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        let created = try run(["init", store.path, "--schema", E2ERepository.schema(app).path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")
        let files = Self.seedFiles(app)
        if app == "pressure" {
            #expect(files.isEmpty, "Pressure ships no seed content; if it does now, this test covers it too")
            return
        }
        try #require(!files.isEmpty)
        let first = try run(["seed", "import", "--store", store.path, "--json"] + files)
        #expect(first.exit == 0, "\(first)")
        let report = try #require(try first.json() as? [String: Any])
        #expect(report["changedStore"] as? Bool == true)
        #expect(!dataFiles(store).isEmpty, "documents were written")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")

        let before = treeHash(store, excluding: [])
        let identities = treeIdentities(store, excluding: [])
        let second = try run(["seed", "import", "--store", store.path] + files)
        #expect(second.exit == 0 && second.stdout.contains("nothing changed"), "\(second)")
        #expect(treeHash(store, excluding: []) == before && treeIdentities(store, excluding: []) == identities, "no file written or touched")
    }

    @Test("after the user deletes a seeded document of each seeded collection, importing the same files again writes nothing, and two devices that delete the same documents record the same deletions",
          arguments: ["miga", "elaro", "cravey"])
    func deletedSeedDocumentsStayDeleted(app: String) throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema(app).path, "--time-zone", "UTC"]).exit == 0)
        let files = Self.seedFiles(app)
        let first = try run(["seed", "import", "--store", store.path, "--json"] + files)
        let report = try #require(try first.json() as? [String: Any])
        // One inserted document of each collection the seeds fill.
        var deleted: [String: String] = [:]
        for file in report["files"] as? [[String: Any]] ?? [] {
            guard let collection = file["collection"] as? String, deleted[collection] == nil,
                  let id = (file["inserted"] as? [String])?.first else { continue }
            deleted[collection] = id
        }
        #expect(deleted.count == Set((report["files"] as? [[String: Any]] ?? []).compactMap { $0["collection"] as? String }).count, "\(report)")
        for (collection, id) in deleted.sorted(by: { $0.key < $1.key }) {
            let rm = try run(["rm", collection, id, "--store", store.path])
            #expect(rm.exit == 0, "\(rm)")
        }
        let before = treeHash(store, excluding: [])
        let again = try run(["seed", "import", "--store", store.path] + files)
        #expect(again.exit == 0 && again.stdout.contains("nothing changed") && again.stdout.contains("deleted by the user"), "\(again)")
        #expect(treeHash(store, excluding: []) == before, "no file written")
        for (collection, id) in deleted {
            #expect(try run(["get", collection, id, "--store", store.path]).exit != 0, "\(collection)/\(id) stays deleted")
        }
        // Another device: a new store given this store.json (as a sync brings it) decides the same.
        let other = folder.path("other")
        #expect(try run(["init", other.path, "--schema", E2ERepository.schema(app).path, "--time-zone", "UTC"]).exit == 0)
        #expect(try run(["seed", "import", "--store", other.path] + files).exit == 0)
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: store.appendingPathComponent("store.json"))) as? [String: Any])
        let deletions = try #require(ours["seedDeletions"] as? [[String: Any]])
        #expect(deletions.count == deleted.count)
        for (collection, id) in deleted {
            #expect(try run(["rm", collection, id, "--store", other.path]).exit == 0)
        }
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: other.appendingPathComponent("store.json"))) as? [String: Any])
        let sameRecords = try JSONSerialization.data(withJSONObject: theirs["seedDeletions"] ?? [], options: .sortedKeys)
            == JSONSerialization.data(withJSONObject: deletions, options: .sortedKeys)
        #expect(sameRecords, "the same deletes on two devices write the same records, so their store.json versions converge")
    }

    @Test("Elaro: a template may name a focus area not yet configured; once it is, deleting it is refused while templates name it")
    func elaroFocusAreasComeLater() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try run(["init", store.path, "--schema", E2ERepository.schema("elaro").path, "--time-zone", "UTC"]).exit == 0)
        #expect(try run(["seed", "import", "--store", store.path] + Self.seedFiles("elaro")).exit == 0)
        let area = try folder.write("""
            {"id": "connection", "name": "connection", "active": false, "startedAt": "2025-01-06T09:00:00Z", "buildingBlocks": []}
            """, to: "area.json")
        #expect(try run(["put", "focus-areas", area.path, "--store", store.path]).exit == 0)
        let delete = try run(["delete", "focus-areas", "connection", "--yes", "--store", store.path])
        #expect(delete.exit == 3 && delete.stderr.contains("A-CON-001"), "restrict still holds once the area exists: \(delete)")
        // A name outside the four areas is still refused, by the schema's enum.
        let template = try #require(E2EFiles.object(store.appendingPathComponent("data/action-templates/A-CON-001.json")))
        var typo = template
        typo["id"] = "A-CON-900"
        typo["focusId"] = "conection"
        let typoFile = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: typo), as: UTF8.self), to: "typo.json")
        let refused = try run(["put", "action-templates", typoFile.path, "--store", store.path])
        #expect(refused.exit == 3 && refused.stderr.contains("/focusId"), "\(refused)")
    }
}
