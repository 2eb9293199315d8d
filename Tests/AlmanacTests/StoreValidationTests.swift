import Foundation
import Testing
@testable import Almanac

@Suite("Validation on write and in check")
struct StoreValidationTests {
    static let event: [String: JSONValue] = [
        "id": .string("0F0C1A2B-3C4D-4E5F-8A6B-7C8D9E0F1A2B"), "eventType": .string("exit_to_focus"),
        "timestamp": .string("2025-01-27T14:03:00Z"), "targetAppName": .string("Instagram"),
        "pauseDuration": .number(JSONNumber(20)), "timerDuration": .number(JSONNumber(30)),
    ]

    @Test("a document that breaks its schema is refused with the pointer and rule, and nothing is written")
    func refusedOnWrite() throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample("miga", into: folder))
        let before = treeListing(store.url.appendingPathComponent("data"))
        var bad = Self.event
        bad["pauseDuration"] = .number(JSONNumber(50))
        let error = #expect(throws: AlmanacError.self) { try store.save(json: .object(bad), in: "usage-events") }
        #expect(error?.code == .invalidDocument)
        #expect(error?.pointer == "/pauseDuration")
        #expect(error?.message.contains("45") == true)
        #expect(treeListing(store.url.appendingPathComponent("data")) == before)
        try store.save(json: .object(Self.event), in: "usage-events")
    }

    @Test("every violation is reported, not only the first")
    func allViolations() throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample("miga", into: folder))
        var bad = Self.event
        bad["pauseDuration"] = .number(JSONNumber(50))
        bad["eventType"] = .string("teleport")
        let error = #expect(throws: AlmanacError.self) { try store.save(json: .object(bad), in: "usage-events") }
        let failure = error?.underlying as? SchemaValidationFailure
        let pointers = Set(failure?.violations.map(\.pointer) ?? [])
        #expect(pointers.isSuperset(of: ["/pauseDuration", "/eventType"]))
        #expect(error?.message.contains("/eventType") == true && error?.message.contains("/pauseDuration") == true)
    }

    @Test("a batch with one invalid document writes none of them")
    func batchAllOrNothing() throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample("miga", into: folder))
        let before = treeListing(store.url.appendingPathComponent("data"))
        var second = Self.event
        second["id"] = .string("1F0C1A2B-3C4D-4E5F-8A6B-7C8D9E0F1A2B")
        second["timerDuration"] = .number(JSONNumber(99))
        #expect(throws: AlmanacError.self) { try store.save(json: [.object(Self.event), .object(second)], in: "usage-events") }
        #expect(treeListing(store.url.appendingPathComponent("data")) == before)
    }

    @Test("check reports a hand-edited document that breaks its schema, with line and column, and changes nothing")
    func checkReportsViolations() throws {
        let folder = TemporaryFolder()
        let store = try Store(at: try Repository.copySample("miga", into: folder))
        let victim = try #require(try store.documents(json: "usage-events").first).location.relativePath
        let url = store.url.appendingPathComponent(victim)
        let original = try String(contentsOf: url, encoding: .utf8)
        let edited = original.replacingOccurrences(of: #""timerDuration": "#, with: #""timerDuration": 4"#)
        #expect(edited != original)
        try Data(edited.utf8).write(to: url)
        let report = try store.check()
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.kind == "schema")
        #expect(problem.path == victim)
        #expect(problem.pointer == "/timerDuration")
        let line = edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("timerDuration") }.map { $0 + 1 }
        #expect(problem.line == line)
        #expect(problem.column == 20)
        #expect(try String(contentsOf: url, encoding: .utf8) == edited)
    }

    @Test("a catalog whose schema uses an unsupported keyword is refused when it loads")
    func unsupportedKeyword() throws {
        let folder = TemporaryFolder()
        let schema = try TestSchema.write(in: folder)
        try Data(#"{"type": "object", "unevaluatedProperties": false}"#.utf8).write(to: schema.appendingPathComponent("any.schema.json"))
        let error = #expect(throws: AlmanacError.self) { try Catalog.load(folder: schema) }
        #expect(error?.code == .invalidCatalog)
        #expect(error?.pointer == "/unevaluatedProperties")
        #expect(throws: AlmanacError.self) { try Store.create(at: folder.path("store"), schema: schema) }
    }
}
