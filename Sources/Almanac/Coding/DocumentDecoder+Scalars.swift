import Foundation

/// Reading scalars and Foundation values out of a ``JSONValue``, shared by all three
/// kinds of container.
///
/// The coding path arrives as an autoclosure: it is only needed for an error, and building
/// it allocates.
extension JSONValueDecoder {
    func unboxBool(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        if case .bool(let bool) = value { return bool }
        throw Self.mismatch(Bool.self, expected: "true or false", found: value, at: path())
    }

    func unboxString(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> String {
        if case .string(let string) = value { return string }
        throw Self.mismatch(String.self, expected: "a string", found: value, at: path())
    }

    func unboxDouble(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard case .number(let number) = value else {
            throw Self.mismatch(Double.self, expected: "a number", found: value, at: path())
        }
        // Swift's parser turns overflow into infinity; a document must not smuggle one in.
        guard let double = Double(number.text), double.isFinite else {
            throw Self.outOfRange(number, Double.self, at: path())
        }
        return double
    }

    func unboxFloat(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Float {
        guard case .number(let number) = value else {
            throw Self.mismatch(Float.self, expected: "a number", found: value, at: path())
        }
        guard let float = Float(number.text), float.isFinite else {
            throw Self.outOfRange(number, Float.self, at: path())
        }
        return float
    }

    /// Inlined so that each caller gets the fast path specialized for its concrete type;
    /// the containers' methods are reached through protocol witnesses and would otherwise
    /// run this generically.
    @inline(__always)
    func unboxInteger<T: FixedWidthInteger>(
        _ value: JSONValue, as type: T.Type, at path: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        guard case .number(let number) = value else {
            throw Self.mismatch(T.self, expected: "an integer", found: value, at: path())
        }
        // Plain digits in range are by far the common case.
        if let integer = T(number.text) { return integer }
        return try Self.unboxSpelledInteger(number, as: type, at: path())
    }

    /// Integers written with a fraction or exponent, or out of range.
    static func unboxSpelledInteger<T: FixedWidthInteger>(_ number: JSONNumber, as type: T.Type, at path: [any CodingKey]) throws -> T {
        switch DocumentIntegerText.convert(number.text, to: T.self) {
        case .exact(let integer):
            return integer
        case .notInteger:
            throw DecodingError.typeMismatch(T.self, .init(codingPath: path, debugDescription: "\(number.text) is not an integer"))
        case .outOfRange:
            throw DecodingError.dataCorrupted(.init(
                codingPath: path, debugDescription: "\(number.text) is out of range for \(T.self) (\(T.min)...\(T.max))"))
        }
    }

    func unboxDate(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Date {
        guard case .string(let text) = value else {
            throw Self.mismatch(Date.self, expected: "a timestamp string such as \"2025-01-27T14:03:00Z\"", found: value, at: path())
        }
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path(),
                debugDescription: "\(Self.quoted(text)) is not a timestamp; write it as ISO 8601 in UTC, e.g. \"2025-01-27T14:03:00Z\""))
        }
        return date
    }

