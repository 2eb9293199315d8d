/// A JSON value as read from or written to a store file.
///
/// Objects are unordered; the canonical writer sorts their keys. Numbers keep the exact
/// text they were written with (see ``JSONNumber``), so reading and re-writing a document
/// never changes its bytes.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its RFC 8259 text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
}

extension JSONValue {
    /// The object's members, or `nil` when the value is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, or `nil` when the value is not a number.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The Boolean, or `nil` when the value is not a Boolean.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements, or `nil` when the value is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The member named `key` when the value is an object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`, `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// A JSON number, stored as the exact RFC 8259 text it was read or written as.
///
/// Keeping the text rather than a `Double` makes store files byte-stable (`1.50` stays
/// `1.50`), keeps integers beyond 2^53 exact, and accepts every valid number, including
/// forms such as `0e1` that Foundation's `JSONDecoder` refuses.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The number's text, valid per the RFC 8259 `number` grammar.
    public let text: String

    /// Creates a number from text that is already known to follow the RFC 8259 grammar.
    init(validatedText: String) {
        self.text = validatedText
    }

    /// Creates a number from RFC 8259 text, or returns `nil` when the text is not a JSON number.
    public init?(_ text: String) {
        guard JSONNumber.isValid(text) else { return nil }
        self.text = text
    }

    /// Creates a number from an integer.
    public init<I: BinaryInteger>(_ value: I) {
        self.text = String(value)
    }

    /// Creates a number from a `Double`, or returns `nil` for NaN and infinities, which JSON cannot hold.
    ///
    /// Integral values below 2^53 are written without a fraction (`30`, not `30.0`);
    /// others use Swift's shortest round-tripping form (`0.1`, `1e-07`).
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(.towardZero), abs(value) < 9_007_199_254_740_992 {
            self.text = value == 0 ? "0" : String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// The number as a `Double` (the nearest one for long decimals).
    public var doubleValue: Double {
        Double(text) ?? .nan
    }

    /// The number as an `Int64` when it is integral and in range, else `nil`.
    ///
    /// Accepts integral values written with a fraction or exponent (`2.0`, `1e3`).
    public var int64Value: Int64? {
        if let exact = Int64(text) { return exact }
        let double = doubleValue
        guard double.isFinite, double == double.rounded(.towardZero),
              double >= -9_223_372_036_854_775_808.0, double < 9_223_372_036_854_775_808.0
        else { return nil }
        return Int64(double)
    }

    /// The number's text.
    public var description: String { text }

    /// Orders numbers by value.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let l = Int64(lhs.text), let r = Int64(rhs.text) { return l < r }
        return lhs.doubleValue < rhs.doubleValue
    }

    /// Whether two numbers have the same value, whatever their text (`1.0` equals `1`).
    public func hasSameValue(as other: JSONNumber) -> Bool {
        if text == other.text { return true }
        if let l = Int64(text), let r = Int64(other.text) { return l == r }
        return doubleValue == other.doubleValue
    }

    /// Whether `text` follows the RFC 8259 number grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValid(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") {
            bytes = bytes.drop(while: isDigit)
        } else {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard let digit = bytes.first, isDigit(digit) else { return false }
            bytes = bytes.drop(while: isDigit)
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard let digit = bytes.first, isDigit(digit) else { return false }
            bytes = bytes.drop(while: isDigit)
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
