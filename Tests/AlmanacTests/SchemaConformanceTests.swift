import Foundation
import Testing
@testable import Almanac

/// Runs the official JSON-Schema-Test-Suite (draft 2020-12) against ``JSONSchema``.
///
/// Every case of every file is run. A group whose schema uses a keyword, format or dialect the
/// validator does not support must be refused when compiled ("rejected", the correct
/// behaviour: never silently ignore a rule); the test checks each rejection independently,
/// so a compiler bug cannot hide as a rejection. Every other case must give the suite's
/// expected result, except the listed ones, which cannot run here or deliberately differ.
@Suite struct SchemaConformanceTests {
    /// `<repo root>/../shared/conformance/json-schema-test-suite/draft2020-12/`.
    static let suiteDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance/json-schema-test-suite/draft2020-12").standardized

    /// Groups that need schemas fetched from elsewhere: Almanac resolves only references
    /// within the same schema file, and these tests serve documents from
    /// http://localhost:1234 (or name the 2020-12 meta-schema). They are counted as skipped.
    /// A `nil` group means every group of the file.
    static let remoteReferenceGroups: [(file: String, group: String?, reason: String)] = [
        ("refRemote.json", nil, "every group refers to documents served from http://localhost:1234/draft2020-12/"),
        ("ref.json", "remote ref, containing refs itself",
         "refers to the draft 2020-12 meta-schema, https://json-schema.org/draft/2020-12/schema"),
        ("defs.json", "validate definition against metaschema",
         "refers to the draft 2020-12 meta-schema, https://json-schema.org/draft/2020-12/schema"),
        ("dynamicRef.json", "$ref to $dynamicRef finds detached $dynamicAnchor",
         "refers to http://localhost:1234/draft2020-12/detached-dynamicref.json"),
    ]

    /// Cases where Almanac deliberately differs from the suite: format.json tests the 2020-12
    /// default that `format` only annotates, but Almanac asserts date, date-time and uuid
    /// (see `SchemaFormat`). These cases are run with the opposite expectation, and are
    /// counted as skipped.
    static let assertedFormatCases: [(group: String, test: String)] = [
        ("date format", "invalid date string is only an annotation by default"),
        ("date-time format", "invalid date-time string is only an annotation by default"),
        ("uuid format", "invalid uuid string is only an annotation by default"),
    ]

