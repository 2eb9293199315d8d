import Foundation
import Testing
@testable import Almanac

/// Parses UTF-8 `text`.
private func value(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8)).value
}

/// The error parsing `bytes` throws, or `nil` when it parses.
private func failure(_ bytes: [UInt8]) -> AlmanacError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error as? AlmanacError
    }
}

/// A number value with exactly `text`.
private func number(_ text: String) -> JSONValue {
    .number(JSONNumber(validatedText: text))
}

/// The official JSON Schema test suite beside the repository (real-world, all valid JSON);
/// the test that reads it is skipped where it is missing.
private let conformanceFolder = SchemaConformanceTests.suiteDirectory.path

/// What the parser accepts, and the errors that need a whole document to show.
@Suite("JSON parser: accepted input")
struct JSONParserTests {
    @Test("any value is accepted at the top level")
    func topLevelScalars() throws {
        #expect(try value("null") == .null)
        #expect(try value("true") == .bool(true))
        #expect(try value("false") == .bool(false))
        #expect(try value("\"x\"") == .string("x"))
        #expect(try value("-12.5") == number("-12.5"))
        #expect(try value("[]") == .array([]))
        #expect(try value("{}") == .object([:]))
    }

    @Test("every valid number form is accepted and keeps its exact text", arguments: [
        "0", "-0", "0e1", "0E1", "0e+1", "0e-1", "-0.0", "0.0", "1E+2", "1e400", "-1e-400", "1.5", "2.50",
        "10", "9007199254740993", "123456789012345678901234567890", "0.1e-2", "-123.456E+78", "1E2", "5e-324",
    ])
    func acceptsNumber(text: String) throws {
        #expect(try value(text) == number(text))
        #expect(try value(" \(text)\n") == number(text))
        #expect(try value("[\(text),\(text)]") == .array([number(text), number(text)]))
        #expect(try value("{\"n\":\(text)}") == .object(["n": number(text)]))
    }

    @Test("only space, tab, LF and CR count as whitespace")
    func whitespace() throws {
        #expect(try value(" \t\r\n[ 1 ,\t2\r\n,\r3 ]\n\n") == .array([number("1"), number("2"), number("3")]))
        #expect(try value("{\n\t\"a\"\r\n:\n1\n}") == .object(["a": number("1")]))
        for other in ["\u{0C}", "\u{0B}", "\u{A0}", "\u{2028}", "\u{FEFF}"] {
            #expect(failure(Array("[1,\(other)2]".utf8))?.column == 4, "\(other.unicodeScalars.first!)")
        }
    }

