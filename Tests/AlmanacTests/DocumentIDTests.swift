import Foundation
import Testing
@testable import Almanac

@Suite("Document ids")
struct DocumentIDTests {
    static let hostile: [String] = ["../x", "a/b", "a\u{0}b", "..", ".", ".hidden", "", String(repeating: "a", count: 129), "café", "a b", "a\\b", "~"]

    @Test("hostile ids are rejected before any path is built, and create nothing anywhere", arguments: hostile)
    func hostileIDs(id: String) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let before = treeListing(folder.url)
        let document = JSONValue.object(["id": .string(id), "timestamp": .string("2025-01-01T00:00:00Z")])
        for collection in ["events", "templates"] {
            let saveError = #expect(throws: AlmanacError.self) { try store.save(json: document, in: collection) }
            #expect(saveError?.code == .invalidID)
            #expect(saveError?.message.contains("ids are 1–128 ASCII letters") == true)
            let readError = #expect(throws: AlmanacError.self) { try store.document(json: id, in: collection) }
            #expect(readError?.code == .invalidID)
            let deleteError = #expect(throws: AlmanacError.self) { try store.delete(id: id, in: collection) }
            #expect(deleteError?.code == .invalidID)
        }
        #expect(treeListing(folder.url) == before)
    }

    @Test("128 characters is the longest id accepted")
    func longestID() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let id = String(repeating: "a", count: 128)
        try store.save(json: .object(["id": .string(id)]), in: "templates")
        #expect(try store.document(json: id, in: "templates") != nil)
    }

    @Test("ids equal ignoring case are the same id: a second one collides")
    func caseCollision() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(json: .object(["id": .string("Message-1"), "text": .string("a")]), in: "templates")
        let error = #expect(throws: AlmanacError.self) {
            try store.save(json: .object(["id": .string("message-1"), "text": .string("b")]), in: "templates")
        }
        #expect(error?.code == .idCollision)
        #expect(error?.message.contains("Message-1") == true)
        // Reading ignores case, and the stored document is untouched.
        #expect(try store.document(json: "MESSAGE-1", in: "templates")?.value["text"] == .string("a"))
        let batchError = #expect(throws: AlmanacError.self) {
            try store.save(json: [.object(["id": .string("x")]), .object(["id": .string("X")])], in: "templates")
        }
        #expect(batchError?.code == .idCollision)
        #expect(try store.document(json: "x", in: "templates") == nil, "a refused batch writes nothing")
    }

    @Test("a non-string or missing id is refused with its pointer")
    func badIDTypes() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        let number = #expect(throws: AlmanacError.self) { try store.save(json: .object(["id": .number(JSONNumber(5))]), in: "templates") }
        #expect(number?.pointer == "/id")
        let missing = #expect(throws: AlmanacError.self) { try store.save(json: .object(["title": .string("t")]), in: "templates") }
        #expect(missing?.pointer == "/id")
    }
}
