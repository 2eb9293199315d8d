import Foundation
import Testing

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
