import Testing
@testable import Almanac

/// A query naming a field the schema rules out is an error, not an empty result.
@Suite("Fields a schema declares")
struct SchemaFieldsTests {
    private func fields(_ text: String) throws -> SchemaFields {
        SchemaFields(root: try JSONValue(parsing: Array(text.utf8)))
    }

    @Test("a closed object admits its properties only; an open one admits any name")
    func closedAndOpen() throws {
        let closed = try fields(#"{"type": "object", "additionalProperties": false, "properties": {"status": {}, "id": {}}}"#)
        #expect(closed.unknown(["status"]) == nil)
        #expect(closed.unknown(["stauts"]) == SchemaFields.Unknown(path: ["stauts"], declared: ["id", "status"]))
        let open = try fields(#"{"type": "object", "properties": {"status": {}}}"#)
        #expect(open.unknown(["anything"]) == nil)
        let patterned = try fields(#"{"additionalProperties": false, "patternProperties": {"^x-": {}}}"#)
        #expect(patterned.unknown(["x-extra"]) == nil, "patternProperties leave the level open")
    }

    @Test("$ref and allOf close a level; anyOf, oneOf and then/else branches only add names")
    func combinators() throws {
        let referenced = try fields(##"{"$ref": "#/$defs/entry", "$defs": {"entry": {"additionalProperties": false, "properties": {"a": {}}}}}"##)
        #expect(referenced.unknown(["b"])?.declared == ["a"])
        // An anchor is not a pointer: the nested level stays open, never the root's fields.
        let anchored = try fields(##"{"additionalProperties": false, "properties": {"place": {"$ref": "#place"}, "id": {}}, "$defs": {"p": {"$anchor": "place", "properties": {"city": {}}}}}"##)
        #expect(anchored.unknown(["place", "city"]) == nil)
        let all = try fields(#"{"allOf": [{"additionalProperties": false, "properties": {"a": {}, "b": {}}}, {"required": ["a"]}]}"#)
        #expect(all.unknown(["c"]) != nil && all.unknown(["b"]) == nil)
        let any = try fields(#"{"additionalProperties": false, "properties": {"kind": {}}, "anyOf": [{"properties": {"audio": {}}}]}"#)
        #expect(any.unknown(["audio"]) == nil, "a branch may declare the field")
        let oneOnly = try fields(#"{"oneOf": [{"additionalProperties": false, "properties": {"a": {}}}, {"additionalProperties": false, "properties": {"b": {}}}]}"#)
        #expect(oneOnly.unknown(["b"]) == nil && oneOnly.unknown(["c"]) == nil, "a branch never closes the level alone")
    }

    @Test("nested paths are checked level by level, and below an open level not at all")
    func nested() throws {
        let schema = try fields(#"""
            {"additionalProperties": false, "properties": {
              "location": {"type": "object", "additionalProperties": false, "properties": {"city": {}}},
              "extra": {"type": "object"}}}
            """#)
        #expect(schema.unknown(["location", "city"]) == nil)
        #expect(schema.unknown(["location", "town"]) == SchemaFields.Unknown(path: ["location", "town"], declared: ["city"]))
        #expect(schema.unknown(["extra", "whatever"]) == nil)
    }
}
