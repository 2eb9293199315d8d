import Foundation
import Testing

@testable import Almanac

/// Issue 58, item 3 and acceptance 3: a `Document` type is compared with its collection's
/// schema, without any document: a misspelt property, one the schema lacks and a `UUID` id
/// against a plain-string schema are each named, with the type, the field and the schema file.
@Suite("Types checked against the schema")
struct TypeCheckTests {
    enum Mood: String, Codable, Sendable { case calm, glad }

    struct Session: Document {
        static let collection = "sessions"
        var id: String
        var startedAt: Date
        var day: CalendarDate
        var minutes: Int
        var mood: Mood
        var note: String?
        var tags: [String]?
    }

    struct Misspelt: Document {
        static let collection = "sessions"
        var id: String
        var startAt: Date
        var day: CalendarDate
        var minutes: Int
        var mood: Mood
    }

    struct Extra: Document {
        static let collection = "sessions"
        var id: String
        var startedAt: Date
        var day: CalendarDate
        var minutes: Int
        var mood: Mood
        var rating: Int?
    }

    struct UUIDSession: Document {
        static let collection = "sessions"
        var id: UUID
        var startedAt: Date
        var day: CalendarDate
        var minutes: Int
        var mood: Mood
    }

    static func store(in folder: TemporaryFolder) throws -> Store {
        let schema = folder.path("schema-src")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try #"{"app": "reading", "version": 1, "collections": [{"name": "sessions", "schema": "sessions.schema.json", "dateField": "startedAt", "partition": "month"}]}"#
            .write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try """
            {"type": "object", "additionalProperties": false, "required": ["id", "startedAt", "day", "minutes", "mood"],
             "properties": {"id": {"type": "string"}, "startedAt": {"type": "string", "format": "date-time"},
                            "day": {"type": "string", "format": "date"}, "minutes": {"type": "integer", "minimum": 1},
                            "mood": {"enum": ["calm", "glad"]}, "note": {"type": "string"},
                            "tags": {"type": "array", "items": {"type": "string"}}}}
            """.write(to: schema.appendingPathComponent("sessions.schema.json"), atomically: false, encoding: .utf8)
        return try Store.create(at: folder.path("store"), schema: schema, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test("a type that matches its schema has nothing to report (enums, calendar dates, optionals, arrays)")
    func aMatchingTypeIsClean() throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        let found = try store.checkTypes([Session.self])
        #expect(found.isEmpty, "\(found)")
    }

    @Test("a misspelt property, one the schema lacks and a UUID id against a plain string are each named")
    func eachMismatchIsNamed() throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        let misspelt = try store.checkTypes([Misspelt.self])
        #expect(misspelt.contains { $0.type == "Misspelt" && $0.field == "startAt" && $0.schemaFile == "schema/sessions.schema.json"
            && $0.message.contains("did you mean \"startedAt\"") }, "\(misspelt)")
        #expect(misspelt.contains { $0.field == "startedAt" && $0.message.contains("the schema requires \"startedAt\"") }, "\(misspelt)")

        let extra = try store.checkTypes([Extra.self])
        #expect(extra.count == 1 && extra[0].field == "rating" && extra[0].message.contains("which the schema does not"), "\(extra)")

        let uuid = try store.checkTypes([UUIDSession.self])
        #expect(uuid.count == 1 && uuid[0].field == "id" && uuid[0].message.contains("\"format\": \"uuid\""), "\(uuid)")
        #expect(uuid[0].description.hasPrefix("UUIDSession.id: ") && uuid[0].description.hasSuffix("(schema/sessions.schema.json)"))

        // All at once, in the order given.
        #expect(try store.checkTypes([Session.self, Extra.self, UUIDSession.self]).map(\.type) == ["Extra", "UUIDSession"])
    }

    struct Placed: Document {
        struct Place: Codable, Sendable { var city: String; var postcode: String? }
        static let collection = "sessions"
        var id: String
        var startedAt: Date
        var day: CalendarDate
        var minutes: Int
        var mood: Mood
        var place: Place
    }

    @Test("members defined through $ref and allOf are found, not reported as undeclared; nested members are compared too")
    func referencesAndCombinedSchemas() throws {
        let folder = TemporaryFolder()
        let store = try Self.store(in: folder)
        let file = store.url.appendingPathComponent("schema/sessions.schema.json")
        try """
            {"$defs": {"place": {"type": "object", "properties": {"city": {"type": "string"}, "postcode": {"type": "string"}}}},
             "type": "object", "required": ["id", "startedAt", "day", "minutes", "mood"],
             "allOf": [{"properties": {"mood": {"enum": ["calm", "glad"]}}}],
             "properties": {"id": {"type": "string"}, "startedAt": {"type": "string", "format": "date-time"},
                            "day": {"type": "string", "format": "date"}, "minutes": {"type": "integer"}, "place": {"$ref": "#/$defs/place"}}}
            """.write(to: file, atomically: false, encoding: .utf8)
        let found = try Store(at: store.url).checkTypes([Placed.self])
        // Only required-ness differs: place and its city are required by the type, optional in the schema.
        #expect(found.map(\.field).sorted() == ["place", "place.city"] && found.allSatisfy { $0.message.contains("lets a document leave out") }, "\(found)")
    }
}
