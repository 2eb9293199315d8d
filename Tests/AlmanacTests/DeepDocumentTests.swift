import Foundation
import Testing
@testable import Almanac

/// No write path stores what the parser refuses to read: a document nested more than 512
/// levels is refused before the commit, by a save and by a migration alike.
@Suite struct DeepDocumentTests {
    /// A migration adding a field at a 600-part path: refused, and the store is unchanged.
    @Test func migrationThatWouldNestTooDeepIsRefused() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(LoggedEvent(id: "e0", timestamp: instant("2025-01-01T10:00:00Z"), kind: "exit"))
        store.finishWriting()
        let migrations = folder.path("migrations")
        try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
        let path = (0..<600).map { _ in "a" }.joined(separator: ".")
        try Data(#"{"version": 1, "description": "The first schema.", "operations": []}"#.utf8)
            .write(to: migrations.appendingPathComponent("0001-initial.json"))
        try Data(#"{"version": 2, "description": "Deep.", "operations": [{"op": "addField", "collection": "events", "field": "\#(path)", "value": 1}]}"#.utf8)
            .write(to: migrations.appendingPathComponent("0002-deep.json"))
        let target = folder.path("schema-v2")
        try FileManager.default.copyItem(at: folder.path("schema-src"), to: target)
        let catalog = try String(contentsOf: target.appendingPathComponent("catalog.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        try Data(catalog.utf8).write(to: target.appendingPathComponent("catalog.json"))
        let before = try treeBytes(store.url)
        let migrator = Migrator(migrations: try MigrationSet(folder: migrations), targetSchema: target)
        let plan = try migrator.plan(for: store)
        #expect(!plan.isValid)
        #expect(plan.invalidDocuments.first?.violations.first?.message.contains("nested more than 512 levels deep") == true)
        #expect(throws: AlmanacError.self) { try migrator.migrate(storeAt: store.url) }
        #expect(try treeBytes(store.url) == before, "nothing was written")
        #expect(try store.document(LoggedEvent.self, id: "e0")?.kind == "exit")
    }

    /// A Codable value that encodes 600 levels deep.
    final class Chain: Codable, @unchecked Sendable {
        var next: Chain?
        init(next: Chain?) { self.next = next }
    }

    struct Deep: Document {
        static let collection = "templates"
        var id: String
        var chain: Chain
    }

    @Test func saveThatWouldNestTooDeepIsRefused() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        var chain = Chain(next: nil)
        for _ in 0..<600 { chain = Chain(next: chain) }
        let error = try #require(throws: AlmanacError.self) { try store.save(Deep(id: "d1", chain: chain)) }
        #expect(error.code == .invalidDocument)
        #expect(error.message.contains("nested more than 512 levels deep"))
        #expect(try store.documents(matching: Query("templates")).isEmpty)
    }
}
