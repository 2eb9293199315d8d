import Foundation
import Testing
@testable import Almanac

/// Parses JSON text written in a test; a typo there is a bug in the test.
func migrationJSON(_ text: String) -> JSONValue {
    try! JSONValue(parsing: Array(text.utf8))
}

/// The `.invalidMigration` error thrown by `body`, or nil.
func migrationError(_ body: () throws -> Void) -> AlmanacError? {
    thrownAlmanacError(body)
}

@Suite("Migration files")
struct MigrationFileTests {
    static let pressure = """
    {
      "version": 2,
      "description": "Pressure: several commitments a day",
      "operations": [
        {"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0},
        {"op": "catalog", "description": "drop the unique constraint on date"}
      ]
    }

    """

    @Test("a file parses into its version, slug, description and operations")
    func parses() throws {
        let file = try MigrationFile(bytes: Array(Self.pressure.utf8), fileName: "0002-multiple-commitments.json")
        #expect(file.version == 2)
        #expect(file.slug == "multiple-commitments")
        #expect(file.fileName == "0002-multiple-commitments.json")
        #expect(file.description == "Pressure: several commitments a day")
        #expect(file.operations == [
            .addField(collection: "commitments", field: "sort_order", value: .number(JSONNumber(0)), where: nil),
            .catalog(description: "drop the unique constraint on date"),
        ])
        #expect(file.checksum == SHA256.hex(Array(Self.pressure.utf8)))
        #expect(file.checksum.count == 64)
    }

    @Test("an initial migration may have no operations")
    func emptyOperations() throws {
        let file = try MigrationFile(bytes: Array(#"{"version": 1, "description": "initial schema", "operations": []}"#.utf8), fileName: "0001-initial.json")
        #expect(file.operations.isEmpty)
    }

    @Test("the checksum is the same for LF, CRLF and CR line endings, and changes with any edit")
    func checksumLineEndings() throws {
        let lf = Self.pressure
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        let name = "0002-multiple-commitments.json"
        let lfFile = try MigrationFile(bytes: Array(lf.utf8), fileName: name)
        #expect(try MigrationFile(bytes: Array(crlf.utf8), fileName: name).checksum == lfFile.checksum)
        #expect(try MigrationFile(bytes: Array(cr.utf8), fileName: name).checksum == lfFile.checksum)
        #expect(MigrationFile.checksum(of: Array("a\r\n\r\nb\r".utf8)) == MigrationFile.checksum(of: Array("a\n\nb\n".utf8)))
        // "\n\r" is two line breaks (LF, then a lone CR), not one.
        #expect(MigrationFile.checksum(of: Array("a\n\rb".utf8)) == MigrationFile.checksum(of: Array("a\n\nb".utf8)))
        let edited = lf.replacingOccurrences(of: "\"value\": 0", with: "\"value\": 1")
        #expect(try MigrationFile(bytes: Array(edited.utf8), fileName: name).checksum != lfFile.checksum)
        let reindented = lf.replacingOccurrences(of: "  \"version\"", with: "   \"version\"")
        #expect(try MigrationFile(bytes: Array(reindented.utf8), fileName: name).checksum != lfFile.checksum)
    }

    @Test("file names must be NNNN-slug.json", arguments: [
        ("0002-multiple-commitments.json", 2), ("0001-initial.json", 1), ("9999-a-1.json", 9999),
    ])
    func goodNames(name: String, number: Int) {
        #expect(MigrationFile.version(inFileName: name) == number)
    }

    @Test("bad file names are refused", arguments: [
        "2-x.json", "00002-x.json", "0002_x.json", "0002-.json", "0002-Add.json", "0002-add sort.json",
        "0002-add.JSON", "0002-add.json.bak", "abcd-add.json", "0002-add_order.json", "notes.json",
    ])
    func badNames(name: String) {
        #expect(MigrationFile.version(inFileName: name) == nil)
        let error = migrationError { _ = try MigrationFile(bytes: Array(Self.pressure.utf8), fileName: name) }
        #expect(error?.code == .invalidMigration)
        #expect(error?.message.contains("NNNN-slug.json") == true)
        #expect(error?.path == name)
    }

    @Test("file-level errors name the file, the pointer, the line and what to do", arguments: [
        (#"{"version": 2, "description": "d", "operations": [], "ops": []}"#, "/ops", "the members are version, description, operations"),
        (#"{"description": "d", "operations": []}"#, "/version", "add \"version\": 2"),
        (#"{"version": "2", "description": "d", "operations": []}"#, "/version", "must be an integer"),
        (#"{"version": 2.5, "description": "d", "operations": []}"#, "/version", "must be an integer"),
        (#"{"version": 3, "description": "d", "operations": []}"#, "/version", "the file name says 0002"),
        (#"{"version": 2, "operations": []}"#, "/description", "is missing"),
        (#"{"version": 2, "description": "", "operations": []}"#, "/description", "non-empty string"),
        (#"{"version": 2, "description": "d"}"#, "/operations", "is missing"),
        (#"{"version": 2, "description": "d", "operations": {}}"#, "/operations", "must be the list of operations"),
        (#"{"version": 2, "description": "d", "operations": ["addField"]}"#, "/operations/0", "must be an operation object"),
        (#"[1]"#, "", "must be an object"),
    ])
    func fileErrors(text: String, pointer: String, fragment: String) {
        let error = migrationError { _ = try MigrationFile(bytes: Array(text.utf8), fileName: "0002-x.json", path: "migrations/pressure/0002-x.json") }
        #expect(error?.code == .invalidMigration)
        #expect(error?.pointer == pointer)
        #expect(error?.path == "migrations/pressure/0002-x.json")
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
        #expect(error?.line == 1)
    }

    @Test("a version that disagrees with the file name carries NameMismatch")
    func nameMismatch() {
        let error = migrationError {
            _ = try MigrationFile(bytes: Array(#"{"version": 3, "description": "d", "operations": []}"#.utf8), fileName: "0002-x.json")
        }
        #expect(error?.underlying as? MigrationFile.NameMismatch == MigrationFile.NameMismatch(fileNameVersion: 2, version: 3))
    }

    @Test("malformed JSON is an invalid migration with the line and column")
    func malformed() {
        let text = "{\n  \"version\": 2,\n  \"description\": \"d\",\n  \"operations\": [],\n}\n"
        let error = migrationError { _ = try MigrationFile(bytes: Array(text.utf8), fileName: "0002-x.json") }
        #expect(error?.code == .invalidMigration)
        #expect(error?.message.hasPrefix("is not valid JSON") == true)
        #expect(error?.line == 4)
        #expect((error?.underlying as? AlmanacError)?.code == .malformedJSON)
    }

    @Test("an error deep in an operation points at its line and column")
    func lineAndColumn() {
        let text = """
        {
          "version": 2,
          "description": "d",
          "operations": [
            {"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0},
            {"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "half"}
          ]
        }
        """
        let error = migrationError { _ = try MigrationFile(bytes: Array(text.utf8), fileName: "0002-x.json", path: "m/0002-x.json") }
        #expect(error?.pointer == "/operations/1/rounding")
        #expect(error?.line == 6)
        #expect(error?.column == 94)
        #expect(error?.description.hasPrefix("m/0002-x.json:6:94: /operations/1/rounding: \"half\" is not a rounding mode") == true)
    }

    @Test("contentsOf reads a file and names it in errors")
    func contentsOf() throws {
        let folder = TemporaryFolder()
        let url = folder.path("0002-multiple-commitments.json")
        try Data(Self.pressure.utf8).write(to: url)
        #expect(try MigrationFile(contentsOf: url).version == 2)
        let missing = migrationError { _ = try MigrationFile(contentsOf: folder.path("0003-none.json")) }
        #expect(missing?.code == .notFound)
    }
}
