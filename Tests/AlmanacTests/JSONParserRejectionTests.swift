import Testing
@testable import Almanac

/// The error parsing `bytes` throws, or `nil` when it parses.
private func failure(_ bytes: [UInt8]) -> AlmanacError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error as? AlmanacError
    }
}

/// One input the parser must refuse, with a fragment of the message and where it points.
struct MalformedJSONCase: Sendable, CustomTestStringConvertible {
    /// The bytes to parse.
    let input: [UInt8]
    /// A fragment the error message must contain.
    let message: String
    /// The line the error must point at.
    let line: Int
    /// The byte column the error must point at.
    let column: Int

    /// A case whose input is UTF-8 `input`.
    init(_ input: String, _ message: String, _ line: Int = 1, _ column: Int) {
        self.init(bytes: Array(input.utf8), message, line, column)
    }

    /// A case whose input is raw `bytes`, which need not be UTF-8.
    init(bytes: [UInt8], _ message: String, _ line: Int = 1, _ column: Int) {
        self.input = bytes
        self.message = message
        self.line = line
        self.column = column
    }

    /// The input as a Swift literal, to name the test case.
    var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
}

/// Every kind of malformed input, with the message and position it must produce.
@Suite("JSON parser: rejected input")
struct JSONParserMalformedJSONCaseTests {
    /// Input that breaks the RFC 8259 grammar in one place.
    static let syntax: [MalformedJSONCase] = [
        MalformedJSONCase("[1,]", "trailing comma before ']'", 1, 3),
        MalformedJSONCase(#"{"a":1,}"#, "trailing comma before '}'", 1, 7),
        MalformedJSONCase("{\n  \"a\": 1,\n  \"b\": 2,\n}", "trailing comma before '}'", 3, 9),
        MalformedJSONCase("{\r\n  \"a\": 1,\r\n}", "trailing comma", 2, 9),
        MalformedJSONCase("[\r1,\r]", "trailing comma", 2, 2),
        MalformedJSONCase("[1, // note\n2]", "comments are not allowed in JSON (found '//')", 1, 5),
        MalformedJSONCase("/* c */ {}", "comments are not allowed in JSON (found '/*')", 1, 1),
        MalformedJSONCase(#"{"a": 1 /* c */}"#, "comments are not allowed", 1, 9),
        MalformedJSONCase("{ // c\n}", "comments are not allowed", 1, 3),
        MalformedJSONCase("{} // end", "comments are not allowed", 1, 4),
        MalformedJSONCase("NaN", "NaN is not allowed in JSON", 1, 1),
        MalformedJSONCase("[Infinity]", "Infinity is not allowed in JSON", 1, 2),
        MalformedJSONCase("[-Infinity]", "-Infinity is not allowed in JSON", 1, 2),
        MalformedJSONCase("['a']", "strings must be in double quotes", 1, 2),
        MalformedJSONCase("{'a': 1}", "object keys must be in double quotes", 1, 2),
        MalformedJSONCase("{a: 1}", #"object keys must be strings in double quotes (found a); write "a""#, 1, 2),
        MalformedJSONCase(#"{"a": 1, b2: 2}"#, #"write "b2""#, 1, 10),
        MalformedJSONCase("\"a\tb\"", "unescaped control character U+0009 (tab) in a string; write \\t instead", 1, 3),
        MalformedJSONCase("[\n\"line\nbreak\"]", "unescaped control character U+000A (line feed) in a string; write \\n instead", 2, 6),
        MalformedJSONCase("\"\u{01}\"", "write \\u0001 instead", 1, 2),
        MalformedJSONCase("\"\u{1F}\"", "U+001F", 1, 2),
        MalformedJSONCase("\"\u{0}\"", "write \\u0000 instead", 1, 2),
        MalformedJSONCase(#""\x41""#, #"invalid escape \x in a string"#, 1, 2),
        MalformedJSONCase(#""it\'s""#, #"invalid escape \' in a string"#, 1, 4),
        MalformedJSONCase(#""\a""#, #"invalid escape \a"#, 1, 2),
        MalformedJSONCase(#""\U00e9""#, #"invalid escape \U"#, 1, 2),
        MalformedJSONCase(#""\u12G4""#, #"invalid escape \u12G4: '\u' must be followed by exactly four hex digits"#, 1, 2),
        MalformedJSONCase(#""\u12""#, "exactly four hex digits", 1, 2),
        MalformedJSONCase("01", "cannot have leading zeros (found 01); write 1,", 1, 1),
        MalformedJSONCase("[-007]", "write -7,", 1, 2),
        MalformedJSONCase("00.5", "write 0.5,", 1, 1),
        MalformedJSONCase("+1", "cannot start with '+'", 1, 1),
        MalformedJSONCase("[.5]", "write 0.5", 1, 2),
        MalformedJSONCase("[1.]", "a decimal point must be followed by a digit (found 1.)", 1, 2),
        MalformedJSONCase("1.e5", "a decimal point must be followed by a digit (found 1.e5); write 1.0e5", 1, 1),
        MalformedJSONCase("[1e]", "an exponent must have at least one digit", 1, 2),
        MalformedJSONCase("[1E+]", "an exponent must have at least one digit", 1, 2),
        MalformedJSONCase("[-]", "'-' must be followed by a digit", 1, 2),
        MalformedJSONCase("- 1", "'-' must be followed by a digit", 1, 1),
        MalformedJSONCase("0x1F", "hexadecimal numbers are not allowed in JSON (found 0x1F); write the decimal value 31", 1, 1),
        MalformedJSONCase("[-0XfF]", "write the decimal value -255", 1, 2),
        MalformedJSONCase("{} {}", "found '{' after the end of the JSON value", 1, 4),
        MalformedJSONCase("[1]]", "found ']' after the end of the JSON value", 1, 4),
        MalformedJSONCase("1 2", "after the end of the JSON value", 1, 3),
        MalformedJSONCase("\"a\" x", "after the end of the JSON value", 1, 5),
        MalformedJSONCase("", "the file is empty", 1, 1),
        MalformedJSONCase(" \n\t", "only whitespace", 2, 2),
        MalformedJSONCase("[1 2]", "expected ',' or ']' after an array element but found '2'; is a comma missing?", 1, 4),
        MalformedJSONCase(#"{"a":1 "b":2}"#, "expected ',' or '}' after an object member but found '\"'; is a comma missing?", 1, 8),
        MalformedJSONCase(#"{"a" 1}"#, #"expected ':' after the key "a" but found '1'"#, 1, 6),
        MalformedJSONCase("[1,,2]", "expected a value but found ','", 1, 4),
        MalformedJSONCase("{,}", "expected a key in double quotes but found ','", 1, 2),
        MalformedJSONCase(#"{"a":}"#, "expected a value but found '}'", 1, 6),
        MalformedJSONCase("[}", "expected a value but found '}'", 1, 2),
        MalformedJSONCase("{]", "expected a key in double quotes but found ']'", 1, 2),
        MalformedJSONCase("[1}", "expected ',' or ']' after an array element but found '}'", 1, 3),
        MalformedJSONCase("True", "write true instead of True", 1, 1),
        MalformedJSONCase("[FALSE]", "write false instead", 1, 2),
        MalformedJSONCase("undefined", "write null instead", 1, 1),
        MalformedJSONCase("None", "write null instead", 1, 1),
        MalformedJSONCase("[nul]", "unexpected word nul", 1, 2),
        MalformedJSONCase("[truee]", "expected ',' or ']' after an array element but found 'e'", 1, 6),
        MalformedJSONCase("hello", #"strings must be in double quotes: write "hello""#, 1, 1),
        MalformedJSONCase("[\u{FEFF}1]", "byte order mark (U+FEFF)", 1, 2),
        MalformedJSONCase("[\u{7F}]", "control character U+007F", 1, 2),
        MalformedJSONCase("{\"é\": x}", "unexpected word x", 1, 8),
        MalformedJSONCase("[«]", "expected a value but found '«' (U+00AB)", 1, 2),
        MalformedJSONCase(#""\uD800""#, #"\uD800 is a high surrogate that is not followed by a low surrogate"#, 1, 2),
        MalformedJSONCase(#""\uD800\u0041""#, "high surrogate", 1, 2),
        MalformedJSONCase(#""\uDBFFx""#, "high surrogate", 1, 2),
        MalformedJSONCase(#""\uD800\uD800""#, "high surrogate", 1, 2),
        MalformedJSONCase(#""a\uDC00""#, #"\uDC00 is a low surrogate without a high surrogate"#, 1, 3),
        MalformedJSONCase(#""\uDE00\uD83D""#, "low surrogate", 1, 2),
    ]

    @Test("malformed syntax is rejected with a message and position", arguments: syntax)
    func rejects(_ rejection: MalformedJSONCase) throws {
        let error = try #require(failure(rejection.input))
        #expect(error.code == .malformedJSON)
        #expect(error.message.contains(rejection.message), "\(error.message)")
        #expect(error.line == rejection.line)
        #expect(error.column == rejection.column)
        #expect(error.path == nil)
    }

    /// Valid prefixes of documents: files cut off while being written or copied.
    static let truncated: [MalformedJSONCase] = [
        MalformedJSONCase(#"{"a": 1,"#, "the file ends early: expected a key in double quotes", 1, 9),
        MalformedJSONCase("[1, 2", "expected ',' or ']' after an array element but found the end of the file", 1, 6),
        MalformedJSONCase("{\"a\":\n  [1,\n   2", "(the array opened at line 2, column 3 is never closed)", 3, 5),
        MalformedJSONCase(#"{"a": "abc"#, "the file ends inside the string that starts at line 1, column 7", 1, 11),
        MalformedJSONCase(#"{"a""#, "expected ':' after the key \"a\"", 1, 5),
        MalformedJSONCase(#"{"a":"#, "expected a value", 1, 6),
        MalformedJSONCase("{\n", "(the object opened at line 1, column 1 is never closed)", 2, 1),
        MalformedJSONCase("[", "expected a value", 1, 2),
        MalformedJSONCase("tru", #"expected "true""#, 1, 4),
        MalformedJSONCase("[nul", #"expected "null""#, 1, 5),
        MalformedJSONCase("-", "a digit after '-'", 1, 2),
        MalformedJSONCase("1.", "a digit after the decimal point", 1, 3),
        MalformedJSONCase("[1e+", "a digit in the number's exponent", 1, 5),
        MalformedJSONCase(#""\u12"#, "four hex digits", 1, 6),
        MalformedJSONCase(#""abc\"#, "an escaped character", 1, 6),
        MalformedJSONCase(#""\uD83D"#, "low surrogate", 1, 8),
        MalformedJSONCase(bytes: [0x22, 0xC3], "the file ends in the middle of a UTF-8 character", 1, 2),
    ]

    @Test("a file that ends early says it appears truncated, pointing at its end", arguments: truncated)
    func truncatedFiles(_ rejection: MalformedJSONCase) throws {
        let error = try #require(failure(rejection.input))
        #expect(error.code == .malformedJSON)
        #expect(error.message.contains(rejection.message), "\(error.message)")
        #expect(error.message.contains("truncated"), "\(error.message)")
        #expect(error.line == rejection.line)
        #expect(error.column == rejection.column)
    }

    /// Bytes that are not UTF-8, inside and outside strings.
    static let invalidUTF8: [MalformedJSONCase] = [
        MalformedJSONCase(bytes: [0x22, 0xFF, 0x22], "invalid UTF-8 (bytes 0xFF)", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0x61, 0x80, 0x22], "invalid UTF-8 (bytes 0x80)", 1, 3),
        MalformedJSONCase(bytes: [0x22, 0xC0, 0x80, 0x22], "invalid UTF-8", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], "invalid UTF-8", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 (bytes 0xED 0xA0 0x80)", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0xF8, 0x88, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0xC3, 0x28, 0x22], "invalid UTF-8", 1, 2),
        MalformedJSONCase(bytes: [0x22, 0x5C, 0xFF, 0x22], "invalid UTF-8", 1, 3),
        MalformedJSONCase(bytes: [0x5B, 0xE9, 0x5D], "invalid UTF-8 (bytes 0xE9)", 1, 2),
        MalformedJSONCase(bytes: Array(#"{"a":1}"#.utf8) + [0xFF], "invalid UTF-8", 1, 8),
        MalformedJSONCase(bytes: Array("{\"k\":\n1 ".utf8) + [0xFE], "invalid UTF-8", 2, 3),
        MalformedJSONCase(bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "UTF-16 byte order mark; save it as UTF-8", 1, 1),
        MalformedJSONCase(bytes: [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], "UTF-16", 1, 1),
    ]

    @Test("bytes that are not UTF-8 are rejected wherever they appear", arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ rejection: MalformedJSONCase) throws {
        let error = try #require(failure(rejection.input))
        #expect(error.code == .malformedJSON)
        #expect(error.message.contains(rejection.message), "\(error.message)")
        #expect(error.line == rejection.line)
        #expect(error.column == rejection.column)
    }

    @Test("columns count bytes, and positions survive long files")
    func positions() throws {
        let lines = (0..<1000).map { "  \"key\($0)\": \($0)," }.joined(separator: "\n")
        let error = try #require(failure(Array("{\n\(lines)\n}".utf8)))
        #expect(error.message.contains("trailing comma"))
        #expect((error.line, error.column) == (1001, 16))
        let wide = try #require(failure(Array("[\"ééé\", 😀]".utf8)))
        #expect((wide.line, wide.column) == (1, 12))
    }
}
