import Foundation
import Testing
@testable import Almanac

/// Parses UTF-8 `text`, failing the test on error.
private func value(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8)).value
}

/// The pretty form of `value` as text.
private func pretty(_ value: JSONValue) -> String {
    String(decoding: CanonicalJSON.prettyBytes(value), as: UTF8.self)
}

/// The compact form of `value` as text.
private func compact(_ value: JSONValue) -> String {
    String(decoding: CanonicalJSON.compactBytes(value), as: UTF8.self)
}

/// The sample below as Python's `json.dumps(data, ensure_ascii=True)` wrote it (unsorted,
/// every non-ASCII character escaped, plus a `\/`), so that reading it exercises escapes.
private let sampleInput = #"""
{"title": "Stand-up \u2014 Z\u00fcrich", "id": "evt-1", "tags": ["a\/b", "tab\there", "quote\"back\\slash", "ctl\u0001\u001f\u007f", "nl\nret\r\b\f"], "empty": {"list": [], "object": {}}, "numbers": [0, 0, 1.5, -0.25, 1e-07, 12345678901234567890, 3.0], "nested": {"z": [{"b": true, "a": null}], "\u00e9": "\u00e9", "e": 1, "Z": false, "\u00e9t\u00e9": [[]], "\ud83d\ude00": "emoji \ud83d\ude00", "\uffff": 2, "\uff41": "fullwidth"}, "": "empty key"}
"""#

/// `json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"`, produced with
/// Python 3.11. U+007F and U+FFFF are written as escapes here only because they are invisible.
private let samplePretty = #"""
{
  "": "empty key",
  "empty": {
    "list": [],
    "object": {}
  },
  "id": "evt-1",
  "nested": {
    "Z": false,
    "e": 1,
    "z": [
      {
        "a": null,
        "b": true
      }
    ],
    "é": "é",
    "été": [
      []
    ],
    "ａ": "fullwidth",
    "\#u{FFFF}": 2,
    "😀": "emoji 😀"
  },
  "numbers": [
    0,
    0,
    1.5,
    -0.25,
    1e-07,
    12345678901234567890,
    3.0
  ],
  "tags": [
    "a/b",
    "tab\there",
    "quote\"back\\slash",
    "ctl\u0001\u001f\#u{7F}",
    "nl\nret\r\b\f"
  ],
  "title": "Stand-up — Zürich"
}