    @Test("nested arrays and objects")
    func nesting() throws {
        let parsed = try value(#"{"a": [1, {"b": [true, null, []]}, "c"], "d": {"e": {}}, "f": "g"}"#)
        let expected = JSONValue.object([
            "a": .array([number("1"), .object(["b": .array([.bool(true), .null, .array([])])]), .string("c")]),
            "d": .object(["e": .object([:])]),
            "f": .string("g"),
        ])
        #expect(parsed == expected)
        #expect(try value("[[[[1]]],[2]]") == .array([.array([.array([.array([number("1")])])]), .array([number("2")])]))
    }

    @Test("string escapes decode, including surrogate pairs")
    func escapes() throws {
        #expect(try value(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try value(#""\u00e9\u00E9é""#) == .string("ééé"))
        #expect(try value(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try value(#""a\ud83d\ude00b\uDBFF\uDFFF""#) == .string("a😀b\u{10FFFF}"))
        #expect(try value(#""\u0000x\u001F""#) == .string("\u{0}x\u{1F}"))
        #expect(try value(#""\u0041\u00410""#) == .string("AA0"))
        #expect(try value(#""é\té😀\n""#) == .string("é\té😀\n"))
        // Several escaped strings in a row reuse one buffer; none may see another's bytes.
        #expect(try value(#"["a\nb", "c", "d\te", "\u00ff"]"#) == .array([.string("a\nb"), .string("c"), .string("d\te"), .string("ÿ")]))
    }

    @Test("raw UTF-8 is kept as is, including DEL, U+2028 and noncharacters")
    func rawUTF8() throws {
        let text = "Zürich — 😀 \u{7F} \u{2028} \u{FFFF} \u{10FFFF} \u{FEFF}"
        #expect(try value("\"\(text)\"") == .string(text))
        #expect(try value("{\"\(text)\": 1}") == .object([text: number("1")]))
    }

    @Test("a UTF-8 byte order mark is skipped and reported")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let parsed = try JSONParser.parse(mark + Array(#"{"a": 1}"#.utf8))
        #expect(parsed.hadByteOrderMark)
        #expect(parsed.value == .object(["a": number("1")]))
        #expect(try JSONParser.parse(Array(#"{"a": 1}"#.utf8)).hadByteOrderMark == false)
        #expect(try JSONParser.parse(mark + Array("7".utf8)).value == number("7"))
        // Columns count from the first byte after the mark, as an editor shows the line.
        let error = try #require(failure(mark + Array("[1,]".utf8)))
        #expect(error.line == 1)
        #expect(error.column == 3)
        let second = try #require(failure(mark + Array("{\n  \"a\": 1,\n}".utf8)))
        #expect((second.line, second.column) == (2, 9))
        #expect(failure(mark)?.message.contains("byte order mark") == true)
        // Only one mark, and only at the start.
        let twice = try #require(failure(mark + mark + Array("1".utf8)))
        #expect(twice.message.contains("byte order mark"))
        #expect((twice.line, twice.column) == (1, 1))
    }

    @Test("Data, [UInt8] and raw buffers parse alike")
    func inputKinds() throws {
        let text = #"{"k": ["v", 1]}"#
        let fromData = try JSONParser.parse(Data(text.utf8)).value
        let fromArray = try JSONParser.parse(Array(text.utf8)).value
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { try JSONParser.parse($0).value }
        #expect(fromData == fromArray)
        #expect(fromBuffer == fromArray)
        #expect(failure([])?.message.contains("empty") == true)
    }

    @Test("nesting up to 512 levels is accepted; deeper is an error, never a crash")
    func depthLimit() throws {
        var deepest = try value(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        var depth = 0
        while case .array(let elements) = deepest {
            depth += 1
            guard let first = elements.first else { break }
            deepest = first
        }
        #expect(depth == 512)

        let tooDeep = try #require(failure(Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8)))
        #expect(tooDeep.code == .malformedJSON)
        #expect(tooDeep.message.contains("512"))
        #expect((tooDeep.line, tooDeep.column) == (1, 513))

        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(failure(Array(objects.utf8))?.column == 1 + 5 * 512)
        #expect(try value(String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)) != .null)

        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(failure(hostile)?.message.contains("512") == true)
    }

    @Test("duplicate keys are rejected with both positions")
    func duplicateKeys() throws {
        let nested = "{\n  \"outer\": {\n    \"id\": 1,\n    \"id\": 2\n  }\n}"
        let error = try #require(failure(Array(nested.utf8)))
        #expect(error.code == .malformedJSON)
        #expect(error.message == #"duplicate key "id" in object (first at line 3, column 5); keep one"#)
        #expect((error.line, error.column) == (4, 5))
        #expect(error.path == nil)

        let top = try #require(failure(Array(#"{"a":1,"b":2,"a":3}"#.utf8)))
        #expect(top.message == #"duplicate key "a" in object (first at line 1, column 2); keep one"#)
        #expect((top.line, top.column) == (1, 14))

        let inArray = try #require(failure(Array(#"[{"k":1},{"k":{"k":1},"k":2}]"#.utf8)))
        #expect(inArray.message.hasPrefix(#"duplicate key "k" in object (first at line 1, column 11)"#))
        #expect(inArray.column == 23)

        // The same key written with an escape is the same key.
        #expect(failure(Array(#"{"a":1,"\u0061":2}"#.utf8))?.message.hasPrefix(#"duplicate key "a""#) == true)
        // Swift strings (and so JSONValue objects) cannot hold two canonically equivalent keys.
        let equivalent = try #require(failure(Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8)))
        #expect(equivalent.message.contains("canonically equivalent"))
        // The same key in different objects is fine.
        #expect(try value(#"{"a":{"a":1},"b":{"a":2},"c":[{"a":3},{"a":4}]}"#).objectValue?.count == 3)
    }

    @Test("every file of the JSON Schema test suite parses, and its canonical form reparses equal",
          .enabled(if: FileManager.default.fileExists(atPath: conformanceFolder),
                   "needs the JSON Schema test suite in ../shared/conformance beside the repository"))
    func conformanceSuite() throws {
        let root = URL(fileURLWithPath: conformanceFolder)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "json" }
        #expect(files.count >= 40)
        for file in files {
            let data = try Data(contentsOf: file)
            let parsed: JSONValue
            do {
                parsed = try JSONParser.parse(data).value
            } catch {
                Issue.record("\(file.lastPathComponent): \(error)")
                continue
            }
            let pretty = CanonicalJSON.prettyBytes(parsed)
            let reparsed = try JSONParser.parse(pretty).value
            #expect(reparsed == parsed, "\(file.lastPathComponent)")
            #expect(CanonicalJSON.prettyBytes(reparsed) == pretty, "\(file.lastPathComponent)")
            #expect(try JSONParser.parse(CanonicalJSON.compactBytes(parsed)).value == parsed, "\(file.lastPathComponent)")
            // Cross-check the structure against Foundation's parser.
            let foundation = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            #expect(sameShape(parsed, foundation), "\(file.lastPathComponent)")
        }
    }
}

/// Whether `value` has the same structure, strings and keys as a Foundation JSON object.
private func sameShape(_ value: JSONValue, _ other: Any) -> Bool {
    switch value {
    case .null: return other is NSNull
    case .bool, .number: return other is NSNumber
    case .string(let string): return (other as? String) == string
    case .array(let elements):
        guard let others = other as? [Any], others.count == elements.count else { return false }
        return zip(elements, others).allSatisfy { sameShape($0, $1) }
    case .object(let members):
        guard let others = other as? [String: Any], others.count == members.count else { return false }
        return members.allSatisfy { key, member in others[key].map { sameShape(member, $0) } ?? false }
    }
}
