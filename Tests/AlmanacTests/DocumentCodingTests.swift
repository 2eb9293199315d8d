import Foundation
import Testing
@testable import Almanac

// MARK: - Fixtures

private func number(_ text: String) -> JSONValue {
    .number(JSONNumber(text)!)
}

private func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) }))
}

private func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    try DocumentEncoder().encode(value)
}

private func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
    try DocumentDecoder().decode(type, from: value)
}

/// The error decoding `value` as `type` throws, recording an issue when it does not throw one.
private func decodingError<T: Decodable>(
    _ type: T.Type, _ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
) -> AlmanacError? {
    do {
        let result = try DocumentDecoder().decode(type, from: value)
        Issue.record("expected an error, decoded \(result)", sourceLocation: sourceLocation)
    } catch let error as AlmanacError {
        #expect(error.code == .invalidDocument, sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected an AlmanacError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The error encoding `value` throws, recording an issue when it does not throw one.
private func encodingError<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) -> AlmanacError? {
    do {
        let result = try DocumentEncoder().encode(value)
        Issue.record("expected an error, encoded \(result)", sourceLocation: sourceLocation)
    } catch let error as AlmanacError {
        #expect(error.code == .invalidDocument, sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected an AlmanacError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

private let sampleDate = Date(timeIntervalSince1970: 1_737_986_580)  // 2025-01-27T14:03:00Z
private let sampleID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

private struct Scalars: Codable, Equatable {
    var bool: Bool
    var string: String
    var double: Double
    var float: Float
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var decimal: Decimal
    var date: Date
    var day: CalendarDate
    var id: UUID
    var url: URL
    var data: Data

    static let sample = Scalars(
        bool: true, string: "héllo \"x\"", double: 30.5, float: 0.1,
        int: -42, int8: .min, int16: .max, int32: -70_000, int64: .min,
        uint: 42, uint8: .max, uint16: 65_535, uint32: 4_000_000_000, uint64: .max,
        decimal: Decimal(string: "12.50")!, date: sampleDate, day: CalendarDate("2025-01-27")!,
        id: sampleID, url: URL(string: "https://example.com/a?b=c")!, data: Data([0, 1, 2, 250]))
}

private struct Variant: Codable, Equatable {
    var name: String
    var durationMinutes: Int
}

private struct Event: Codable, Equatable {
    enum Priority: String, Codable { case low, high }
    enum Level: Int, Codable { case one = 1, two = 2 }

    var eventType: String
    var title: String
    var difficulty: Int
    var priority: Priority
    var level: Level
    var variants: [Variant]
    var note: String?
    var reminder: Date?
    var main: Variant?
}

private struct Dated: Codable, Equatable {
    var date: CalendarDate
}

private struct Stamped: Codable, Equatable {
    var when: Date
}

private struct Readings: Codable {
    var readings: [Double]
}

private struct Measured: Codable {
    var double: Double
}

private func sampleEvent() -> Event {
    Event(
        eventType: "workout", title: "Run", difficulty: 3, priority: .high, level: .two,
        variants: [Variant(name: "short", durationMinutes: 20), Variant(name: "long", durationMinutes: 45)],
        note: nil, reminder: nil, main: nil)
}

private func sampleEventJSON(difficulty: JSONValue = number("3"), variants: JSONValue? = nil) -> JSONValue {
    object([
        "eventType": .string("workout"), "title": .string("Run"), "difficulty": difficulty,
        "priority": .string("high"), "level": number("2"),
        "variants": variants ?? .array([
            object(["name": .string("short"), "durationMinutes": number("20")]),
            object(["name": .string("long"), "durationMinutes": number("45")]),
        ]),
    ])
}

// MARK: - Tests

@Suite("Document encoding and decoding")
struct DocumentCodingTests {
    // MARK: Scalars

    @Test("every scalar type encodes to the exact JSON expected")
    func scalarsEncodeExactly() throws {
        let expected = object([
            "bool": .bool(true), "string": .string("héllo \"x\""), "double": number("30.5"), "float": number("0.1"),
            "int": number("-42"), "int8": number("-128"), "int16": number("32767"), "int32": number("-70000"),
            "int64": number("-9223372036854775808"), "uint": number("42"), "uint8": number("255"),
            "uint16": number("65535"), "uint32": number("4000000000"), "uint64": number("18446744073709551615"),
            "decimal": number("12.5"), "date": .string("2025-01-27T14:03:00Z"), "day": .string("2025-01-27"),
            "id": .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), "url": .string("https://example.com/a?b=c"),
            "data": .string("AAEC+g=="),
        ])
        #expect(try encode(Scalars.sample) == expected)
    }

    @Test("every scalar type round-trips")
    func scalarsRoundTrip() throws {
        let value = Scalars.sample
        #expect(try decode(Scalars.self, encode(value)) == value)
    }

    @Test("doubles are written in their shortest form", arguments: [
        (30.0, "30"), (30.5, "30.5"), (0.1, "0.1"), (-0.0, "0"), (1e-7, "1e-07"), (-2.25, "-2.25"),
    ])
    func doubleText(value: Double, text: String) throws {
        #expect(try encode(value) == number(text))
        #expect(try decode(Double.self, number(text)) == value)
    }

    @Test("floats keep their own shortest text")
    func floatText() throws {
        #expect(try encode(Float(0.1)) == number("0.1"))
        #expect(try encode(Float(30)) == number("30"))
        #expect(try decode(Float.self, number("0.1")) == Float(0.1))
    }

    @Test("doubles decode from every valid number spelling")
    func doubleSpellings() throws {
        #expect(try decode(Double.self, number("0e1")) == 0)
        #expect(try decode(Double.self, number("1E+2")) == 100)
        #expect(try decode(Double.self, number("-0.5e-3")) == -0.0005)
        #expect(try decode(Double.self, number("7")) == 7)
    }

    @Test("a number too large for Double is refused, not read as infinity")
    func doubleOverflow() {
        let error = decodingError(Measured.self, object(["double": number("1e400")]))
        #expect(error?.pointer == "/double")
        #expect(error?.message == "1e400 is out of range for Double")
        #expect(decodingError(Float.self, number("1e39"))?.message == "1e39 is out of range for Float")
    }

    @Test("integers accept integral values in any spelling", arguments: [
        ("2.0", Int64(2)), ("1e3", 1000), ("-0", 0), ("20e-1", 2), ("0.0e5", 0), ("-5.000", -5),
        ("-9223372036854775808", .min), ("9223372036854775807", .max), ("-9.223372036854775808e18", .min),
        ("12345678901234567.0", 12_345_678_901_234_567),
    ])
    func integralSpellings(text: String, value: Int64) throws {
        #expect(try decode(Int64.self, number(text)) == value)
    }

    @Test("UInt64 values beyond Int64 decode exactly")
    func largeUnsigned() throws {
        #expect(try decode(UInt64.self, number("18446744073709551615")) == .max)
        #expect(try decode(UInt64.self, number("1.8446744073709551615e19")) == .max)
        #expect(try decode(UInt64.self, number("9223372036854775808")) == 9_223_372_036_854_775_808)
        #expect(try decode(UInt.self, number("1e19")) == 10_000_000_000_000_000_000)
    }

    @Test("a fraction is refused for an integer, naming the pointer")
    func fractionForInteger() {
        let error = decodingError(Event.self, sampleEventJSON(difficulty: number("2.5")))
        #expect(error?.pointer == "/difficulty")
        #expect(error?.message == "2.5 is not an integer")
        #expect(error?.description == "/difficulty: 2.5 is not an integer")
        #expect(decodingError(Int.self, number("1e-1"))?.message == "1e-1 is not an integer")
        #expect(decodingError(Int.self, number("0.5"))?.message == "0.5 is not an integer")
    }

    @Test("an integer out of its type's range is refused", arguments: [
        ("300", "300 is out of range for UInt8 (0...255)"),
        ("-1", "-1 is out of range for UInt8 (0...255)"),
        ("2.56e2", "2.56e2 is out of range for UInt8 (0...255)"),
        ("1e400", "1e400 is out of range for UInt8 (0...255)"),
    ])
    func integerOutOfRange(text: String, message: String) {
        #expect(decodingError(UInt8.self, number(text))?.message == message)
    }

    @Test("64-bit limits are enforced exactly")
    func integerLimits() {
        #expect(decodingError(Int64.self, number("9223372036854775808"))?.message
            == "9223372036854775808 is out of range for Int64 (-9223372036854775808...9223372036854775807)")
        #expect(decodingError(UInt64.self, number("18446744073709551616")) != nil)
        #expect(decodingError(Int64.self, number("-9223372036854775809")) != nil)
        #expect(decodingError(Int.self, number("1e20")) != nil)
    }

    @Test("type mismatches say what was expected and what was found")
    func typeMismatches() {
        var json = sampleEventJSON()
        if case .object(var members) = json {
            members["title"] = number("5")
            json = .object(members)
        }
        let error = decodingError(Event.self, json)
        #expect(error?.pointer == "/title")
        #expect(error?.message == "expected a string, found number 5")

        #expect(decodingError(Bool.self, number("1"))?.message == "expected true or false, found number 1")
        #expect(decodingError(Bool.self, number("0"))?.message == "expected true or false, found number 0")
        #expect(decodingError(Int.self, .string("5"))?.message == "expected an integer, found string \"5\"")
        #expect(decodingError(Double.self, .bool(true))?.message == "expected a number, found boolean true")
        #expect(decodingError(String.self, .null)?.message == "expected a string, found null")
        #expect(decodingError(Variant.self, .array([]))?.message == "expected an object, found an array")
        #expect(decodingError([Int].self, object([:]))?.message == "expected an array, found an object")
    }

    @Test("a missing required field is named")
    func missingField() {
        guard case .object(var members) = sampleEventJSON() else { return }
        members["eventType"] = nil
        let error = decodingError(Event.self, .object(members))
        #expect(error?.message == "missing required field \"eventType\"")
        #expect(error?.pointer == "")
    }

    @Test("errors deep inside a document carry the full pointer")
    func nestedPointer() {
        let variants = JSONValue.array([
            object(["name": .string("short"), "durationMinutes": number("20")]),
            object(["name": .string("long"), "durationMinutes": .string("forty")]),
        ])
        let error = decodingError(Event.self, sampleEventJSON(variants: variants))
        #expect(error?.pointer == "/variants/1/durationMinutes")
        #expect(error?.message == "expected an integer, found string \"forty\"")

        let missing = JSONValue.array([object(["name": .string("short")])])
        let missingError = decodingError(Event.self, sampleEventJSON(variants: missing))
        #expect(missingError?.pointer == "/variants/0")
        #expect(missingError?.message == "missing required field \"durationMinutes\"")
    }

    @Test("pointer tokens escape ~ and /")
    func pointerEscaping() {
        let error = decodingError([String: Int].self, object(["a/b~c": .string("x")]))
        #expect(error?.pointer == "/a~1b~0c")
    }

    // MARK: Structure

    @Test("nested structs, arrays and raw-value enums encode exactly and round-trip")
    func nestedStructures() throws {
        let event = sampleEvent()
        #expect(try encode(event) == sampleEventJSON())
        #expect(try decode(Event.self, sampleEventJSON()) == event)
    }

    @Test("nil optionals are left out, present ones written")
    func optionalsEncode() throws {
        var event = sampleEvent()
        guard case .object(let members) = try encode(event) else { Issue.record("not an object"); return }
        #expect(members["note"] == nil)
        #expect(members["reminder"] == nil)
        #expect(members["main"] == nil)

        event.note = "bring water"
        event.reminder = sampleDate
        event.main = Variant(name: "mid", durationMinutes: 30)
        let encoded = try encode(event)
        #expect(encoded["note"] == .string("bring water"))
        #expect(encoded["reminder"] == .string("2025-01-27T14:03:00Z"))
        #expect(encoded["main"] == object(["name": .string("mid"), "durationMinutes": number("30")]))
        #expect(try decode(Event.self, encoded) == event)
    }

    @Test("missing and null members decode as nil")
    func optionalsDecode() throws {
        guard case .object(var members) = sampleEventJSON() else { return }
        #expect(try decode(Event.self, .object(members)).note == nil)
        members["note"] = .null
        members["reminder"] = .null
        members["main"] = .null
        let event = try decode(Event.self, .object(members))
        #expect(event.note == nil && event.reminder == nil && event.main == nil)
        #expect(try decode(Int?.self, .null) == nil)
        #expect(try decode([Int?].self, .array([number("1"), .null])) == [1, nil])
    }

    @Test("a present optional of the wrong type is still an error")
    func optionalWrongType() {
        guard case .object(var members) = sampleEventJSON() else { return }
        members["note"] = number("5")
        let error = decodingError(Event.self, .object(members))
        #expect(error?.pointer == "/note")
        #expect(error?.message == "expected a string, found number 5")
    }

    @Test("[String: Int] dictionaries encode exactly and round-trip")
    func stringKeyedDictionary() throws {
        let value = ["a": 1, "b/c": 2]
        let expected = object(["a": number("1"), "b/c": number("2")])
        #expect(try encode(value) == expected)
        #expect(try decode([String: Int].self, expected) == value)
    }

    @Test("[Int: String] dictionaries use the key's string and read it back")
    func intKeyedDictionary() throws {
        let value = [1: "one", -20: "minus twenty"]
        let expected = object(["1": .string("one"), "-20": .string("minus twenty")])
        #expect(try encode(value) == expected)
        #expect(try decode([Int: String].self, expected) == value)
        #expect(decodingError([Int: String].self, object(["x": .string("one")])) != nil)
    }

    @Test("an unknown raw value is refused at its pointer")
    func badRawValue() {
        let error = decodingError(Event.self, sampleEventJSON().replacing("priority", with: .string("urgent")))
        #expect(error?.pointer == "/priority")
        #expect(error?.message.contains("urgent") == true)
    }

    // MARK: Foundation types

    @Test("dates are RFC 3339 strings, with milliseconds only when needed")
    func dates() throws {
        #expect(try encode(sampleDate) == .string("2025-01-27T14:03:00Z"))
        let fractional = sampleDate.addingTimeInterval(0.25)
        #expect(try encode(fractional) == .string("2025-01-27T14:03:00.250Z"))
        #expect(try decode(Date.self, .string("2025-01-27T14:03:00Z")) == sampleDate)
        #expect(try decode(Date.self, .string("2025-01-27T14:03:00.250Z")) == fractional)
        #expect(try decode(Date.self, .string("2025-01-27T15:03:00+01:00")) == sampleDate)
        #expect(try decode(Stamped.self, encode(Stamped(when: fractional))) == Stamped(when: fractional))
    }

    @Test("a string that is not a timestamp is refused, showing the expected form")
    func badDate() {
        let error = decodingError(Stamped.self, object(["when": .string("yesterday")]))
        #expect(error?.pointer == "/when")
        #expect(error?.message == "\"yesterday\" is not a timestamp; write it as ISO 8601 in UTC, e.g. \"2025-01-27T14:03:00Z\"")
        let numeric = decodingError(Stamped.self, object(["when": number("1737986580")]))
        #expect(numeric?.pointer == "/when")
        #expect(numeric?.message.contains("2025-01-27T14:03:00Z") == true)
    }

    @Test("calendar dates use their own Codable")
    func calendarDates() throws {
        let value = Dated(date: CalendarDate("2025-01-27")!)
        #expect(try encode(value) == object(["date": .string("2025-01-27")]))
        #expect(try decode(Dated.self, object(["date": .string("2025-01-27")])) == value)
    }

    @Test("a bad calendar date is refused with CalendarDate's own message at its pointer")
    func badCalendarDate() {
        let error = decodingError(Dated.self, object(["date": .string("2025-02-30")]))
        #expect(error?.pointer == "/date")
        #expect(error?.message == "\"2025-02-30\" is not a calendar date; write it as YYYY-MM-DD, e.g. \"2025-01-27\"")
        #expect(error?.underlying is DecodingError)
    }

    @Test("UUIDs are written upper-case and read in any case")
    func uuids() throws {
        #expect(try encode(sampleID) == .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try decode(UUID.self, .string("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")) == sampleID)
        #expect(decodingError(UUID.self, .string("not-a-uuid"))?.message.contains("is not a UUID") == true)
    }

    @Test("URL, Data and Decimal have their document forms")
    func otherFoundationTypes() throws {
        #expect(try decode(URL.self, .string("https://example.com/x")) == URL(string: "https://example.com/x"))
        #expect(try decode(Data.self, .string("AAEC+g==")) == Data([0, 1, 2, 250]))
        #expect(decodingError(Data.self, .string("%%%"))?.message == "\"%%%\" is not valid base64")
        #expect(try encode(Decimal(string: "-0.001")!) == number("-0.001"))
        #expect(try decode(Decimal.self, number("1.5e3")) == Decimal(1500))
        #expect(try decode(Decimal.self, number("0e1")) == Decimal(0))
        #expect(decodingError(Decimal.self, number("1e400")) != nil)
    }

    // MARK: Encoding failures

    @Test("NaN and infinities are refused, naming the pointer")
    func nonFiniteNumbers() {
        let nan = encodingError(Measured(double: .nan))
        #expect(nan?.pointer == "/double")
        #expect(nan?.message == "NaN cannot be stored: JSON numbers must be finite")
        let infinity = encodingError(Readings(readings: [1, 2, -.infinity]))
        #expect(infinity?.pointer == "/readings/2")
        #expect(infinity?.message == "-infinity cannot be stored: JSON numbers must be finite")
        #expect(encodingError(Float.infinity)?.message == "infinity cannot be stored: JSON numbers must be finite")
        #expect(encodingError(["a": [Double.nan]])?.pointer == "/a/0")
        #expect(encodingError(Decimal.nan) != nil)
    }

    // MARK: Containers

    @Test("top-level scalars and arrays")
    func topLevel() throws {
        #expect(try encode(5) == number("5"))
        #expect(try encode("x") == .string("x"))
        #expect(try encode([true, false]) == .array([.bool(true), .bool(false)]))
        #expect(try encode(Int?.none) == .null)
        #expect(try decode([String].self, .array([.string("a")])) == ["a"])
    }

    @Test("unkeyed containers track currentIndex, isAtEnd and nil")
    func unkeyedContainer() throws {
        let value = try decode(Cursor.self, .array([number("1"), .null, .string("x")]))
        #expect(value.log == ["0:false:3", "1:1", "2:nil", "false:3:x", "3:true"])
        let error = decodingError(Cursor.self, .array([number("1")]))
        #expect(error?.pointer == "/1")
        #expect(error?.message == "expected another element; the array has only 1")
    }

    @Test("a failed decode does not advance the unkeyed container")
    func unkeyedRetry() throws {
        #expect(try decode(Either.self, .array([.string("a"), number("2")])).values == ["a", "2"])
    }

    @Test("nested containers round-trip")
    func nestedContainers() throws {
        let value = Nested(a: 1, tags: ["x", "y"], inner: 2.5, pairs: [[1, 2], [3]])
        let expected = object([
            "outer": object(["a": number("1"), "tags": .array([.string("x"), .string("y")])]),
            "list": .array([object(["inner": number("2.5")]), .array([.array([number("1"), number("2")]), .array([number("3")])])]),
        ])
        #expect(try encode(value) == expected)
        #expect(try decode(Nested.self, expected) == value)
        let error = decodingError(Nested.self, expected.replacing("outer", with: .array([])))
        #expect(error?.pointer == "/outer")
    }

    @Test("superEncoder and superDecoder round-trip a class hierarchy")
    func superCoders() throws {
        let value = Derived(base: 7, extra: "e")
        let expected = object(["super": object(["base": number("7")]), "extra": .string("e"),
                               "parent": object(["base": number("7")]), "list": .array([object(["base": number("7")])])])
        #expect(try encode(value) == expected)
        let decoded = try decode(Derived.self, expected)
        #expect(decoded.base == 7 && decoded.extra == "e")
        let error = decodingError(Derived.self, expected.replacing("list", with: .array([object(["base": .string("no")])])))
        #expect(error?.pointer == "/list/0/base")
    }

    @Test("allKeys and contains report the object's members")
    func keyInspection() throws {
        let value = try decode(KeyLister.self, object(["b": number("1"), "a": .null, "other": .bool(true)]))
        #expect(value.keys == ["a", "b"])
        #expect(value.containsA && !value.containsC)
        #expect(value.aIsNil)
    }

    // MARK: Errors from types' own code

    @Test("errors thrown by a type's own init(from:) keep their pointer")
    func foreignErrors() {
        let error = decodingError([Picky].self, .array([number("1"), number("13")]))
        #expect(error?.pointer == "/1")
        #expect(error?.message == "unlucky number 13")
        #expect(error?.underlying != nil)

        let almanac = decodingError([String: Strict].self, object(["k": number("1")]))
        #expect(almanac?.pointer == "/k")
        #expect(almanac?.message == "strict values are never valid")
    }

    @Test("errors thrown by a type's own encode(to:) keep their pointer")
    func foreignEncodeErrors() {
        let error = encodingError(["k": [Picky(value: 13)]])
        #expect(error?.pointer == "/k/0")
        #expect(error?.message == "unlucky number 13")
    }

    // MARK: Speed

    @Test("decoding speed compared with Foundation's JSONDecoder (reported, not asserted)")
    func speedComparison() throws {
        let document = SpeedDocument.sample
        let tree = try encode(document)
        let foundationEncoder = JSONEncoder()
        foundationEncoder.dateEncodingStrategy = .iso8601
        let data = try foundationEncoder.encode(document)
        let foundationDecoder = JSONDecoder()
        foundationDecoder.dateDecodingStrategy = .iso8601
        let decoder = DocumentDecoder()
        #expect(try decoder.decode(SpeedDocument.self, from: tree) == document)
        #expect(try foundationDecoder.decode(SpeedDocument.self, from: data) == document)

        let iterations = 10_000
        let clock = ContinuousClock()
        let ours = try clock.measure {
            for _ in 0..<iterations { _ = try decoder.decode(SpeedDocument.self, from: tree) }
        }
        let theirs = try clock.measure {
            for _ in 0..<iterations { _ = try foundationDecoder.decode(SpeedDocument.self, from: data) }
        }
        let ratio = theirs / ours
        print("DocumentDecoder ×\(iterations): \(ours); JSONDecoder: \(theirs); DocumentDecoder is \(ratio)× as fast")
    }
}

// MARK: - Hand-written Codable types

extension JSONValue {
    /// A copy of this object with `key` replaced.
    fileprivate func replacing(_ key: String, with value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }
}

/// Logs what an unkeyed container reports while decoding `[1, null, "x"]`.
private struct Cursor: Decodable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        log.append("\(container.currentIndex):\(container.isAtEnd):\(container.count ?? -1)")
        let first = try container.decode(Int.self)
        log.append("\(container.currentIndex):\(first)")
        let wasNil = try container.decodeNil()
        log.append("\(container.currentIndex):\(wasNil ? "nil" : "value")")
        let notNil = try container.decodeNil()
        let third = try container.decode(String.self)
        log.append("\(notNil):\(container.currentIndex):\(third)")
        log.append("\(container.currentIndex):\(container.isAtEnd)")
    }
}

