import Foundation
import Testing
@testable import Almanac

/// Text as people see it: the schema keywords `visible`, `minCharacters` and `maxCharacters`,
/// and uniqueness compared `trimming`.
@Suite struct VisibleTextTests {
    private func errors(_ schema: String, _ document: String) throws -> [String] {
        try JSONSchema(JSONValue(parsing: Array(schema.utf8)), path: "test.schema.json")
            .validate(JSONValue(parsing: Array(document.utf8))).map(\.description)
    }

    @Test("white space, format characters, ignorables and the Braille blank show nothing; letters, marks and emoji do",
          arguments: [("", false), ("   ", false), ("\u{200B}", false), ("\u{2060}\u{FEFF}", false), ("\u{3164}", false),
                      ("\u{2800}", false), ("\u{00A0}\n\t", false), ("\u{FE0F}", false), ("a", true), (" \u{200B}x", true),
                      ("👍🏽", true), ("\u{0301}", true), ("中", true)])
    func visibility(text: String, visible: Bool) {
        #expect(VisibleText.isVisible(text) == visible, "\(Array(text.unicodeScalars))")
    }

    @Test("trimming removes invisible characters at either end only")
    func trimming() {
        #expect(VisibleText.trimmed("\u{200B} Instagram\u{2060} ") == "Instagram")
        #expect(VisibleText.trimmed("New\u{200B}York") == "New\u{200B}York")
        #expect(VisibleText.trimmed("\u{200B}") == "")
    }

    @Test("maxCharacters and minCharacters count characters as people see them; maxLength keeps JSON Schema's code points and says so")
    func lengths() throws {
        let thumbs = "\"" + String(repeating: "👍🏽", count: 3) + "\""
        #expect(try errors(#"{"maxCharacters": 3}"#, thumbs).isEmpty)
        #expect(try errors(#"{"maxCharacters": 2}"#, thumbs) == ["(document): text is 3 characters long; the maximum is 2"])
        #expect(try errors(#"{"minCharacters": 4}"#, thumbs) == ["(document): text is 3 characters long; the minimum is 4"])
        #expect(try errors(#"{"maxLength": 5}"#, thumbs) == ["(document): text is 6 code points long (3 characters); the maximum is 5 code points"])
        #expect(try errors(#"{"maxCharacters": 1}"#, "5").isEmpty, "only text is measured")
    }

    @Test("visible refuses blank and invisible text, naming what it saw; false or another type checks nothing")
    func visibleKeyword() throws {
        #expect(try errors(#"{"visible": true}"#, #""""#) == ["(document): text is empty; write some text"])
        #expect(try errors(#"{"visible": true}"#, #""\u200b""#).first?.contains("shows nothing") == true)
        #expect(try errors(#"{"visible": true}"#, #""ok""#).isEmpty)
        #expect(try errors(#"{"visible": false}"#, #""""#).isEmpty)
        #expect(throws: AlmanacError.self) { try errors(#"{"visible": "yes"}"#, #""""#) }
    }
}
