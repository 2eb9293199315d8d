import Foundation
import Testing

@testable import Almanac

/// Issue 58, item 1: a typed save never drops what its type does not know. An older build of
/// an app (or its widget) whose type lacks a field reads a document, changes what it knows and
/// saves: the field a newer build wrote is still there.
@Suite("Saves keep the members a type does not declare")
struct UndeclaredMembersTests {
    /// The event as an older build declares it: no `note`, no `pauseDuration`.
    struct OldEvent: Document, Equatable {
        static let collection = "events"
        var id: String
        var timestamp: Date
        var kind: String
    }

    /// A type that owns its whole document: what it does not declare goes.
    struct WholeEvent: Document {
        static let collection = "events"
        static let keepsUndeclaredMembers = false
        var id: String
        var timestamp: Date
        var kind: String
    }

    /// An event with a nested object, of which this build knows one member.
    struct PlacedEvent: Document {
        struct Place: Codable, Sendable { var city: String }
        static let collection = "events"
        var id: String
        var timestamp: Date
        var kind: String
        var place: Place
        var tags: [String]
    }

    static func newer(_ id: String, kind: String = "k") -> JSONValue {
        .object([
            "id": .string(id), "timestamp": .string("2025-01-10T10:00:00Z"), "kind": .string(kind),
            "note": .string("House of halls"), "pauseDuration": .number(JSONNumber(30)),
            "place": .object(["city": .string("Lyon"), "postcode": .string("69001")]),
            "tags": .array([.string("a"), .string("b")]),
        ])
    }

