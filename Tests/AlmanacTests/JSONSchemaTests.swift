import Foundation
import Testing
@testable import Almanac

/// Messages, pointers and compile-time errors of ``JSONSchema``, and the project's own
/// schemas and sample stores.
@Suite struct JSONSchemaTests {
    // MARK: - Helpers

    private func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    private func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(json(text), path: "test.schema.json")
    }

    /// The violations of `document` as `pointer: message` lines.
    private func errors(_ schemaText: String, _ document: String) throws -> [String] {
        try schema(schemaText).validate(json(document)).map(\.description)
    }

    /// The error compiling `schemaText` throws.
    private func compileError(_ schemaText: String) throws -> AlmanacError? {
        do {
            _ = try schema(schemaText)
            return nil
        } catch let error as AlmanacError {
            return error
        }
    }

    private static let usageEvent = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$defs": {
            "uuid": {"type": "string", "format": "uuid"},
            "timestamp": {"type": "string", "format": "date-time"}
          },
          "type": "object",
          "additionalProperties": false,
          "required": ["id", "eventType", "timestamp", "targetAppName", "pauseDuration"],
          "properties": {
            "id": {"$ref": "#/$defs/uuid"},
            "eventType": {"type": "string", "enum": ["exit_to_focus", "deepen_pause", "proceed_to_app"]},
            "timestamp": {"$ref": "#/$defs/timestamp"},
            "targetAppName": {"type": "string", "maxLength": 100},
            "pauseDuration": {"type": "number", "minimum": 0, "maximum": 45}
          },
          "if": {"properties": {"eventType": {"const": "proceed_to_app"}}, "required": ["eventType"]},
          "then": {"properties": {"targetAppName": {"minLength": 1}}}
        }
        """

    private static let validEvent = """
        {"id": "1F0C2B3A-0000-4000-8000-000000000001", "eventType": "proceed_to_app",
         "timestamp": "2025-01-27T14:03:00Z", "targetAppName": "Instagram", "pauseDuration": 12.5}
        """

    // MARK: - Messages and pointers

    @Test func maximumNamesValueLimitAndPointers() throws {
        let violations = try schema(Self.usageEvent).validate(json("""
            {"id": "1F0C2B3A-0000-4000-8000-000000000001", "eventType": "exit_to_focus",
             "timestamp": "2025-01-27T14:03:00Z", "targetAppName": "", "pauseDuration": 50}
            """))
        #expect(violations == [SchemaViolation(
            pointer: "/pauseDuration", keyword: "maximum",
            schemaPointer: "/properties/pauseDuration/maximum", message: "50 is greater than the maximum 45")])
        #expect(violations.first?.description == "/pauseDuration: 50 is greater than the maximum 45")
    }

    @Test func validDocumentHasNoViolations() throws {
        #expect(try schema(Self.usageEvent).validate(json(Self.validEvent)).isEmpty)
        #expect(try schema(Self.usageEvent).isValid(json(Self.validEvent)))
    }

    @Test func collectsEveryErrorInDocumentOrder() throws {
        let violations = try schema(Self.usageEvent).validate(json("""
            {"id": "not-a-uuid", "eventType": "snoozed", "timestamp": "2025-02-30T10:00:00Z",
             "targetAppName": 5, "pauseDuration": -1, "extra": true}
            """))
        #expect(violations.map(\.description) == [
            "/eventType: \"snoozed\" is not one of \"exit_to_focus\", \"deepen_pause\", \"proceed_to_app\"",
            "/extra: field \"extra\" is not allowed",
            "/id: \"not-a-uuid\" is not a valid UUID (8-4-4-4-12 hexadecimal digits)",
            "/pauseDuration: -1 is less than the minimum 0",
            "/targetAppName: expected a string, found number 5",
            "/timestamp: \"2025-02-30T10:00:00Z\" is not a valid date-time (RFC 3339, e.g. 2025-01-27T14:03:00Z)",
        ])
        #expect(violations.map(\.keyword) == ["enum", "additionalProperties", "format", "minimum", "type", "format"])
        // Keywords reached through $ref report their place in the file.
        #expect(violations[2].schemaPointer == "/$defs/uuid/format")
        #expect(violations[1].schemaPointer == "/additionalProperties")
    }

    @Test func requiredFieldsAtTheRoot() throws {
        let violations = try schema(Self.usageEvent).validate(json(#"{"id": "1F0C2B3A-0000-4000-8000-000000000001"}"#))
        #expect(violations.map(\.description) == [
            "(document): missing required field \"eventType\"",
            "(document): missing required field \"timestamp\"",
            "(document): missing required field \"targetAppName\"",
            "(document): missing required field \"pauseDuration\"",
        ])
        #expect(violations.allSatisfy { $0.pointer == "" && $0.keyword == "required" && $0.schemaPointer == "/required" })
    }

    @Test func thenFailuresSayWhyTheyApply() throws {
        let document = Self.validEvent.replacingOccurrences(of: "\"Instagram\"", with: "\"\"")
        let violations = try schema(Self.usageEvent).validate(json(document))
        #expect(violations.map(\.description) == [
            "/targetAppName: when eventType is \"proceed_to_app\": text is 0 characters long; the minimum is 1",
        ])
        #expect(violations.first?.schemaPointer == "/then/properties/targetAppName/minLength")
        let elseSchema = #"{"if": {"required": ["a"]}, "else": {"required": ["b"]}}"#
        #expect(try errors(elseSchema, "{}") == ["(document): unless a is present: missing required field \"b\""])
        let generic = #"{"if": {"minimum": 10}, "then": {"multipleOf": 5}}"#
        #expect(try errors(generic, "12") == [
            "(document): as the \"if\" schema at /if matches: 12 is not a multiple of 5",
        ])
    }

    @Test func typeMessages() throws {
        #expect(try errors(#"{"type": "string"}"#, "5") == ["(document): expected a string, found number 5"])
        #expect(try errors(#"{"type": ["string", "null"]}"#, "true") == [
            "(document): expected a string or null, found boolean true",
        ])
        #expect(try errors(#"{"type": "integer"}"#, "1.5") == ["(document): expected an integer, found number 1.5"])
        #expect(try errors(#"{"type": "object"}"#, "[1]") == ["(document): expected an object, found an array"])
        for integral in ["1", "1.0", "1e2", "-0", "1.50e1", "100000000000000000000000"] {
            #expect(try errors(#"{"type": "integer"}"#, integral).isEmpty, "\(integral)")
        }
    }

    @Test func stringLengthCountsCodePoints() throws {
        let tweet = String(repeating: "a", count: 281)
        #expect(try errors(#"{"maxLength": 280}"#, "\"\(tweet)\"") == [
            "(document): text is 281 characters long; the maximum is 280",
        ])
        // Three emoji are three code points but six UTF-16 units and twelve UTF-8 bytes.
        #expect(try errors(#"{"maxLength": 3, "minLength": 3}"#, "\"😀😀😀\"").isEmpty)
        #expect(try errors(#"{"minLength": 4}"#, "\"😀😀😀\"") == ["(document): text is 3 characters long; the minimum is 4"])
        #expect(try errors(#"{"minLength": 2}"#, "\"x\"") == ["(document): text is 1 character long; the minimum is 2"])
    }

    @Test func numericLimitsAreExact() throws {
        #expect(try errors(#"{"multipleOf": 0.01}"#, "0.07").isEmpty)
        #expect(try errors(#"{"multipleOf": 0.01}"#, "19.99").isEmpty)
        #expect(try errors(#"{"multipleOf": 0.01}"#, "0.075") == ["(document): 0.075 is not a multiple of 0.01"])
        #expect(try errors(#"{"multipleOf": 0.5}"#, "2.5").isEmpty)
        #expect(try errors(#"{"multipleOf": 0.5}"#, "2.25") == ["(document): 2.25 is not a multiple of 0.5"])
        #expect(try errors(#"{"multipleOf": 3}"#, "1e400").count == 1)
        #expect(try errors(#"{"multipleOf": 5}"#, "1e400").isEmpty)
        #expect(try errors(#"{"maximum": 9007199254740993}"#, "9007199254740992").isEmpty)
        #expect(try errors(#"{"maximum": 9007199254740992}"#, "9007199254740993").count == 1)
        #expect(try errors(#"{"exclusiveMaximum": 45}"#, "45") == ["(document): 45 is not less than the exclusive maximum 45"])
        #expect(try errors(#"{"exclusiveMinimum": 0}"#, "0.0") == [
            "(document): 0.0 is not greater than the exclusive minimum 0",
        ])
        #expect(try errors(#"{"minimum": 1e-3}"#, "0.001").isEmpty)
    }

    @Test func formatMessages() throws {
        #expect(try errors(#"{"format": "date"}"#, #""abc""#) == ["(document): \"abc\" is not a valid date (YYYY-MM-DD)"])
        #expect(try errors(#"{"format": "date"}"#, #""2024-02-29""#).isEmpty)
        #expect(try errors(#"{"format": "date"}"#, #""2025-02-29""#).count == 1)
        #expect(try errors(#"{"format": "date-time"}"#, #""2025-01-27T14:03:00.250+01:00""#).isEmpty)
        #expect(try errors(#"{"format": "date-time"}"#, #""2025-01-27 14:03:00Z""#).count == 1)
        #expect(try errors(#"{"format": "uuid"}"#, #""1f0c2b3a-0000-4000-8000-00000000000g""#).count == 1)
        // Other 2020-12 formats only annotate.
        #expect(try errors(#"{"format": "email"}"#, #""not an email""#).isEmpty)
    }

    @Test func patternSearchesWithECMAScriptSemantics() throws {
        #expect(try errors(#"{"pattern": "b"}"#, #""abc""#).isEmpty)
        #expect(try errors(#"{"pattern": "^[a-z][a-z0-9_]*$"}"#, #""Abc""#) == [
            "(document): \"Abc\" does not match the pattern ^[a-z][a-z0-9_]*$",
        ])
        // ECMA-262 `$` does not match before a final newline, and `\d` is ASCII only.
        #expect(try errors(#"{"pattern": "^abc$"}"#, #""abc\n""#).count == 1)
        #expect(try errors(#"{"pattern": "^\\d$"}"#, #""৪""#).count == 1)
        #expect(try errors(#"{"pattern": "^\\d$"}"#, #""4""#).isEmpty)
    }

    @Test func enumConstAndUniqueItems() throws {
        #expect(try errors(#"{"enum": ["done", "snoozed", "skipped"]}"#, #""snoozed2""#) == [
            "(document): \"snoozed2\" is not one of \"done\", \"snoozed\", \"skipped\"",
        ])
        #expect(try errors(#"{"enum": [1, {"a": [1]}]}"#, #"{"a": [1.0]}"#).isEmpty)
        #expect(try errors(#"{"const": "MISSED"}"#, #""YES""#) == ["(document): expected \"MISSED\", found \"YES\""])
        #expect(try errors(#"{"const": 1}"#, "true").count == 1)
        #expect(try errors(#"{"uniqueItems": true}"#, #"[1, 2, 1.0]"#) == [
            "(document): items 0 and 2 are both 1; items must be unique",
        ])
        #expect(try errors(#"{"uniqueItems": true}"#, #"[{"a": 1, "b": 2}, {"b": 2, "a": 1}]"#).count == 1)
        #expect(try errors(#"{"uniqueItems": true}"#, #"[{"a": 1}, {"a": true}]"#).isEmpty)
        let many = (0..<100).map(String.init).joined(separator: ",")
        #expect(try errors(#"{"uniqueItems": true}"#, "[\(many), 42.0]") == [
            "(document): items 42 and 100 are both 42; items must be unique",
        ])
    }

    @Test func arrayAndObjectCounts() throws {
        #expect(try errors(#"{"minItems": 3}"#, "[1]") == ["(document): the array has 1 item; the minimum is 3"])
        #expect(try errors(#"{"maxItems": 1}"#, "[1, 2]") == ["(document): the array has 2 items; the maximum is 1"])
        #expect(try errors(#"{"minProperties": 1}"#, "{}") == ["(document): the object has 0 fields; the minimum is 1"])
        #expect(try errors(#"{"maxProperties": 1}"#, #"{"a": 1, "b": 2}"#) == [
            "(document): the object has 2 fields; the maximum is 1",
        ])
        #expect(try errors(#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#) == [
            "(document): missing field \"b\", required when \"a\" is present",
        ])
    }

    @Test func itemsAndPrefixItemsPointAtItems() throws {
        let tuple = #"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#
        #expect(try errors(tuple, #"["a", 1, "b", 2.5]"#) == [
            "/2: expected an integer, found string \"b\"",
            "/3: expected an integer, found number 2.5",
        ])
        #expect(try errors(#"{"prefixItems": [true], "items": false}"#, "[1, 2]") == ["/1: no item is allowed at index 1"])
        #expect(try errors(#"{"items": {"maxLength": 2}}"#, #"[[], "abc"]"#) == ["/1: text is 3 characters long; the maximum is 2"])
    }

    @Test func combinatorsGiveCompactSummaries() throws {
        let anyOf = #"{"anyOf": [{"type": "string", "format": "uuid"}, {"type": "null"}]}"#
        #expect(try errors(anyOf, "5") == [
            "(document): 5 matches none of the anyOf alternatives: (1) expected a string, found number 5; "
                + "(2) expected null, found number 5",
        ])
        #expect(try errors(anyOf, "null").isEmpty)
        let nested = #"{"anyOf": [{"properties": {"a": {"type": "string"}, "b": {"type": "string"}}}, {"type": "array"}]}"#
        #expect(try errors(nested, #"{"a": 1, "b": 2}"#) == [
            "(document): the object matches none of the anyOf alternatives: "
                + "(1) /a: expected a string, found number 1 (and 1 more); (2) expected an array, found an object",
        ])
        let oneOf = #"{"oneOf": [{"minimum": 0}, {"multipleOf": 2}]}"#
        #expect(try errors(oneOf, "4") == [
            "(document): 4 matches alternatives 1 and 2 of oneOf; it must match exactly one",
        ])
        #expect(try errors(oneOf, "-3") == [
            "(document): -3 matches none of the oneOf alternatives: (1) -3 is less than the minimum 0; "
                + "(2) -3 is not a multiple of 2",
        ])
        #expect(try errors(#"{"not": {"required": ["thumbnailPath"]}}"#, #"{"thumbnailPath": "x"}"#) == [
            "(document): field \"thumbnailPath\" must not be present",
        ])
        #expect(try errors(#"{"not": {"const": "x"}}"#, #""x""#) == [
            "(document): \"x\" is not allowed (it matches the schema under \"not\")",
        ])
        #expect(try errors(#"{"allOf": [{"minimum": 5}, {"maximum": 1}]}"#, "3").count == 2)
    }

    @Test func propertyNamesAndPatternProperties() throws {
        #expect(try errors(#"{"propertyNames": {"maxLength": 3}}"#, #"{"abcd": 1}"#) == [
            "/abcd: field name \"abcd\": text is 4 characters long; the maximum is 3",
        ])
        let patterned = #"{"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false}"#
        #expect(try errors(patterned, #"{"x-a": 1, "y": 2}"#) == [
            "/x-a: expected a string, found number 1",
            "/y: field \"y\" is not allowed",
        ])
    }

    @Test func referencesResolveLocallyAndRecursively() throws {
        let tree = """
            {"$defs": {"node": {"type": "object", "required": ["name"],
              "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
             "$ref": "#/$defs/node"}
            """
        #expect(try errors(tree, #"{"name": "a", "children": [{"name": "b"}, {"name": "c", "children": [{"name": 1}]}]}"#) == [
            "/children/1/children/0/name: expected a string, found number 1",
        ])
        let escaped = #"{"$defs": {"a/b": {"type": "string"}, "c%d": {"type": "null"}, "t~": {"type": "boolean"}},"#
            + ##""properties": {"x": {"$ref": "#/$defs/a~1b"}, "y": {"$ref": "#/$defs/c%25d"}, "z": {"$ref": "#/$defs/t~0"}}}"##
        #expect(try errors(escaped, #"{"x": 1, "y": 1, "z": 1}"#) == [
            "/x: expected a string, found number 1",
            "/y: expected null, found number 1",
            "/z: expected a boolean, found number 1",
        ])
        let anchored = ##"{"$defs": {"d": {"$anchor": "day", "format": "date"}}, "items": {"$ref": "#day"}}"##
        #expect(try errors(anchored, #"["2025-01-01", "x"]"#) == ["/1: \"x\" is not a valid date (YYYY-MM-DD)"])
        let root = ##"{"properties": {"next": {"$ref": "#"}}, "required": ["v"]}"##
        #expect(try errors(root, #"{"v": 1, "next": {"next": {}}}"#) == [
            "/next: missing required field \"v\"",
            "/next/next: missing required field \"v\"",
        ])
    }

    @Test func booleanSchemas() throws {
        #expect(try errors("true", "5").isEmpty)
        #expect(try errors("false", "5") == ["(document): 5 is not allowed here"])
        #expect(try schema("false").validate(json("5")).first?.keyword == "false")
        #expect(try errors(#"{"properties": {"a": false}}"#, #"{"a": 1}"#) == ["/a: field \"a\" is not allowed"])
    }

    // MARK: - Compile errors

    @Test func unsupportedKeywordIsRejectedWithItsSchemaPointer() throws {
        let error = try #require(try compileError(#"{"properties": {"a": {"unevaluatedProperties": false}}}"#))
        #expect(error.code == .invalidCatalog)
        #expect(error.path == "test.schema.json")
        #expect(error.pointer == "/properties/a/unevaluatedProperties")
        #expect(error.message.contains("unevaluatedProperties"))
        #expect(try compileError(#"{"definitions": {}}"#)?.pointer == "/definitions")
        #expect(try compileError(#"{"items": [{"type": "string"}]}"#)?.pointer == "/items")
    }

    @Test func malformedSchemasAreRejected() throws {
        let cases: [(schema: String, pointer: String)] = [
            (#"{"maxLength": "3"}"#, "/maxLength"),
            (#"{"minItems": -1}"#, "/minItems"),
            (#"{"minItems": 1.5}"#, "/minItems"),
            (#"{"type": "strng"}"#, "/type"),
            (#"{"type": ["string", "string"]}"#, "/type"),
            (#"{"pattern": "("}"#, "/pattern"),
            (#"{"patternProperties": {"[": true}}"#, "/patternProperties/["),
            (#"{"multipleOf": 0}"#, "/multipleOf"),
            (#"{"required": ["a", 1]}"#, "/required"),
            (#"{"enum": "a"}"#, "/enum"),
            (#"{"anyOf": []}"#, "/anyOf"),
            (#"{"properties": {"a": 5}}"#, "/properties/a"),
            (#"{"format": "datetime"}"#, "/format"),
            (#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#, "/$schema"),
            (#"{"$ref": "other.schema.json#/$defs/x"}"#, "/$ref"),
            (#"{"$ref": "https://example.com/schema"}"#, "/$ref"),
            (##"{"$ref": "#/$defs/missing"}"##, "/$ref"),
            (##"{"$ref": "#nowhere"}"##, "/$ref"),
            (##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}"##, "/$defs/b/allOf/0/$ref"),
            (##"{"$ref": "#"}"##, "/$ref"),
            (#"{"$anchor": "1x"}"#, "/$anchor"),
            (#"{"$id": "http://x.example/a#frag"}"#, "/$id"),
            ("5", ""),
        ]
        for (text, pointer) in cases {
            let error = try compileError(text)
            #expect(error?.code == .invalidCatalog, "\(text)")
            #expect(error?.pointer == pointer, "\(text): \(error.map(String.init(describing:)) ?? "compiled")")
        }
    }

    @Test func keywordListsAreConsistent() throws {
        #expect(JSONSchema.annotationKeywords == [
            "title", "description", "$comment", "examples", "default", "$schema", "deprecated", "readOnly", "writeOnly",
        ])
        #expect(JSONSchema.supportedKeywords.isDisjoint(with: JSONSchema.annotationKeywords))
        // Each supported keyword compiles in a schema that uses them all.
        let everything = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:example:all", "$anchor": "top",
             "$comment": "c", "title": "t", "description": "d", "examples": [], "default": 1,
             "deprecated": false, "readOnly": false, "writeOnly": false,
             "$defs": {"n": {"type": "number"}}, "$ref": "#/$defs/n",
             "type": ["number", "string", "array", "object"], "enum": [1, "a", [], {}], "const": 1,
             "multipleOf": 1, "minimum": 0, "exclusiveMinimum": -1, "maximum": 10, "exclusiveMaximum": 11,
             "minLength": 0, "maxLength": 5, "minCharacters": 0, "maxCharacters": 5, "visible": false,
             "pattern": "a", "format": "date",
             "minItems": 0, "maxItems": 3, "uniqueItems": true, "minContains": 0, "maxContains": 2,
             "required": [], "minProperties": 0, "maxProperties": 3, "dependentRequired": {"a": ["b"]},
             "prefixItems": [true], "items": true, "contains": true, "properties": {"a": true},
             "patternProperties": {"^b": true}, "additionalProperties": true, "propertyNames": true,
             "dependentSchemas": {"a": true}, "allOf": [true], "anyOf": [true], "oneOf": [true], "not": false,
             "if": true, "then": true, "else": true}
            """
        let members = try #require(try json(everything).objectValue)
        #expect(Set(members.keys) == JSONSchema.supportedKeywords.union(JSONSchema.annotationKeywords))
        #expect(try schema(everything).validate(json("1")).isEmpty)
    }

    // MARK: - The project's schemas and samples

    /// The repository root: three levels up from Tests/AlmanacTests/<this file>.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ url: URL) throws -> JSONValue {
        try JSONValue(parsing: [UInt8](Data(contentsOf: url)))
    }

    private func apps() throws -> [String] {
        let folder = Self.repositoryRoot.appendingPathComponent("schema")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/catalog.json").path)
        }
    }

    @Test func everyProjectSchemaCompiles() throws {
        let apps = try apps()
        #expect(!apps.isEmpty)
        var compiled = 0
        for app in apps {
            let folder = Self.repositoryRoot.appendingPathComponent("schema/\(app)")
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where file.hasSuffix(".schema.json") {
                do {
                    _ = try JSONSchema(read(folder.appendingPathComponent(file)), path: "schema/\(app)/\(file)")
                    compiled += 1
                } catch {
                    Issue.record("schema/\(app)/\(file) does not compile: \(error)")
                }
            }
        }
        print("compiled \(compiled) project schema files")
        #expect(compiled > 0)
    }

    /// Each sample store is validated against its own schema copy (`samples/<app>/store/schema/`,
    /// version 1), not against `schema/<app>/`: the samples stay at version 1 so that the
    /// migrations have something to do (see ReferenceMigrationTests for where they lead).
    @Test func everySampleDocumentValidates() throws {
        var checked = 0
        for app in try apps() {
            let store = "samples/\(app)/store"
            let data = Self.repositoryRoot.appendingPathComponent("\(store)/data")
            guard FileManager.default.fileExists(atPath: data.path) else { continue }
            let catalog = try read(Self.repositoryRoot.appendingPathComponent("\(store)/schema/catalog.json"))
            var schemas: [String: JSONSchema] = [:]
            for collection in catalog["collections"]?.arrayValue ?? [] {
                guard let name = collection["name"]?.stringValue, let file = collection["schema"]?.stringValue else { continue }
                let url = Self.repositoryRoot.appendingPathComponent("\(store)/schema/\(file)")
                schemas[name] = try? JSONSchema(read(url), path: "\(store)/schema/\(file)")
            }
            let enumerator = FileManager.default.enumerator(atPath: data.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".json") else { continue }
                // data/<collection>/…/<id>.json, or data/<name>.json for a singleton.
                let components = relative.split(separator: "/")
                let collection = components.count == 1
                    ? String(components[0].dropLast(".json".count)) : String(components[0])
                guard let schema = schemas[collection] else {
                    Issue.record("samples/\(app)/store/data/\(relative): no compiled schema for collection \(collection)")
                    continue
                }
                let violations = schema.validate(try read(data.appendingPathComponent(relative)))
                checked += 1
                if !violations.isEmpty {
                    Issue.record("samples/\(app)/store/data/\(relative): \(violations.map(\.description).joined(separator: "; "))")
                }
            }
        }
        print("validated \(checked) sample documents against their collection schemas")
        #expect(checked > 0)
    }

    @Test("only date-time fields are timestamps: they are normalised to UTC (nested, in arrays, escaped names); dates and free text stay as written")
    func timestampsOnlyInDateTimeFields() throws {
        let schema = try schema(#"""
        {"type": "object", "properties": {
          "at": {"type": "string", "format": "date-time"},
          "day": {"type": "string", "format": "date"},
          "note": {"type": "string"},
          "list": {"type": "array", "items": {"type": "string", "format": "date-time"}},
          "a/b": {"type": "string", "format": "date-time"},
          "inner": {"type": "object", "properties": {"when": {"type": "string", "format": "date-time"}}}
        }}
        """#)
        let offset = "2025-02-08T10:00:00+01:00"
        let document = try json(#"{"at": "\#(offset)", "day": "\#(offset)", "note": "\#(offset)", "list": ["2025-02-08T09:00:00Z", "\#(offset)"], "a/b": "\#(offset)", "inner": {"when": "\#(offset)"}}"#)
        #expect(schema.timestampsNotInUTC(in: document).map(\.pointer).sorted() == ["/at", "/a~1b", "/inner/when", "/list/1"])
        let normalized = schema.normalizingTimestamps(in: document)
        #expect(normalized["at"] == .string("2025-02-08T09:00:00Z"))
        #expect(normalized["a/b"] == .string("2025-02-08T09:00:00Z"))
        #expect(normalized["inner"]?["when"] == .string("2025-02-08T09:00:00Z"))
        #expect(normalized["list"] == .array([.string("2025-02-08T09:00:00Z"), .string("2025-02-08T09:00:00Z")]))
        #expect(normalized["day"] == .string(offset), "a date field that holds a timestamp is the schema's to refuse, not rewritten")
        #expect(normalized["note"] == .string(offset))
    }
}
