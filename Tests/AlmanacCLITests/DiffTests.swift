import Foundation
import Testing

@testable import Almanac

/// `almanac diff A B`: stores, backups and exports compared document by document and field by field.
@Suite struct DiffTests {
    @Test func aStoreAndItsBackupDifferByExactlyAPutARemoveAndAFieldEdit() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let backup = folder.path("backup")
        #expect(try run(["backup", backup.path, "--store", store.path]).exit == 0)
        let equal = try run(["diff", backup.path, store.path])
        #expect(equal.exit == 0 && equal.stdout == "the two are equal\n", "\(equal)")

        let cravings = dataFiles(store).filter { $0.hasPrefix("data/cravings/") }
        let removedID = String((cravings[0] as NSString).lastPathComponent.dropLast(5))
        #expect(try run(["rm", "cravings", removedID, "--store", store.path]).exit == 0)
        let edited = cravings[1]
        let editedURL = store.appendingPathComponent(edited)
        let text = try #require(E2EFiles.text(editedURL))
        let old = try #require(text.range(of: #""intensity": [0-9]+"#, options: .regularExpression).map { String(text[$0].dropFirst(13)) })
        let newValue = old == "10" ? "1" : "10"
        try Data(text.replacingOccurrences(of: "\"intensity\": \(old)", with: "\"intensity\": \(newValue)").utf8).write(to: editedURL)
        let addedID = "AAAAAAAA-0000-4000-8000-000000000001"
        let copy = text.replacingOccurrences(of: String((edited as NSString).lastPathComponent.dropLast(5)), with: addedID)
        let put = try run(["put", "cravings", "--store", store.path], stdin: copy)
        #expect(put.exit == 0, "\(put)")

        let diff = try run(["diff", backup.path, store.path])
        #expect(diff.exit == 1, "\(diff)")
        let lines = diff.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(diff)")
        #expect(lines.contains("- \(cravings[0])"))
        #expect(lines.contains("~ \(edited)"))
        #expect(lines.contains("    /intensity: \(old) → \(newValue)"))
        #expect(lines.contains { $0.hasPrefix("+ data/cravings/") && $0.hasSuffix("/\(addedID).json") })
        #expect(lines.last == "3 documents differ (1 added, 1 removed, 1 changed); 0 other differences")

        let json = try run(["diff", backup.path, store.path, "--json"])
        let object = try #require(try json.json() as? [String: Any])
        #expect(object["equal"] as? Bool == false)
        let documents = try #require(object["documents"] as? [[String: Any]])
        #expect(documents.map { $0["kind"] as? String } .sorted { ($0 ?? "") < ($1 ?? "") } == ["added", "changed", "removed"])
        let fields = try #require(documents.first { $0["kind"] as? String == "changed" }?["fields"] as? [[String: Any]])
        #expect(fields.count == 1 && fields[0]["pointer"] as? String == "/intensity")

        // Narrowed: another collection holds no difference; a range without the edits neither.
        #expect(try run(["diff", backup.path, store.path, "--collection", "usage"]).exit == 0)
        let other = try run(["diff", backup.path, store.path, "--collection", "nope"])
        #expect(other.exit == 2 && other.stderr.contains("neither store has a collection \"nope\""), "\(other)")
    }

    @Test func anExportIsComparedAsAStoreAndSchemaVersionsShow() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let export = folder.path("cravey.jsonl")
        #expect(try run(["export", "--attachments", "--out", export.path, "--store", store.path]).exit == 0)
        let same = try run(["diff", export.path, store.path])
        #expect(same.exit == 0, "\(same)")

        let moved = folder.path("migrated")
        try FileManager.default.copyItem(at: E2ERepository.sampleStore("cravey"), to: moved)
        let up = try run(["migrate", "up", "--store", moved.path, "--migrations", E2ERepository.migrations("cravey").path,
                          "--schema", E2ERepository.schema("cravey").path])
        #expect(up.exit == 0, "\(up)")
        let diff = try run(["diff", store.path, moved.path])
        #expect(diff.exit == 1)
        #expect(diff.stdout.contains("~ schemaVersion: 1 → \(try RepoCatalog("cravey").version)"), "\(diff)")
        #expect(diff.stdout.contains("~ schema/catalog.json"), "\(diff)")
        let missing = try run(["diff", folder.path("nothing").path, store.path])
        #expect(missing.exit == 2 && missing.stderr.contains("does not exist"), "\(missing)")
    }
}