/// Decodes each element as a String, or failing that as an Int.
private struct Either: Decodable {
    var values: [String] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            if let string = try? container.decode(String.self) {
                values.append(string)
            } else {
                values.append(String(try container.decode(Int.self)))
            }
        }
    }
}

/// Uses nested keyed and unkeyed containers in both directions.
private struct Nested: Codable, Equatable {
    var a: Int
    var tags: [String]
    var inner: Double
    var pairs: [[Int]]

    enum Keys: String, CodingKey { case outer, list, a, tags, inner }

    init(a: Int, tags: [String], inner: Double, pairs: [[Int]]) {
        self.a = a
        self.tags = tags
        self.inner = inner
        self.pairs = pairs
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let outer = try container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
        a = try outer.decode(Int.self, forKey: .a)
        var tagList = try outer.nestedUnkeyedContainer(forKey: .tags)
        tags = []
        while !tagList.isAtEnd { tags.append(try tagList.decode(String.self)) }
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        inner = try list.nestedContainer(keyedBy: Keys.self).decode(Double.self, forKey: .inner)
        var pairList = try list.nestedUnkeyedContainer()
        pairs = []
        while !pairList.isAtEnd { pairs.append(try pairList.decode([Int].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var outer = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
        try outer.encode(a, forKey: .a)
        var tagList = outer.nestedUnkeyedContainer(forKey: .tags)
        for tag in tags { try tagList.encode(tag) }
        var list = container.nestedUnkeyedContainer(forKey: .list)
        var innerContainer = list.nestedContainer(keyedBy: Keys.self)
        var pairList = list.nestedUnkeyedContainer()
        // Written after the sibling containers exist, to check they are filled in later.
        try innerContainer.encode(inner, forKey: .inner)
        for pair in pairs { try pairList.encode(pair) }
    }
}

private class Base: Codable {
    var base: Int
    init(base: Int) { self.base = base }
}

/// Writes its superclass through `superEncoder()`, `superEncoder(forKey:)` and an unkeyed `superEncoder()`.
private final class Derived: Base {
    var extra: String
    enum Keys: String, CodingKey { case extra, parent, list }

    init(base: Int, extra: String) {
        self.extra = extra
        super.init(base: base)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        extra = try container.decode(String.self, forKey: .extra)
        let parent = try Base(from: container.superDecoder(forKey: .parent))
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        let listed = try Base(from: list.superDecoder())
        try super.init(from: container.superDecoder())
        precondition(parent.base == base && listed.base == base)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(extra, forKey: .extra)
        try super.encode(to: container.superEncoder())
        try super.encode(to: container.superEncoder(forKey: .parent))
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try super.encode(to: list.superEncoder())
    }
}

/// Records `allKeys` and `contains` for an object.
private struct KeyLister: Decodable {
    var keys: [String]
    var containsA: Bool
    var containsC: Bool
    var aIsNil: Bool

    enum Keys: String, CodingKey { case a, b, c }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        containsA = container.contains(.a)
        containsC = container.contains(.c)
        aIsNil = try container.decodeNil(forKey: .a)
    }
}

private struct UnluckyError: Error, CustomStringConvertible {
    var number: Int
    var description: String { "unlucky number \(number)" }
}

/// Refuses 13 with an error of its own type, in both directions.
private struct Picky: Codable {
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        if value == 13 { throw UnluckyError(number: value) }
    }

    func encode(to encoder: any Encoder) throws {
        if value == 13 { throw UnluckyError(number: value) }
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Always throws an AlmanacError without a pointer.
private struct Strict: Decodable {
    init(from decoder: any Decoder) throws {
        throw AlmanacError(.invalidDocument, "strict values are never valid")
    }
}

/// A typical ~10-field document for the speed comparison.
private struct SpeedDocument: Codable, Equatable {
    enum Status: String, Codable { case planned, done }

    var id: UUID
    var title: String
    var start: Date
    var day: CalendarDate
    var durationMinutes: Int
    var difficulty: Int?
    var rating: Double
    var done: Bool
    var status: Status
    var tags: [String]
    var note: String?
    var variants: [Variant]

    static let sample = SpeedDocument(
        id: sampleID, title: "Morning run", start: sampleDate, day: CalendarDate("2025-01-27")!,
        durationMinutes: 45, difficulty: 3, rating: 4.5, done: false, status: .planned,
        tags: ["health", "outdoor"], note: nil,
        variants: [Variant(name: "short", durationMinutes: 20), Variant(name: "long", durationMinutes: 60)])
}
