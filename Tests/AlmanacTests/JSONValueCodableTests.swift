import Foundation
import Testing
@testable import Almanac

/// `JSONValue` through Foundation's coders (the store's own coders pass it through unchanged).
@Suite("JSONValue with other coders")
struct JSONValueCodableTests {
    private struct Holder: Codable, Equatable {
        var name: String
        var raw: JSONValue
    }

    @Test("every JSON type round-trips through JSONEncoder and JSONDecoder")
    func roundTrip() throws {
        let raw = try JSONValue(parsing: Array(#"{"n": null, "t": true, "i": 42, "d": 1.5, "s": "x", "a": [1, "two", [false]], "o": {"k": {}}}"#.utf8))
        let data = try JSONEncoder().encode(Holder(name: "h", raw: raw))
        let back = try JSONDecoder().decode(Holder.self, from: data)
        #expect(back.raw["i"] == .number(JSONNumber(42)) && back.raw["d"]?.numberValue?.doubleValue == 1.5)
        #expect(back.raw["n"] == .null && back.raw["a"]?.arrayValue?.count == 3 && back.raw["o"]?["k"] == .object([:]))
        #expect(back.raw["s"] == .string("x") && back.raw["t"] == .bool(true))
    }

    @Test("the store's own decoder hands a JSONValue member over as it was, number text included")
    func documentDecoderPassesThrough() throws {
        let value = try JSONValue(parsing: Array(#"{"name": "h", "raw": {"exact": 1.50}}"#.utf8))
        let holder = try DocumentDecoder().decode(Holder.self, from: value)
        #expect(holder.raw["exact"]?.numberValue?.text == "1.50")
        #expect(try DocumentEncoder().encode(holder) == value)
    }
}
