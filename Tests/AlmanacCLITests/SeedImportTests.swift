#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

/// A store with one seeded collection, `messages` (user-created when `isCustom` is true;
/// `timesShown` and `isActive` belong to the user), and seed files for it.
struct SeedFixture {
    let folder: E2EFolder
    var store: URL { folder.path("store") }

    init() throws {
        folder = E2EFolder()
        _ = try folder.write("""
            {"app": "seedapp", "version": 1, "collections": [
              {"name": "messages", "schema": "messages.schema.json", "partition": "none",
               "userOwnedFields": ["timesShown", "isActive"], "seeded": {"userCreated": {"field": "isCustom", "equals": true}}},
              {"name": "notes", "schema": "notes.schema.json", "partition": "none"}
            ]}
            """, to: "schema/catalog.json")
        _ = try folder.write("""
            {"type": "object", "required": ["id", "text", "category", "isCustom", "timesShown", "isActive"], "additionalProperties": false,
             "properties": {"id": {"type": "string"}, "text": {"type": "string", "minLength": 1}, "category": {"enum": ["calm", "strength"]},
                            "contentVersion": {"type": "integer", "minimum": 1}, "isCustom": {"type": "boolean"},
                            "timesShown": {"type": "integer", "minimum": 0}, "isActive": {"type": "boolean"}}}
            """, to: "schema/messages.schema.json")
        _ = try folder.write(#"{"type": "object"}"#, to: "schema/notes.schema.json")
        let created = try run(["init", store.path, "--schema", folder.path("schema").path, "--time-zone", "UTC"])
        try #require(created.exit == 0, "\(created)")
    }

    static func message(_ id: String, version: Int, text: String, category: String = "calm") -> String {
        #"{"id": "\#(id)", "contentVersion": \#(version), "text": "\#(text)", "category": "\#(category)", "isCustom": false, "timesShown": 0, "isActive": true}"#
    }

    /// Writes a seed file with `documents` (JSON texts) at content version `version`.
    func seedFile(_ name: String, version: Int, documents: [String], collection: String = "messages") throws -> URL {
        try folder.write(#"{"collection": "\#(collection)", "source": "Test", "contentVersion": \#(version), "documents": [\#(documents.joined(separator: ", "))]}"#, to: name)
    }

    var version1: [String] {
        (1...5).map { Self.message("m\($0)", version: 1, text: "message \($0)") }
    }

    func importing(_ files: [URL], _ extra: [String] = []) throws -> AlmanacRun {
        try run(["seed", "import", "--store", store.path] + extra + files.map(\.path))
    }

    func document(_ id: String, in collection: String = "messages") -> [String: Any]? {
        E2EFiles.object(store.appendingPathComponent("data/\(collection)/\(id).json"))
    }
}

@Suite struct SeedImportTests {
    @Test func importingTheSameFileTwiceChangesNothingTheSecondTime() throws {
        let fixture = try SeedFixture()
        let seed = try fixture.seedFile("seed.json", version: 1, documents: fixture.version1)
        let first = try fixture.importing([seed], ["--json"])
        #expect(first.exit == 0, "\(first)")
        let report = try #require(try first.json() as? [String: Any])
        #expect(int(report["inserted"]) == 5 && int(report["updated"]) == 0)
        #expect(fixture.document("m3")?["text"] as? String == "message 3")
        let manifest = try #require(E2EFiles.object(fixture.store.appendingPathComponent("store.json")))
        let record = try #require((manifest["seeds"] as? [[String: Any]])?.first)
        #expect(record["file"] as? String == "seed.json" && int(record["inserted"]) == 5 && int(record["contentVersion"]) == 1)

        let before = treeHashWithTimes(fixture.store)
        let second = try fixture.importing([seed])
        #expect(second.exit == 0 && second.stdout.contains("0 inserted, 0 updated, 5 unchanged") && second.stdout.contains("nothing changed"), "\(second)")
        #expect(treeHashWithTimes(fixture.store) == before, "not one file touched, mtimes included (the lock file too: no lock was taken)")
    }

    @Test func aNewerSeedUpdatesOlderDocumentsKeepsUserFieldsAndTheUsersOwnAndReportsRemovals() throws {
        let fixture = try SeedFixture()
        #expect(try fixture.importing([try fixture.seedFile("seed.json", version: 1, documents: fixture.version1)]).exit == 0)
        // The user's activity: m1 shown 4 times, m2 deactivated, a message of their own.
        var m1 = try #require(fixture.document("m1"))
        m1["timesShown"] = 4
        var m2 = try #require(fixture.document("m2"))
        m2["isActive"] = false
        let custom = #"{"id": "mine", "text": "my own words", "category": "strength", "isCustom": true, "timesShown": 2, "isActive": true}"#
        for (name, object) in [("m1.json", m1), ("m2.json", m2)] {
            let file = try fixture.folder.write(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self), to: name)
            #expect(try run(["put", "messages", file.path, "--store", fixture.store.path]).exit == 0)
        }
        #expect(try run(["put", "messages", try fixture.folder.write(custom, to: "mine.json").path, "--store", fixture.store.path]).exit == 0)

        // Version 2: m1 and m2 rewritten (contentVersion 2), m3 unchanged, m4 dropped, m5 unchanged,
        // m6 added, and a seed item with the user's id "mine" (never applied).
        let version2 = [
            SeedFixture.message("m1", version: 2, text: "message 1, better"),
            SeedFixture.message("m2", version: 2, text: "message 2, better", category: "strength"),
            SeedFixture.message("m3", version: 1, text: "message 3"),
            SeedFixture.message("m5", version: 1, text: "message 5"),
            SeedFixture.message("m6", version: 2, text: "message 6"),
            SeedFixture.message("mine", version: 2, text: "a seeded text"),
        ]
        let seed2 = try fixture.seedFile("seed-v2.json", version: 2, documents: version2)
        let dryRun = try fixture.importing([seed2], ["--dry-run", "--json"])
        let predicted = try #require(try dryRun.json() as? [String: Any])
        #expect(int(predicted["updated"]) == 2 && int(predicted["inserted"]) == 1, "\(dryRun)")
        #expect(fixture.document("m6") == nil, "a dry run writes nothing")

        let result = try fixture.importing([seed2], ["--json"])
        #expect(result.exit == 0, "\(result)")
        let file = try #require((try result.json() as? [String: Any])?["files"] as? [[String: Any]]).first
        #expect(file?["updated"] as? [String] == ["m1", "m2"])
        #expect(file?["inserted"] as? [String] == ["m6"])
        #expect(int(file?["unchanged"]) == 2)
        #expect(file?["userDocumentsKept"] as? [String] == ["mine"])
        #expect(file?["missingFromFile"] as? [String] == ["m4"])

        #expect(fixture.document("m1")?["text"] as? String == "message 1, better")
        #expect(int(fixture.document("m1")?["timesShown"]) == 4, "user-owned timesShown kept")
        #expect(fixture.document("m2")?["isActive"] as? Bool == false, "user-owned isActive kept")
        #expect(fixture.document("m2")?["category"] as? String == "strength")
        #expect(fixture.document("mine")?["text"] as? String == "my own words", "the user's document is never touched")
        #expect(fixture.document("m4")?["text"] as? String == "message 4", "a removed seed item is reported, not deleted")
        let text = try fixture.importing([seed2])
        #expect(text.stdout.contains("0 inserted, 0 updated") && text.stdout.contains("nothing changed"), "\(text)")
    }

    @Test func anInvalidDocumentAnywhereImportsNothingAndTheErrorNamesFileIdAndField() throws {
        let fixture = try SeedFixture()
        let good = try fixture.seedFile("a.json", version: 1, documents: fixture.version1)
        let bad = try fixture.seedFile("b.json", version: 1, documents: [SeedFixture.message("b1", version: 1, text: "fine"),
                                                                          SeedFixture.message("b2", version: 1, text: "bad", category: "anger")])
        let before = treeHashWithTimes(fixture.store.appendingPathComponent("data"))
        let result = try fixture.importing([good, bad])
        #expect(result.exit == 3, "\(result)")
        #expect(result.stderr.contains("b.json") && result.stderr.contains("b2") && result.stderr.contains("/category"), "\(result.stderr)")
        #expect(treeHashWithTimes(fixture.store.appendingPathComponent("data")) == before, "nothing imported, not even a.json")
        #expect(fixture.document("m1") == nil)
    }

    @Test func seedFilesForUnknownOrUnseededCollectionsOrWithoutContentVersionsAreRefusedClearly() throws {
        let fixture = try SeedFixture()
        let unknown = try fixture.importing([try fixture.seedFile("x.json", version: 1, documents: fixture.version1, collection: "mesages")])
        #expect(unknown.exit != 0 && unknown.stderr.contains("x.json") && unknown.stderr.contains("Did you mean \"messages\""), "\(unknown)")
        let unseeded = try fixture.importing([try fixture.seedFile("n.json", version: 1, documents: [#"{"id": "n1", "contentVersion": 1}"#], collection: "notes")])
        #expect(unseeded.exit != 0 && unseeded.stderr.contains("not seeded"), "\(unseeded)")
        let noVersion = try fixture.importing([try fixture.folder.write(#"{"collection": "messages", "source": "Test", "contentVersion": 1, "documents": [{"id": "m1", "text": "x"}]}"#, to: "v.json")])
        #expect(noVersion.exit == 2 && noVersion.stderr.contains("v.json") && noVersion.stderr.contains("\"m1\"") && noVersion.stderr.contains("contentVersion"), "\(noVersion)")
        let noFileVersion = try fixture.importing([try fixture.folder.write(#"{"collection": "messages", "source": "Test", "documents": []}"#, to: "w.json")])
        #expect(noFileVersion.exit == 2 && noFileVersion.stderr.contains("w.json") && noFileVersion.stderr.contains("/contentVersion"), "\(noFileVersion)")
        let malformed = try fixture.importing([try fixture.folder.write(#"{"collection": "messages",, }"#, to: "m.json")])
        #expect(malformed.exit == 3 && malformed.stderr.contains("m.json") && malformed.stderr.contains("m.json:1:27"), "\(malformed)")
        let hostile = try fixture.importing([try fixture.seedFile("h.json", version: 1, documents: [SeedFixture.message("../x", version: 1, text: "escape")])])
        #expect(hostile.exit == 3 && hostile.stderr.contains("h.json"), "\(hostile)")
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent("data/x.json")))
    }

    #if DEBUG
    @Test(arguments: ["before-journal", "after-journal", "after-first-rename", "before-journal-removed"])
    func anImportKilledAtAnyPointIsWhollyDoneOrNotDoneAfterTheNextCommand(point: String) throws {
        let fixture = try SeedFixture()
        let seed = try fixture.seedFile("seed.json", version: 1, documents: fixture.version1)
        let killed = try run(["seed", "import", "--store", fixture.store.path, seed.path], env: ["ALMANAC_TEST_CRASH_AT": "seed:\(point)"])
        #expect(killed.exit == 128 + SIGKILL, "\(killed)")
        let list = try run(["ls", "messages", "--store", fixture.store.path, "--json"])
        #expect(list.exit == 0, "\(list)")
        let count = (try? list.json() as? [Any])?.count ?? -1
        let manifest = E2EFiles.object(fixture.store.appendingPathComponent("store.json"))
        let recorded = (manifest?["seeds"] as? [Any])?.count ?? 0
        if point == "before-journal" {
            #expect(count == 0 && recorded == 0, "not imported at all: \(count) documents, \(recorded) records")
        } else {
            #expect(count == 5 && recorded == 1, "wholly imported: \(count) documents, \(recorded) records")
        }
        #expect(!E2EFiles.exists(fixture.store.appendingPathComponent(".almanac/journal.json")))
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 0, "no temporary file left: \(check)")
        let again = try fixture.importing([seed])
        #expect(again.exit == 0 && again.stdout.contains(point == "before-journal" ? "5 inserted" : "nothing changed"), "\(again)")
    }
    #endif
}
