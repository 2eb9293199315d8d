import Foundation
import Testing

@testable import Almanac

/// `almanac backup` of a store that needs repair (issue 57, item 4 and acceptance line 5): the
/// damaged store is the one a person most needs to copy away, so the backup never refuses.
@Suite("almanac backup of a store as it stands")
struct BackupCommandTests {
    @Test("a schema-invalid document, a conflict copy and unknown files are copied byte for byte; exit 3 lists them")
    func aDamagedStoreIsCopiedAsItStands() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 3)
        let store = fixture.store
        try Data(#"{"id": "n1", "text": 5}"#.utf8).write(to: store.appendingPathComponent("data/notes/n1.json"))
        try Data(#"{"id": "n2", "text": "second, on the phone"}"#.utf8)
            .write(to: store.appendingPathComponent("data/notes/n2.sync-conflict-20250127-140300-ABCDEFG.json"))
        try Data("a person's note\n".utf8).write(to: store.appendingPathComponent("data/notes/README.txt"))
        try Data("kept beside the store\n".utf8).write(to: store.appendingPathComponent("NOTES.md"))
        // Left out: an editor's swap file and a volume's folder are neither the store's nor the person's data.
        try Data("vim swap".utf8).write(to: store.appendingPathComponent("data/notes/.n2.json.swp"))
        try FileManager.default.createDirectory(at: store.appendingPathComponent(".Spotlight-V100"), withIntermediateDirectories: true)

        let copy = folder.path("copy")
        let backup = try run(["backup", copy.path, "--store", store.path])
        #expect(backup.exit == 3, "\(backup)")
        for path in ["data/notes/n1.json", "data/notes/n2.sync-conflict-20250127-140300-ABCDEFG.json", "data/notes/README.txt", "NOTES.md"] {
            #expect(backup.stdout.contains(path), "the problem at \(path) is listed: \(backup.stdout)")
        }
        #expect(backup.stdout.contains("backed up") && !backup.stdout.contains("checks clean"), "\(backup)")
        var expected = try treeFiles(store)
        expected["data/notes/.n2.json.swp"] = nil
        #expect(try treeFiles(copy) == expected, "byte for byte outside .almanac/, editors' and volumes' files aside")
        #expect(!E2EFiles.exists(copy.appendingPathComponent(".Spotlight-V100")))

        let json = try run(["backup", folder.path("copy2").path, "--store", store.path, "--json"])
        #expect(json.exit == 3, "\(json)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let problems = try #require(object?["problems"] as? [[String: Any]], "\(json.stdout)")
        #expect(problems.contains { $0["path"] as? String == "data/notes/n1.json" }, "\(problems)")
    }
}