"""#

/// `json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))`.
private let sampleCompact = #"""
{"":"empty key","empty":{"list":[],"object":{}},"id":"evt-1","nested":{"Z":false,"e":1,"z":[{"a":null,"b":true}],"é":"é","été":[[]],"ａ":"fullwidth","\#u{FFFF}":2,"😀":"emoji 😀"},"numbers":[0,0,1.5,-0.25,1e-07,12345678901234567890,3.0],"tags":["a/b","tab\there","quote\"back\\slash","ctl\u0001\u001f\#u{7F}","nl\nret\r\b\f"],"title":"Stand-up — Zürich"}
"""#

/// The exact bytes the writer produces, and their stability through the parser.
@Suite("Canonical JSON writer")
struct CanonicalJSONTests {
    @Test("pretty form matches Python's json.dumps(indent=2, sort_keys=True, ensure_ascii=False)")
    func prettyMatchesPython() throws {
        let sample = try value(sampleInput)
        #expect(pretty(sample) == samplePretty)
        #expect(CanonicalJSON.prettyBytes(sample) == Array(samplePretty.utf8))
    }

    @Test("compact form is one line without spaces, sorted, with no trailing newline")
    func compactMatchesPython() throws {
        #expect(compact(try value(sampleInput)) == sampleCompact)
        #expect(compact(try value(#"{ "b" : [ 1 , { } ] , "a" : "x y" }"#)) == #"{"a":"x y","b":[1,{}]}"#)
    }

    @Test("keys sort by code point (UTF-8 byte order), not by UTF-16 units or Swift's String order")
    func keyOrder() {
        // U+FFFF sorts before U+1F600 by code point, after it by UTF-16 unit; "e\u{301}x" sorts
        // before "f" by code point, after it by Swift's normalized `<`.
        let keys = ["😀", "\u{FFFF}", "ａ", "é", "z", "a", "B", "", "f", "e\u{301}x", "aa", "a b"]
        let object = JSONValue.object(Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) }))
        let expected = ["", "B", "a", "a b", "aa", "e\u{301}x", "f", "z", "é", "ａ", "\u{FFFF}", "😀"]
        let members = expected.map { "\(compact(.string($0))):null" }.joined(separator: ",")
        #expect(compact(object) == "{\(members)}")
        let lines = pretty(object).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let memberLines = expected.enumerated().map { offset, key in
            "  \(compact(.string(key))): null" + (offset < expected.count - 1 ? "," : "")
        }
        #expect(lines == ["{"] + memberLines + ["}", ""])
    }

    @Test("strings escape only quote, backslash and control characters")
    func stringEscapes() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let expected = #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f""#
        #expect(compact(.string(controls)) == expected)
        #expect(compact(.string("a/b \"q\" \\ \u{7F} é \u{2028} 😀")) == "\"a/b \\\"q\\\" \\\\ \u{7F} é \u{2028} 😀\"")
        #expect(compact(.string("")) == #""""#)
    }

    @Test("scalars and empty containers at the top level")
    func topLevelScalars() throws {
        #expect(pretty(.null) == "null\n")
        #expect(pretty(.bool(true)) == "true\n")
        #expect(pretty(.bool(false)) == "false\n")
        #expect(pretty(.string("x")) == "\"x\"\n")
        #expect(pretty(.array([])) == "[]\n")
        #expect(pretty(.object([:])) == "{}\n")
        #expect(compact(.array([])) == "[]")
        #expect(compact(.object([:])) == "{}")
        #expect(pretty(.array([.array([]), .object([:])])) == "[\n  [],\n  {}\n]\n")
    }

    @Test("numbers are written as their exact text", arguments: ["0", "-0", "1.50", "1e400", "0E+1", "-1.5e-300", "123456789012345678901234567890"])
    func numbersVerbatim(text: String) throws {
        let number = try #require(JSONNumber(text))
        #expect(compact(.number(number)) == text)
        #expect(pretty(.array([.number(number)])) == "[\n  \(text)\n]\n")
        #expect(try value("[\(text)]") == .array([.number(number)]))
    }

    @Test("numbers made from Swift values are valid JSON")
    func numbersFromSwift() throws {
        for number in [JSONNumber(42), JSONNumber(-7), JSONNumber(0.1)!, JSONNumber(1e-7)!, JSONNumber(1e300)!, JSONNumber(-0.0)!] {
            let bytes = CanonicalJSON.prettyBytes(.number(number))
            #expect(try JSONParser.parse(bytes).value == .number(number))
        }
    }

    @Test("pretty output reparses to the same value and the same bytes")
    func roundTripStable() throws {
        let values: [JSONValue] = [
            try value(sampleInput),
            .string(String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self)),
            .object(["\u{0}": .array([.null, .bool(false), .string("\u{10FFFF}")]), "k": .object(["": .object([:])])]),
            try value(String(repeating: "[", count: 200) + String(repeating: "]", count: 200)),
            .number(JSONNumber(validatedText: "-0.0e-0")),
        ]
        for original in values {
            let first = CanonicalJSON.prettyBytes(original)
            let reparsed = try JSONParser.parse(first).value
            #expect(reparsed == original)
            #expect(CanonicalJSON.prettyBytes(reparsed) == first)
            #expect(try JSONParser.parse(CanonicalJSON.compactBytes(original)).value == original)
        }
    }

    @Test("prettyBytes(parse(prettyBytes(v))) is stable for the sample even after reformatting twice")
    func idempotent() throws {
        let once = CanonicalJSON.prettyBytes(try value(sampleInput))
        let twice = CanonicalJSON.prettyBytes(try JSONParser.parse(once).value)
        let thrice = CanonicalJSON.prettyBytes(try JSONParser.parse(twice).value)
        #expect(once == twice)
        #expect(twice == thrice)
    }

    @Test("bridged (non-native) strings are written like native ones")
    func bridgedStrings() {
        let bridged = NSString(string: "tab\t é 😀") as String
        #expect(compact(.string(bridged)) == "\"tab\\t é 😀\"")
    }
}