    func unboxUUID(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> UUID {
        guard case .string(let text) = value else {
            throw Self.mismatch(UUID.self, expected: "a UUID string", found: value, at: path())
        }
        guard let uuid = Self.parseUUID(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: path(),
                debugDescription: "\(Self.quoted(text)) is not a UUID; write it as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\""))
        }
        return uuid
    }

    func unboxURL(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> URL {
        guard case .string(let text) = value else {
            throw Self.mismatch(URL.self, expected: "a URL string", found: value, at: path())
        }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "\(Self.quoted(text)) is not a valid URL"))
        }
        return url
    }

    func unboxData(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Data {
        guard case .string(let text) = value else {
            throw Self.mismatch(Data.self, expected: "a base64 string", found: value, at: path())
        }
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "\(Self.quoted(text)) is not valid base64"))
        }
        return data
    }

    func unboxDecimal(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Decimal {
        guard case .number(let number) = value else {
            throw Self.mismatch(Decimal.self, expected: "a number", found: value, at: path())
        }
        guard let decimal = Decimal(string: number.text, locale: nil), !decimal.isNaN else {
            throw Self.outOfRange(number, Decimal.self, at: path())
        }
        return decimal
    }

    /// Parses `8-4-4-4-12` hex digits in either case.
    ///
    /// Hand-written because `UUID(uuidString:)` goes through `sscanf` on Linux, which was
    /// the largest single cost of decoding a typical document.
    static func parseUUID(_ text: String) -> UUID? {
        guard text.utf8.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { bytes -> Bool in
            var position = 0
            var written = 0
            var highNibble: UInt8?
            for character in text.utf8 {
                defer { position += 1 }
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard character == UInt8(ascii: "-") else { return false }
                    continue
                }
                let nibble: UInt8
                switch character {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
                default: return false
                }
                if let high = highNibble {
                    bytes[written] = high << 4 | nibble
                    written += 1
                    highNibble = nil
                } else {
                    highNibble = nibble
                }
            }
            return written == 16
        }
        return parsed ? UUID(uuid: uuid) : nil
    }

    // MARK: Errors

    /// The error for a value of the wrong JSON type: `expected a string, found number 5`.
    ///
    /// `null` becomes `valueNotFound`, as in Foundation, so that types that probe for a
    /// missing value keep working.
    static func mismatch(_ type: Any.Type, expected: String, found value: JSONValue, at path: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(codingPath: path, debugDescription: "expected \(expected), found \(describe(value))")
        if case .null = value { return DecodingError.valueNotFound(type, context) }
        return DecodingError.typeMismatch(type, context)
    }

    static func outOfRange(_ number: JSONNumber, _ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "\(number.text) is out of range for \(type)"))
    }

    /// A short description of a value for messages: `number 5`, `string "abc"`, `an object`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): "boolean \(bool)"
        case .number(let number): "number \(number.text)"
        case .string(let string): "string \(quoted(string))"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text` in quotes, shortened so one bad value cannot flood a message.
    static func quoted(_ text: String) -> String {
        let limit = 40
        guard text.count > limit else { return "\"\(text)\"" }
        return "\"\(text.prefix(limit))…\""
    }
}

/// Exact conversion of RFC 8259 number text to a fixed-width integer.
///
/// Going through `Double` would accept `9007199254740993.0` as a neighbouring integer, so
/// the digits are shifted by the exponent instead and checked for a zero fraction.
enum DocumentIntegerText {
    enum Conversion<T> {
        case exact(T)
        case notInteger
        case outOfRange
    }

    /// Converts `text`, which must already follow the RFC 8259 number grammar.
    static func convert<T: FixedWidthInteger>(_ text: String, to type: T.Type) -> Conversion<T> {
        let bytes = Array(text.utf8)
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        while index < bytes.count, isDigit(bytes[index]) {
            digits.append(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                digits.append(bytes[index] - UInt8(ascii: "0"))
                fractionDigits += 1
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < bytes.count, isDigit(bytes[index]) {
                // Saturate: any exponent this large is out of range or zero anyway.
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }

        guard let firstNonZero = digits.firstIndex(where: { $0 != 0 }) else { return .exact(0) }
        var significant = digits[firstNonZero...]
        var shift = exponent - fractionDigits
        if shift < 0 {
            let dropped = -shift
            guard dropped < significant.count, significant.suffix(dropped).allSatisfy({ $0 == 0 }) else { return .notInteger }
            significant = significant.dropLast(dropped)
            shift = 0
        }
        // UInt64.max has 20 digits.
        guard significant.count + shift <= 20 else { return .outOfRange }
        var magnitude: UInt64 = 0
        for digit in significant + repeatElement(0, count: shift) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return .outOfRange }
            magnitude = sum
        }
        if negative {
            let limit = UInt64(Int64.max) + 1
            guard magnitude <= limit else { return .outOfRange }
            let signed = magnitude == limit ? Int64.min : -Int64(magnitude)
            return T(exactly: signed).map { .exact($0) } ?? .outOfRange
        }
        return T(exactly: magnitude).map { .exact($0) } ?? .outOfRange
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
