import Foundation
import Testing

@testable import Almanac

/// Issue 58, item 2: a seed update never silently replaces what the user changed. The import
/// records what it wrote into each seeded document (`store.json` `seedValues`, a hash a field);
/// a later content version replaces a field only where the stored value is still that, keeps
/// the user's edit otherwise, and says so, in the report and with `--dry-run`.
@Suite("Seed updates keep the user's edits")
struct SeedUserEditTests {
    @Test("the user renamed a seeded message: version 2 keeps the new text, updates the rest, and the report and --dry-run name the edit")
    func aUsersEditSurvivesAHigherContentVersion() throws {
        let fixture = try SeedFixture()
        #expect(try fixture.importing([try fixture.seedFile("seed.json", version: 1, documents: fixture.version1)]).exit == 0)
        // The user edits m1's text by hand (through put, as an app's edit screen would).
        var m1 = try #require(fixture.document("m1"))
        m1["text"] = "my words for message 1"
        let file = try fixture.folder.write(String(decoding: try JSONSerialization.data(withJSONObject: m1), as: UTF8.self), to: "m1.json")
        #expect(try run(["put", "messages", file.path, "--store", fixture.store.path]).exit == 0)

        // Version 2 changes every message's text and m1's category.
        var version2 = (2...5).map { SeedFixture.message("m\($0)", version: 2, text: "message \($0), revised") }
        version2.insert(SeedFixture.message("m1", version: 2, text: "message 1, revised", category: "strength"), at: 0)
        let seed2 = try fixture.seedFile("seed-2.json", version: 2, documents: version2)
        let dry = try fixture.importing([seed2], ["--dry-run"])
        #expect(dry.exit == 0 && dry.stdout.contains("m1: would keep the user's edit of text"), "\(dry)")
        #expect(fixture.document("m1")?["text"] as? String == "my words for message 1", "a dry run writes nothing")

        let imported = try fixture.importing([seed2], ["--json"])
        #expect(imported.exit == 0, "\(imported)")
        let report = try #require(try imported.json() as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let kept = try #require(files.first?["keptEdits"] as? [[String: Any]])
        #expect(kept.count == 1 && kept.first?["id"] as? String == "m1" && (kept.first?["fields"] as? [String]) == ["text"], "\(kept)")
        #expect(fixture.document("m1")?["text"] as? String == "my words for message 1", "the user's edit is kept")
        #expect(fixture.document("m1")?["category"] as? String == "strength", "what the user did not change follows the seed")
        #expect(int(fixture.document("m1")?["contentVersion"]) == 2)
        #expect(fixture.document("m2")?["text"] as? String == "message 2, revised", "untouched documents are updated")

        // Version 3 still keeps it: the record holds what version 2 wrote, which the user's text is not.
        let version3 = (1...5).map { SeedFixture.message("m\($0)", version: 3, text: "message \($0), third", category: "strength") }
        let third = try fixture.importing([try fixture.seedFile("seed-3.json", version: 3, documents: version3)])
        #expect(third.exit == 0 && third.stdout.contains("m1: kept the user's edit of text"), "\(third)")
        #expect(fixture.document("m1")?["text"] as? String == "my words for message 1")
        #expect(fixture.document("m2")?["text"] as? String == "message 2, third")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test("documents seeded before records were kept get their record at the next import of the same version")
    func olderStoresAreRecordedThenProtected() throws {
        let fixture = try SeedFixture()
        let seed1 = try fixture.seedFile("seed.json", version: 1, documents: fixture.version1)
        #expect(try fixture.importing([seed1]).exit == 0)
        // As an earlier version left the store: no seedValues.
        let manifestURL = fixture.store.appendingPathComponent("store.json")
        var manifest = try #require(E2EFiles.object(manifestURL))
        #expect(manifest["seedValues"] != nil, "the import recorded what it wrote")
        manifest.removeValue(forKey: "seedValues")
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestURL)

        // The app imports the same version again at launch: the records are made, nothing else.
        let again = try fixture.importing([seed1])
        #expect(again.exit == 0 && again.stdout.contains("0 inserted, 0 updated, 5 unchanged"), "\(again)")
        #expect(E2EFiles.object(manifestURL)?["seedValues"] != nil)

        var m3 = try #require(fixture.document("m3"))
        m3["text"] = "mine now"
        let file = try fixture.folder.write(String(decoding: try JSONSerialization.data(withJSONObject: m3), as: UTF8.self), to: "m3.json")
        #expect(try run(["put", "messages", file.path, "--store", fixture.store.path]).exit == 0)
        let version2 = (1...5).map { SeedFixture.message("m\($0)", version: 2, text: "message \($0), revised") }
        let updated = try fixture.importing([try fixture.seedFile("seed-2.json", version: 2, documents: version2)])
        #expect(updated.exit == 0 && updated.stdout.contains("m3: kept the user's edit of text"), "\(updated)")
        #expect(fixture.document("m3")?["text"] as? String == "mine now")
        #expect(fixture.document("m4")?["text"] as? String == "message 4, revised")
    }
}
