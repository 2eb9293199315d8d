import Foundation
import Testing

@testable import Almanac

/// Issue 58, items 7 and 8: a reference's rules are checked when the catalog loads (a nullify
/// on a field that cannot be null is refused then, not at the first delete), a save's advice
/// is one the schema would take, and a restricted delete names the document being deleted.
@Suite("References: checked at load, with advice a save would take")
struct ReferenceRuleTests {
    /// A schema folder of books and of sessions whose `bookId` (with `bookId`'s schema) refers to a book.
    static func schema(in folder: TemporaryFolder, bookId: String, onDelete: String) throws -> URL {
        let schema = folder.path("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try """
            {"app": "reading", "version": 1, "collections": [
              {"name": "books", "schema": "books.schema.json", "partition": "none"},
              {"name": "sessions", "schema": "sessions.schema.json", "partition": "none",
               "references": [{"field": "bookId", "collection": "books", "onDelete": "\(onDelete)"}]}]}
            """.write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try #"{"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}"#
            .write(to: schema.appendingPathComponent("books.schema.json"), atomically: false, encoding: .utf8)
        try #"{"type": "object", "required": ["id", "bookId"], "properties": {"id": {"type": "string"}, "bookId": \#(bookId)}}"#
            .write(to: schema.appendingPathComponent("sessions.schema.json"), atomically: false, encoding: .utf8)
        return schema
    }

    @Test("nullify on a field whose schema does not allow null is refused when the catalog loads, naming the reference")
    func nullifyNeedsANullableField() throws {
        let folder = TemporaryFolder()
        let refused = try Self.schema(in: folder, bookId: #"{"type": "string"}"#, onDelete: "nullify")
        let error = #expect(throws: AlmanacError.self) { try Catalog.load(folder: refused) }
        #expect(error?.pointer == "/collections/1/references/0/onDelete" && error?.message.contains("does not allow null there") == true, "\(String(describing: error))")
        #expect(throws: AlmanacError.self) { try Store.create(at: folder.path("store"), schema: refused, timeZone: .gmt) }
        let nullable = try Self.schema(in: folder, bookId: #"{"type": ["string", "null"]}"#, onDelete: "nullify")
        #expect(try Catalog.load(folder: nullable).collections.count == 2)
        let unknown = try Self.schema(in: folder, bookId: #"{"type": "string"}"#, onDelete: "restrict")
        try "{\"type\": \"object\", \"additionalProperties\": false, \"properties\": {\"id\": {\"type\": \"string\"}}}"
            .write(to: unknown.appendingPathComponent("sessions.schema.json"), atomically: false, encoding: .utf8)
        let undeclared = #expect(throws: AlmanacError.self) { try Catalog.load(folder: unknown) }
        #expect(undeclared?.pointer == "/collections/1/references/0/field", "a reference's field is one the schema declares: \(String(describing: undeclared))")
    }

    @Test("a save naming a missing document is told to set null only where the schema allows it")
    func missingReferenceAdvice() throws {
        let folder = TemporaryFolder()
        let strict = try Store.create(at: folder.path("strict"), schema: try Self.schema(in: folder, bookId: #"{"type": "string"}"#, onDelete: "restrict"), timeZone: .gmt)
        let refused = #expect(throws: AlmanacError.self) {
            try strict.save(json: .object(["id": .string("s1"), "bookId": .string("nope")]), in: "sessions")
        }
        #expect(refused?.code == .missingReference && refused?.message.contains("name one that exists") == true && refused?.message.contains("null") == false, "\(String(describing: refused))")
        let lenient = try Store.create(at: folder.path("lenient"), schema: try Self.schema(in: folder, bookId: #"{"type": ["string", "null"]}"#, onDelete: "nullify"), timeZone: .gmt)
        let nullable = #expect(throws: AlmanacError.self) {
            try lenient.save(json: .object(["id": .string("s1"), "bookId": .string("nope")]), in: "sessions")
        }
        #expect(nullable?.message.contains("set \"bookId\" to null") == true, "\(String(describing: nullable))")
    }

    @Test("a restricted delete names the document being deleted first, then what refers to it")
    func restrictedDeleteNamesTheDeletedDocument() throws {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("store"), schema: try Self.schema(in: folder, bookId: #"{"type": "string"}"#, onDelete: "restrict"), timeZone: .gmt)
        try store.save(json: .object(["id": .string("hobbit"), "title": .string("The Hobbit")]), in: "books")
        try store.save(json: .object(["id": .string("s1"), "bookId": .string("hobbit")]), in: "sessions")
        let error = #expect(throws: AlmanacError.self) { try store.delete(id: "hobbit", in: "books") }
        #expect(error?.code == .deleteRestricted, "\(String(describing: error))")
        #expect(error?.path == "data/books/hobbit.json" && error?.message.hasPrefix("books/hobbit cannot be deleted") == true
            && error?.message.contains("sessions/s1") == true, "\(String(describing: error))")
    }
}
