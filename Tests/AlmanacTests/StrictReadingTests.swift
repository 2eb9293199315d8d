import Foundation
import Testing
@testable import Almanac

@Suite("Strict reading of store files")
struct StrictReadingTests {
    func storeWithFile(_ text: String, id: String = "T1") throws -> (TemporaryFolder, Store) {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try writeRaw(text, to: "data/templates/\(id).json", in: store)
        return (folder, store)
    }

    @Test("malformed files fail the read with the path, line and column", arguments: [
        ("duplicate key", "{\n  \"id\": \"T1\",\n  \"id\": \"T1\"\n}\n", 3),
        ("trailing comma", "{\n  \"id\": \"T1\",\n  \"title\": \"x\",\n}\n", 3),
        ("truncated", "{\n  \"id\": \"T1\",\n  \"title\": \"x", 3),
        ("comment", "{\n  // note\n  \"id\": \"T1\"\n}\n", 2),
        ("NaN", "{\n  \"id\": \"T1\",\n  \"n\": NaN\n}\n", 3),
        ("single quotes", "{\n  'id': \"T1\"\n}\n", 2),
    ])
    func malformed(name: String, text: String, line: Int) throws {
        let (folder, store) = try storeWithFile(text)
        _ = folder
        let error = #expect(throws: AlmanacError.self) { try store.document(json: "T1", in: "templates") }
        #expect(error?.code == .malformedJSON)
        #expect(error?.path == "data/templates/T1.json")
        #expect(error?.line == line, "\(name)")
        #expect(error?.column != nil)
        // A listing fails the same way: a damaged document is never skipped.
        #expect(throws: AlmanacError.self) { try store.documents(json: "templates") }
    }

    @Test("a valid number Foundation refuses (0e1) is read")
    func zeroExponent() throws {
        let (folder, store) = try storeWithFile("{\"id\": \"T1\", \"n\": 0e1}\n")
        _ = folder
        #expect(try store.document(json: "T1", in: "templates")?.value["n"] == .number(JSONNumber("0e1")!))
    }

    @Test("a UTF-8 byte order mark is tolerated when reading and reported by check")
    func byteOrderMark() throws {
        let (folder, store) = try storeWithFile("\u{FEFF}{\"id\": \"T1\"}\n")
        _ = folder
        let document = try #require(try store.document(json: "T1", in: "templates"))
        #expect(document.hadByteOrderMark)
        let report = try store.check()
        #expect(report.problems.map(\.kind) == ["byte-order-mark"])
        #expect(report.isClean, "a BOM is a warning, not an error")
    }

    @Test("a document that does not fit its Swift type fails with path and pointer")
    func schemaIncompatible() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try writeRaw("{\"id\": \"E9\", \"kind\": 5, \"timestamp\": \"2025-01-01T12:00:00Z\"}\n", to: "data/events/2025/01/01/E9.json", in: store)
        let error = #expect(throws: AlmanacError.self) { try store.document(LoggedEvent.self, id: "E9") }
        #expect(error?.code == .invalidDocument)
        #expect(error?.path == "data/events/2025/01/01/E9.json")
        #expect(error?.pointer == "/kind")
        #expect(error?.line == 1)
        #expect(error?.column == 22)
        #expect(error?.description.hasPrefix("data/events/2025/01/01/E9.json:1:22: /kind: ") == true)
    }
}
