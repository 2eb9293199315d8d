import Foundation
import Testing
@testable import Almanac

/// What `JSONParser.forEachElement` hands over, or the error it throws, beside what parsing
/// the whole document gives: the same values, and the same message, line and column.
@Suite("JSON parser: one element at a time")
struct JSONParserElementsTests {
    static let inputs: [String] = [
        "[]", " [ ] ", "{\"id\":\"a\"}", "7", "[1]", "[{\"a\":[1,2]},{\"b\":{}}, [], \"x\", null]\n",
        "[1,]", "[1 2]", "[1", "[{\"a\":1}", "[1]]", "[1] x", "[{\"a\":1,\"a\":2}]", "", "  ", "[1,\n  // no\n2]",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    @Test("each element, or the error, is what the whole document's parse gives", arguments: inputs)
    func matchesWholeParse(_ text: String) throws {
        let bytes = Array(text.utf8)
        var handed: [JSONValue] = []
        let elements = Result { try bytes.withUnsafeBytes { try JSONParser.forEachElement(of: $0) { index, value in
            #expect(index == handed.count)
            handed.append(value)
        } } }
        switch Result(catching: { try JSONParser.parse(bytes).value }) {
        case .success(let whole):
            #expect(try elements.get() == handed.count)
            #expect(handed == (whole.arrayValue ?? [whole]))
        case .failure(let expected as AlmanacError):
            guard case .failure(let error as AlmanacError) = elements else { Issue.record("\(text) parsed one element at a time"); return }
            #expect(error.message == expected.message)
            #expect(error.line == expected.line && error.column == expected.column)
        case .failure(let other):
            Issue.record("not an AlmanacError: \(other)")
        }
    }
}
