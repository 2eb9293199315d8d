import Testing
@testable import Almanac

@Suite("JSON pointer locator")
struct JSONPointerLocatorTests {
    static let text = """
    {
      "id": "A-EMO-001",
      "tags": ["a,b", "c"],
      "variants": [
        {"durationMinutes": 5, "steps": ["x"]},
        {"durationMinutes": "ten", "steps": []}
      ],
      "we/ird~key": {"n": 1}
    }
    """

    @Test("finds the value at a pointer", arguments: [
        ("", 1, 1), ("/id", 2, 9), ("/tags/1", 3, 19), ("/variants/1/durationMinutes", 6, 25),
        ("/we~1ird~0key/n", 8, 23), ("/variants/7", 4, 15), ("/missing", 1, 1),
    ])
    func locate(pointer: String, line: Int, column: Int) throws {
        let position = try #require(JSONPointerLocator.position(of: pointer, in: Array(Self.text.utf8)))
        #expect(position.line == line)
        #expect(position.column == column)
    }
}
