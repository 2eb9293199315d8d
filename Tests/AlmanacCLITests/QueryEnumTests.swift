import Foundation
import Testing

@testable import Almanac

/// A value that a field's enum rules out can never match: a query naming one is a typo, refused
/// with the values the schema allows, never an empty result.
@Suite("Query values outside an enum")
struct QueryEnumTests {
    @Test("ls --where with a value outside the field's enum exits 2 with did-you-mean; a valid value still counts")
    func outsideTheEnum() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let typo = try run(["ls", "usage-events", "--where", "eventType=exit_to_fcus", "--count", "--store", store.path])
        #expect(typo.exit == 2, "\(typo)")
        #expect(typo.stderr.contains("did you mean \"exit_to_focus\"") && typo.stderr.contains("proceed_to_app"), "\(typo)")
        let listed = try run(["ls", "usage-events", "--where", "eventType in [exit_to_focus, exit_to_fcus]", "--store", store.path])
        #expect(listed.exit == 2, "every value of an in-list is checked: \(listed)")
        let good = try run(["ls", "usage-events", "--where", "eventType=exit_to_focus", "--count", "--store", store.path])
        #expect(good.exit == 0 && (Int(good.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(good)")
        let negated = try run(["ls", "usage-events", "--where", "eventType!=exit_to_focus", "--count", "--store", store.path])
        #expect(negated.exit == 0, "\(negated)")
    }

    @Test("the library refuses it too, and allows null (it also finds a missing field)")
    func library() throws {
        let folder = E2EFolder()
        let store = try Store(at: try folder.copySample("miga"))
        #expect(throws: AlmanacError.self) { try store.condition(parsing: "eventType=exit_to_fcus", in: "usage-events") }
        let error = #expect(throws: AlmanacError.self) {
            try store.documents(matching: Query("usage-events").where(.equals(field: "eventType", value: .string("nope"))))
        }
        #expect(error?.code == .invalidQuery && error?.pointer == "/eventType", "\(String(describing: error))")
        _ = try store.condition(parsing: "eventType=exit_to_focus", in: "usage-events")
    }

    @Test("an enum inside anyOf branches narrows nothing: each branch may allow the value")
    func branchesDoNotNarrow() throws {
        let fields = SchemaFields(root: try JSONValue(parsing: Array("""
            {"type": "object", "properties": {"kind": {"anyOf": [{"enum": ["a"]}, {"enum": ["b"]}]}, "tag": {"enum": ["x", "y"], "type": "string"},
             "tags": {"type": "array", "items": {"enum": ["p", "q"]}}}}
            """.utf8)))
        #expect(fields.allowedValues(at: ["kind"]) == nil)
        #expect(fields.allowedValues(at: ["tag"]) == [.string("x"), .string("y")])
        #expect(fields.allowedValues(at: ["tags"], elements: true) == [.string("p"), .string("q")])
        #expect(fields.allowedValues(at: ["missing"]) == nil)
    }
}