    @Test("an older type saves over a newer document: the fields it lacks are kept, the ones it has are replaced")
    func olderTypeKeepsNewerFields() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(json: Self.newer("E1"), in: "events")
        var old = try #require(try store.document(OldEvent.self, id: "E1"))
        old.kind = "changed"
        try store.save(old)
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["kind"]?.stringValue == "changed")
        #expect(stored["note"]?.stringValue == "House of halls", "\(stored)")
        #expect(stored["pauseDuration"]?.numberValue?.doubleValue == 30)
        #expect(stored["place"]?["postcode"]?.stringValue == "69001")
    }

    @Test("a declared optional set to nil removes its member; undeclared members stay")
    func declaredNilRemoves() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(json: Self.newer("E1"), in: "events")
        var event = try #require(try store.document(LoggedEvent.self, id: "E1"))
        #expect(event.pauseDuration == 30)
        event.pauseDuration = nil
        try store.save(event)
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["pauseDuration"] == nil, "the type declares it: nil removes it")
        #expect(stored["note"]?.stringValue == "House of halls")
    }

    @Test("nested objects keep what the nested type lacks; arrays are the type's own, whole")
    func nestedObjectsAndArrays() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(json: Self.newer("E1"), in: "events")
        var placed = try #require(try store.document(PlacedEvent.self, id: "E1"))
        placed.place.city = "Paris"
        placed.tags = ["c"]
        try store.save(placed)
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["place"] == .object(["city": .string("Paris"), "postcode": .string("69001")]), "\(stored)")
        #expect(stored["tags"] == .array([.string("c")]))
        #expect(stored["note"]?.stringValue == "House of halls")
    }

    @Test("batches, mixed batches, transactions and singletons keep them too")
    func everyTypedSavePath() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.write { db in
            for id in ["B1", "B2", "M1", "T1"] { try db.save(json: Self.newer(id), in: "events") }
            try db.save(json: .object(["timerDuration": .number(JSONNumber(20)), "interests": .array([]), "theme": .string("dark")]), in: "preferences")
        }
        let old = { (id: String) in OldEvent(id: id, timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "new \(id)") }
        try store.save(contentsOf: [old("B1"), old("B2")])
        try store.save(contentsOf: [old("M1")] as [any Document])
        try store.write { try $0.save(old("T1")) }
        for id in ["B1", "B2", "M1", "T1"] {
            let stored = try #require(try store.document(json: id, in: "events")?.value)
            #expect(stored["kind"]?.stringValue == "new \(id)" && stored["note"]?.stringValue == "House of halls", "\(id): \(stored)")
        }
        try store.save(Preferences(timerDuration: 25, interests: ["x"]))
        let preferences = try #require(try store.document(json: "", in: "preferences")?.value)
        #expect(preferences["timerDuration"]?.numberValue?.doubleValue == 25 && preferences["theme"]?.stringValue == "dark", "\(preferences)")
    }

    @Test("a type that owns its whole document writes just what it declares; the untyped save writes what it is given")
    func owningTheWholeDocument() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(json: Self.newer("E1"), in: "events")
        try store.save(WholeEvent(id: "E1", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "whole"))
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["note"] == nil && stored["place"] == nil && stored["kind"]?.stringValue == "whole", "\(stored)")
        try store.save(json: Self.newer("E2"), in: "events")
        try store.save(json: .object(["id": .string("E2"), "timestamp": .string("2025-01-10T10:00:00Z"), "kind": .string("k")]), in: "events")
        #expect(try store.document(json: "E2", in: "events")?.value["note"] == nil, "an untyped save is the whole document")
    }

    @Test("a new document, or one deleted earlier in the transaction, is written as encoded")
    func newDocumentsAreAsEncoded() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(json: Self.newer("E1"), in: "events")
        try store.write { db in
            _ = try db.delete(id: "E1", in: "events")
            try db.save(OldEvent(id: "E1", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "again"))
        }
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["note"] == nil && stored["kind"]?.stringValue == "again", "\(stored)")
    }

    /// A dictionary and an enum with associated values list their keys: the type takes them whole.
    struct Tagged: Document {
        enum State: Codable, Sendable { case pending, done(at: String) }
        static let collection = "events"
        var id: String
        var timestamp: Date
        var kind: String
        var counts: [String: Int]
        var state: State
    }

    @Test("a dictionary entry removed and an enum case changed are saved as encoded, not merged back")
    func dictionariesAndEnumsAreTheTypesOwn() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        var tagged = Tagged(id: "E1", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "k", counts: ["a": 1, "b": 2], state: .pending)
        try store.save(tagged)
        tagged.counts = ["a": 1]
        tagged.state = .done(at: "noon")
        try store.save(tagged)
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["counts"] == .object(["a": .number(JSONNumber(1))]), "\(stored)")
        #expect(stored["state"]?["pending"] == nil && stored["state"]?["done"] != nil, "\(stored)")
        #expect(try store.document(Tagged.self, id: "E1") != nil, "it decodes again")
        try store.write { try $0.save(WholeEvent(id: "E1", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "whole")) }
        #expect(try store.document(json: "E1", in: "events")?.value["counts"] == nil, "a transaction's save honours keepsUndeclaredMembers = false")
    }

    @Test("a field the newer schema requires is kept from the stored document: the merge is what is validated")
    func requiredNewerFieldIsKept() throws {
        let folder = TemporaryFolder()
        let schema = try TestSchema.write(in: folder)
        try #"{"type": "object", "required": ["id", "timestamp", "kind", "note"]}"#.write(to: schema.appendingPathComponent("any.schema.json"), atomically: false, encoding: .utf8)
        let store = try Store.create(at: folder.path("store"), schema: schema, timeZone: .gmt)
        try store.save(json: Self.newer("E1"), in: "events")
        var old = try #require(try store.document(OldEvent.self, id: "E1"))
        old.kind = "changed"
        try store.save(old)
        let stored = try #require(try store.document(json: "E1", in: "events")?.value)
        #expect(stored["kind"]?.stringValue == "changed" && stored["note"]?.stringValue == "House of halls", "\(stored)")
        let refused = #expect(throws: AlmanacError.self, "a new document from the older type still lacks the field") {
            try store.save(OldEvent(id: "E9", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "new"))
        }
        #expect(refused?.code == .invalidDocument)
    }
}
