import Foundation
import Testing

@testable import Almanac

/// The reference apps' seed content in samples/<app>/seeds/, imported by the built `almanac`
/// into a migrated copy of each sample store.
@Suite("Sample seed content")
struct SampleSeedTests {
    static let seeds: [String: [String]] = [
        "elaro": ["actions_seed.json", "milestones_seed.json"],
        "cravey": ["messages_seed.json"],
        "miga": ["mindfulness_seed.json"],
    ]

    static func seedFile(_ app: String, _ name: String) -> URL {
        E2ERepository.root.appendingPathComponent("samples/\(app)/seeds/\(name)")
    }

    /// A copy of the sample store of `app`, migrated to the latest version.
    static func migratedSample(_ app: String, in folder: E2EFolder) throws -> URL {
        let store = try folder.copySample(app)
        let up = try run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        try #require(up.exit == 0, "\(up)")
        return store
    }

    @Test("every seed file is canonical, parses, and matches schema/seed-file.schema.json", arguments: ["elaro", "cravey", "miga"])
    func seedFilesAreWellFormed(app: String) throws {
        let schemaURL = E2ERepository.root.appendingPathComponent("schema/seed-file.schema.json")
        let schema = try JSONSchema(try JSONValue(parsing: Array(try Data(contentsOf: schemaURL))), path: schemaURL.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: E2ERepository.root.appendingPathComponent("samples/\(app)/seeds").path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.seedFile(app, name)))
            let value = try JSONValue(parsing: bytes)
            #expect(CanonicalJSON.prettyBytes(value) == bytes, "\(name) is not canonical")
            #expect(schema.validate(value).isEmpty, "\(name): \(schema.validate(value))")
            _ = try SeedFile(bytes: bytes, fileName: name)
        }
    }

    @Test("importing an app's seeds into its migrated sample, then again: the second import changes nothing, mtimes included",
          arguments: ["elaro", "cravey", "miga"])
    func importTwice(app: String) throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample(app, in: folder)
        let files = Self.seeds[app]!.map { Self.seedFile(app, $0).path }
        let first = try run(["seed", "import", "--store", store.path, "--json"] + files)
        #expect(first.exit == 0, "\(first)")
        let report = try #require(try first.json() as? [String: Any])
        #expect(report["changedStore"] as? Bool == true)
        #expect(try run(["check", "--store", store.path]).exit == 0)

        let before = treeHash(store, excluding: [])
        let identities = treeIdentities(store, excluding: [])
        let second = try run(["seed", "import", "--store", store.path] + files)
        #expect(second.exit == 0 && second.stdout.contains("nothing changed"), "\(second)")
        #expect(treeHash(store, excluding: []) == before && treeIdentities(store, excluding: []) == identities, "no file written or touched")
    }

    @Test("Cravey: after user activity the seed leaves timesShown, isActive and the user's own message alone")
    func craveyUserActivitySurvives() throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample("cravey", in: folder)
        let seed = Self.seedFile("cravey", "messages_seed.json")
        let seeded = try #require(E2EFiles.object(seed)?["documents"] as? [[String: Any]])
        let id = try #require(seeded.first?["id"] as? String)
        // The user: this message shown 7 times and switched off.
        let path = store.appendingPathComponent("data/motivational-messages/\(id).json")
        var message = try #require(E2EFiles.object(path))
        message["timesShown"] = 7
        message["isActive"] = false
        let edited = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self), to: "edited.json")
        #expect(try run(["put", "motivational-messages", edited.path, "--store", store.path]).exit == 0)
        let custom = E2EFiles.files(under: store.appendingPathComponent("data/motivational-messages"))
            .compactMap { E2EFiles.object(store.appendingPathComponent("data/motivational-messages/\($0)")) }
            .filter { $0["isCustom"] as? Bool == true }
        #expect(!custom.isEmpty, "the sample has a message of the user's own")

        // A newer seed rewrites every default message.
        var newer = try #require(E2EFiles.object(seed))
        newer["contentVersion"] = 2
        newer["documents"] = seeded.map { document in
            var document = document
            document["contentVersion"] = 2
            document["content"] = (document["content"] as? String ?? "") + " (v2)"
            return document
        }
        let newerFile = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: newer), as: UTF8.self), to: "messages_seed.v2.json")
        let result = try run(["seed", "import", "--store", store.path, "--json", newerFile.path])
        #expect(result.exit == 0, "\(result)")
        let file = try #require(((try result.json() as? [String: Any])?["files"] as? [[String: Any]])?.first)
        #expect((file["updated"] as? [String])?.count == seeded.count)
        let after = try #require(E2EFiles.object(path))
        #expect((after["content"] as? String)?.hasSuffix("(v2)") == true)
        #expect(int(after["timesShown"]) == 7 && after["isActive"] as? Bool == false, "user-owned fields kept")
        for mine in custom {
            let id = try #require(mine["id"] as? String)
            let now = E2EFiles.object(store.appendingPathComponent("data/motivational-messages/\(id).json"))
            #expect(now?["content"] as? String == mine["content"] as? String, "the user's own message is untouched")
        }
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }

    @Test("Elaro: the newer actions seed updates the raised templates, adds one, and reports the removed one, which stays")
    func elaroNewerSeed() throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample("elaro", in: folder)
        #expect(try run(["seed", "import", "--store", store.path, Self.seedFile("elaro", "actions_seed.json").path]).exit == 0)
        let dryRun = try run(["seed", "import", "--store", store.path, "--dry-run", Self.seedFile("elaro", "actions_seed.v2.json").path])
        #expect(dryRun.exit == 0 && dryRun.stdout.contains("1 would be inserted, 6 would be updated"), "\(dryRun)")
        let result = try run(["seed", "import", "--store", store.path, "--json", Self.seedFile("elaro", "actions_seed.v2.json").path])
        #expect(result.exit == 0, "\(result)")
        let file = try #require(((try result.json() as? [String: Any])?["files"] as? [[String: Any]])?.first)
        #expect(Set(file["updated"] as? [String] ?? []) == ["A-EMO-002", "A-EMO-004", "A-IND-001", "A-IND-003", "A-IND-004", "A-EXE-003"])
        #expect(file["inserted"] as? [String] == ["A-EXE-005"])
        #expect((file["missingFromFile"] as? [String])?.contains("A-CON-004") == true)
        #expect(E2EFiles.exists(store.appendingPathComponent("data/action-templates/A-CON-004.json")), "reported, not deleted")
        #expect(E2EFiles.object(store.appendingPathComponent("data/action-templates/A-EMO-002.json"))?["title"] as? String == "Feelings charades: guess the face")
        let manifest = try #require(E2EFiles.object(store.appendingPathComponent("store.json")))
        #expect((manifest["seeds"] as? [[String: Any]])?.map { $0["file"] as? String ?? "" } == ["actions_seed.json", "actions_seed.v2.json"])
    }
}