    struct Tally {
        var pass = 0, fail = 0, rejected = 0, skipped = 0
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: suiteDirectory.path),
                   "needs the JSON Schema test suite in ../shared/conformance beside the repository"))
    func officialSuite() throws {
        let fileManager = FileManager.default
        let top = try fileManager.contentsOfDirectory(atPath: Self.suiteDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let formats = try fileManager.contentsOfDirectory(atPath: Self.suiteDirectory.appendingPathComponent("optional/format").path)
            .filter { $0.hasSuffix(".json") }.sorted().map { "optional/format/" + $0 }
        let files = top + formats
        #expect(files.count > 40, "the suite was not found at \(Self.suiteDirectory.path)")

        var table: [(String, Tally)] = []
        var total = Tally()
        for file in files {
            let tally = try run(file)
            table.append((file, tally))
            total.pass += tally.pass
            total.fail += tally.fail
            total.rejected += tally.rejected
            total.skipped += tally.skipped
        }
        var report = "JSON Schema draft 2020-12 conformance\n"
        report += "file".padding(toLength: 38, withPad: " ", startingAt: 0) + "  pass  fail  rejected  skipped\n"
        for (file, tally) in table + [("TOTAL", total)] {
            report += file.padding(toLength: 38, withPad: " ", startingAt: 0)
            report += zip([tally.pass, tally.fail, tally.rejected, tally.skipped], [6, 6, 10, 9])
                .map { String($0).leftPadded(to: $1) }.joined()
            report += "\n"
        }
        print(report)
        #expect(total.fail == 0)
    }

    /// Runs one file and records an issue for each case with the wrong result.
    private func run(_ file: String) throws -> Tally {
        let bytes = try [UInt8](Data(contentsOf: Self.suiteDirectory.appendingPathComponent(file)))
        guard case .array(let groups) = try JSONValue(parsing: bytes) else {
            Issue.record("\(file) is not an array of test groups")
            return Tally()
        }
        var tally = Tally()
        for group in groups {
            let description = group["description"]?.stringValue ?? "?"
            let tests = group["tests"]?.arrayValue ?? []
            let schemaValue = group["schema"] ?? .bool(true)
            let remote = Self.remoteReferenceGroups.contains { $0.file == file && ($0.group == nil || $0.group == description) }
            let unsupported = UnsupportedFeatureFinder.find(in: schemaValue)
            let schema: JSONSchema
            do {
                schema = try JSONSchema(schemaValue, path: file)
            } catch let error as AlmanacError {
                if remote {
                    tally.skipped += tests.count
                } else if !unsupported.isEmpty {
                    // The refusal must be for the unsupported feature, not some other complaint.
                    #expect(error.code == .invalidCatalog)
                    #expect(["unsupported JSON Schema keyword", "unknown format", "$schema must be"]
                        .contains { error.message.hasPrefix($0) }, "\(file) / \(description): \(error)")
                    tally.rejected += tests.count
                } else {
                    Issue.record("\(file) / \(description): compile failed although only supported features are used: \(error)")
                    tally.fail += tests.count
                }
                continue
            }
            if remote {
                Issue.record("\(file) / \(description) is listed as needing remote references but compiled")
            }
            if !unsupported.isEmpty {
                Issue.record("\(file) / \(description) compiled although it uses \(unsupported)")
            }
            for test in tests {
                let testDescription = test["description"]?.stringValue ?? "?"
                var expected = test["valid"]?.boolValue ?? false
                let deviation = file == "format.json"
                    && Self.assertedFormatCases.contains { $0.group == description && $0.test == testDescription }
                if deviation { expected.toggle() }
                let violations = schema.validate(test["data"] ?? .null)
                let valid = violations.isEmpty
                if valid != schema.isValid(test["data"] ?? .null) {
                    Issue.record("\(file) / \(description) / \(testDescription): validate and isValid disagree")
                }
                if valid == expected {
                    if deviation { tally.skipped += 1 } else { tally.pass += 1 }
                } else {
                    tally.fail += 1
                    Issue.record("""
                        \(file) / \(description) / \(testDescription): expected \(expected ? "valid" : "invalid"), \
                        got \(valid ? "valid" : violations.map(\.description).joined(separator: "; "))
                        """)
                }
            }
        }
        return tally
    }
}

/// Finds, independently of the compiler, the reasons a test schema must be refused: keywords
/// outside the supported and annotation sets, unknown format names, or another dialect.
enum UnsupportedFeatureFinder {
    static let schemaMaps: Set<String> = ["properties", "patternProperties", "$defs", "dependentSchemas"]
    static let schemaArrays: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let singleSchemas: Set<String> = [
        "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
    ]
    /// Draft 2020-12's format names (§7.3 of the validation specification).
    static let formats: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname",
        "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid", "uri-template",
        "json-pointer", "relative-json-pointer", "regex",
    ]

    static func find(in schema: JSONValue) -> [String] {
        guard case .object(let members) = schema else { return [] }
        var found: [String] = []
        for (key, value) in members {
            if !JSONSchema.supportedKeywords.contains(key) && !JSONSchema.annotationKeywords.contains(key) {
                found.append("keyword \(key)")
            } else if key == "format", let name = value.stringValue, !formats.contains(name) {
                found.append("format \(name)")
            } else if key == "$schema", let dialect = value.stringValue,
                      !dialect.hasPrefix("https://json-schema.org/draft/2020-12/schema") {
                found.append("dialect \(dialect)")
            } else if schemaMaps.contains(key), case .object(let subschemas) = value {
                found += subschemas.values.flatMap(find(in:))
            } else if schemaArrays.contains(key), case .array(let subschemas) = value {
                found += subschemas.flatMap(find(in:))
            } else if singleSchemas.contains(key) {
                found += find(in: value)
            }
        }
        return found
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
