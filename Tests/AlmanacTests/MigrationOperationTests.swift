import Foundation
import Testing
@testable import Almanac

@Suite("Migration operations: parsing")
struct MigrationOperationTests {
    /// Parses `operation` as the only operation of a migration file.
    static func parse(_ operation: String) throws -> MigrationOperation {
        let text = #"{"version": 1, "description": "d", "operations": ["# + operation + "]}"
        return try MigrationFile(bytes: Array(text.utf8), fileName: "0001-x.json").operations[0]
    }

    @Test("every operation parses from its documented JSON form")
    func everyOperation() throws {
        let missed = Condition.equals(field: "status", value: .string("MISSED"))
        let cases: [(String, MigrationOperation)] = [
            (#"{"op": "addField", "collection": "usage", "field": "mood", "value": null}"#,
             .addField(collection: "usage", field: "mood", value: .null, where: nil)),
            (#"{"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0, "where": {"field": "status", "equals": "MISSED"}}"#,
             .addField(collection: "commitments", field: "sort_order", value: .number(JSONNumber(0)), where: missed)),
            (#"{"op": "removeField", "collection": "usage", "field": "legacy"}"#, .removeField(collection: "usage", field: "legacy")),
            (#"{"op": "renameField", "collection": "usage", "from": "amount", "to": "dose"}"#,
             .renameField(collection: "usage", from: "amount", to: "dose")),
            (#"{"op": "copyField", "collection": "usage", "from": "id", "to": "legacyId"}"#,
             .copyField(collection: "usage", from: "id", to: "legacyId")),
            (#"{"op": "setField", "collection": "commitments", "field": "shield_used", "value": false, "where": {"field": "status", "equals": "MISSED"}}"#,
             .setField(collection: "commitments", field: "shield_used", value: .bool(false), where: missed)),
            (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "nearest"}"#,
             .convert(collection: "usage", field: "amount", to: .integer, rounding: .nearest)),
            (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "string"}"#,
             .convert(collection: "usage", field: "amount", to: .string, rounding: nil)),
            (#"{"op": "mapValues", "collection": "usage-events", "field": "eventType", "map": {"exit": "exit_to_focus"}, "default": "other"}"#,
             .mapValues(collection: "usage-events", field: "eventType", map: ["exit": .string("exit_to_focus")], default: .string("other"))),
            (#"{"op": "renameCollection", "from": "usage", "to": "usage-events"}"#, .renameCollection(from: "usage", to: "usage-events")),
            (#"{"op": "deleteDocuments", "collection": "usage", "where": {"field": "status", "equals": "MISSED"}}"#,
             .deleteDocuments(collection: "usage", where: missed)),
            (#"{"op": "repartition", "collection": "commitments", "partition": "day", "dateField": "date"}"#,
             .repartition(collection: "commitments", partition: .day, dateField: "date")),
            (#"{"op": "repartition", "collection": "templates", "partition": "none"}"#,
             .repartition(collection: "templates", partition: .none, dateField: nil)),
            (#"{"op": "catalog", "description": "drop the unique constraint on date"}"#, .catalog(description: "drop the unique constraint on date")),
            (#"{"op": "custom", "name": "cravey.amount-to-integer", "collection": "usage"}"#,
             .custom(name: "cravey.amount-to-integer", collection: "usage")),
        ]
        for (text, expected) in cases {
            let parsed = try Self.parse(text)
            #expect(parsed == expected, "\(text)")
            #expect(try MigrationOperation(json: migrationJSON(text)) == expected)
            #expect(MigrationOperation.names.contains(parsed.name))
        }
    }

    @Test("operations describe themselves on one line for plans")
    func descriptions() throws {
        #expect(try Self.parse(#"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "nearest"}"#).description
            == "convert usage.amount to integer (rounding nearest)")
        #expect(try Self.parse(#"{"op": "setField", "collection": "c", "field": "f", "value": 1, "where": {"all": [{"field": "a", "exists": true}, {"not": {"field": "b", "in": [1, 2]}}]}}"#).description
            == "setField c.f = 1 where all(a exists, not(b in [1,2]))")
        #expect(try Self.parse(#"{"op": "mapValues", "collection": "c", "field": "f", "map": {"b": 2, "a": 1}}"#).description
            == #"mapValues c.f "a" → 1, "b" → 2"#)
    }

    @Test("every parse error names its pointer and says what to do", arguments: [
        (#"{"collection": "usage"}"#, "/operations/0", "has no \"op\""),
        (#"{"op": "addFeild", "collection": "usage"}"#, "/operations/0/op", "did you mean \"addField\""),
        (#"{"op": "upsert"}"#, "/operations/0/op", "the operations are addField, removeField"),
        (#"{"op": 3}"#, "/operations/0/op", "must be an operation name"),
        (#"{"op": "addField", "collection": "usage", "feild": "mood", "value": 1}"#, "/operations/0/feild", "did you mean \"field\""),
        (#"{"op": "removeField", "collection": "usage", "field": "x", "where": {"field": "x", "exists": true}}"#, "/operations/0/where", "the members are op, collection, field"),
        (#"{"op": "addField", "collection": "usage", "value": 1}"#, "/operations/0/field", "is missing"),
        (#"{"op": "addField", "collection": "usage", "field": "mood"}"#, "/operations/0/value", "null is a value"),
        (#"{"op": "addField", "field": "mood", "value": 1}"#, "/operations/0/collection", "is missing"),
        (#"{"op": "addField", "collection": "Usage", "field": "mood", "value": 1}"#, "/operations/0/collection", "not a valid collection name"),
        (#"{"op": "addField", "collection": "usage", "field": "a..b", "value": 1}"#, "/operations/0/field", "is not a field path"),
        (#"{"op": "addField", "collection": "usage", "field": "", "value": 1}"#, "/operations/0/field", "non-empty string"),
        (#"{"op": "removeField", "collection": "usage", "field": "id"}"#, "/operations/0/field", "cannot change \"id\""),
        (#"{"op": "renameField", "collection": "usage", "from": "id", "to": "uuid"}"#, "/operations/0/from", "cannot remove \"id\""),
        (#"{"op": "renameField", "collection": "usage", "from": "a", "to": "a.b"}"#, "/operations/0/to", "overlaps"),
        (#"{"op": "copyField", "collection": "usage", "from": "a", "to": "a"}"#, "/operations/0/to", "overlaps"),
        (#"{"op": "setField", "collection": "usage", "field": "x", "value": 1}"#, "/operations/0/where", "needs a condition"),
        (#"{"op": "deleteDocuments", "collection": "usage"}"#, "/operations/0/where", "needs a condition"),
        (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer"}"#, "/operations/0/rounding", "must say how to round"),
        (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "string", "rounding": "nearest"}"#, "/operations/0/rounding", "only when converting to integer"),
        (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "int", "rounding": "nearest"}"#, "/operations/0/to", "use integer, number, string, boolean"),
        (#"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "half"}"#, "/operations/0/rounding", "use nearest, down, up, towardZero, nearestEven"),
        (#"{"op": "mapValues", "collection": "usage", "field": "f", "map": ["a", "b"]}"#, "/operations/0/map", "must be an object"),
        (#"{"op": "mapValues", "collection": "usage", "field": "f", "map": {}}"#, "/operations/0/map", "is empty"),
        (#"{"op": "renameCollection", "from": "usage", "to": "usage"}"#, "/operations/0/to", "is the same as \"from\""),
        (#"{"op": "renameCollection", "from": "usage"}"#, "/operations/0/to", "is missing"),
        (#"{"op": "repartition", "collection": "usage", "partition": "week"}"#, "/operations/0/partition", "use day, month, year or none"),
        (#"{"op": "repartition", "collection": "usage", "partition": "none", "dateField": "date"}"#, "/operations/0/dateField", "remove it"),
        (#"{"op": "catalog"}"#, "/operations/0/description", "what changed in the schema"),
        (#"{"op": "custom", "name": "amount to int", "collection": "usage"}"#, "/operations/0/name", "not a function name"),
        (#"{"op": "custom", "collection": "usage"}"#, "/operations/0/name", "is missing"),
    ])
    func parseErrors(operation: String, pointer: String, fragment: String) {
        let error = migrationError { _ = try Self.parse(operation) }
        #expect(error?.code == .invalidMigration)
        #expect(error?.pointer == pointer, "\(error?.description ?? "no error")")
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
        #expect(error?.path == "0001-x.json")
        #expect(error?.line == 1 && error?.column != nil)
    }

    @Test("errors inside a where point into the condition", arguments: [
        (#"{"field": "x"}"#, "/operations/0/where", "has no test"),
        (#"{"equals": 1}"#, "/operations/0/where/field", "is missing"),
        (#"{"field": "x", "equals": 1, "in": [1]}"#, "/operations/0/where/in", "combine tests with"),
        (#"{"field": "x", "equal": 1}"#, "/operations/0/where/equal", "did you mean \"equals\""),
        (#"{"field": "x", "exists": "yes"}"#, "/operations/0/where/exists", "must be true or false"),
        (#"{"field": "x", "in": "MISSED"}"#, "/operations/0/where/in", "must be a list of values"),
        (#"{"field": "x", "in": []}"#, "/operations/0/where/in", "would match nothing"),
        (#"{"field": "x", "lessThan": true}"#, "/operations/0/where/lessThan", "a number or a string"),
        (#"{"field": "x", "greaterThan": [1]}"#, "/operations/0/where/greaterThan", "a number or a string"),
        (#"{"field": "x.", "exists": true}"#, "/operations/0/where/field", "is not a field path"),
        (#"{"all": []}"#, "/operations/0/where/all", "is empty"),
        (#"{"any": {"field": "x", "exists": true}}"#, "/operations/0/where/any", "must be a list of conditions"),
        (#"{"all": [{"field": "x", "exists": true}, {"field": "y", "in": 3}]}"#, "/operations/0/where/all/1/in", "must be a list"),
        (#"{"not": 3}"#, "/operations/0/where/not", "must be a condition"),
        (#"{"not": {"any": [{"field": "a/b"}]}}"#, "/operations/0/where/not/any/0", "has no test"),
        (#"{"field": "x", "equals": 1, "all": [{"field": "y", "exists": true}]}"#, "/operations/0/where/equals", "cannot stand beside \"all\""),
        (#"{}"#, "/operations/0/where", "is empty; write a condition such as"),
        (#""status = MISSED""#, "/operations/0/where", "must be a condition"),
    ])
    func conditionErrors(condition: String, pointer: String, fragment: String) {
        let operation = #"{"op": "deleteDocuments", "collection": "usage", "where": "# + condition + "}"
        let error = migrationError { _ = try Self.parse(operation) }
        #expect(error?.code == .invalidMigration)
        #expect(error?.pointer == pointer, "\(error?.description ?? "no error")")
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
    }

    @Test("pointers escape '/' and '~' in member names")
    func pointerEscaping() {
        let error = migrationError { _ = try Self.parse(#"{"op": "catalog", "description": "d", "a/b~c": 1}"#) }
        #expect(error?.pointer == "/operations/0/a~1b~0c")
    }

    @Test("collection-level operations do not touch documents")
    func touchesDocuments() {
        #expect(!MigrationOperation.repartition(collection: "c", partition: .day, dateField: nil).touchesDocuments)
        #expect(!MigrationOperation.catalog(description: "d").touchesDocuments)
        #expect(MigrationOperation.renameCollection(from: "a", to: "b").touchesDocuments)
        #expect(MigrationOperation.catalog(description: "d").collection == nil)
        #expect(MigrationOperation.renameCollection(from: "a", to: "b").collection == "a")
    }
}
