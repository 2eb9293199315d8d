/// A set of JSON Schema type names.
struct SchemaTypeSet: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = SchemaTypeSet(rawValue: 1 << 0)
    static let boolean = SchemaTypeSet(rawValue: 1 << 1)
    static let object = SchemaTypeSet(rawValue: 1 << 2)
    static let array = SchemaTypeSet(rawValue: 1 << 3)
    static let number = SchemaTypeSet(rawValue: 1 << 4)
    static let string = SchemaTypeSet(rawValue: 1 << 5)
    static let integer = SchemaTypeSet(rawValue: 1 << 6)

    /// The type named `name` in a schema, or `nil` for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Whether `value` has one of the types; an integer is a number without a fractional part.
    func matches(_ value: JSONValue) -> Bool {
        switch value {
        case .null: contains(.null)
        case .bool: contains(.boolean)
        case .object: contains(.object)
        case .array: contains(.array)
        case .string: contains(.string)
        case .number(let number):
            contains(.number) || (contains(.integer) && SchemaTypeSet.isInteger(number))
        }
    }

    /// Whether `number` has no fractional part (`1.0` and `1e2` are integers).
    static func isInteger(_ number: JSONNumber) -> Bool {
        // Plain digit strings are the common case and need no decimal arithmetic.
        if !number.text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            return true
        }
        return SchemaDecimal(number).isInteger
    }
}

/// The values of an `enum`.
struct SchemaEnumeration: Sendable {
    let values: [JSONValue]
    /// The values when they are all strings, compared without building `JSONValue`s.
    let strings: [String]?
    /// For long all-string enums, a set: one hash instead of many comparisons.
    let stringSet: Set<SchemaExactString>?

    init(_ values: [JSONValue]) {
        self.values = values
        let strings = values.compactMap(\.stringValue)
        self.strings = strings.count == values.count ? strings : nil
        self.stringSet = strings.count == values.count && strings.count > 8 ? Set(strings.map(SchemaExactString.init)) : nil
    }

    /// Whether `value` equals one of the values (numbers by value, objects ignoring order).
    func contains(_ value: JSONValue) -> Bool {
        if let strings {
            guard case .string(let string) = value else { return false }
            if let stringSet { return stringSet.contains(SchemaExactString(string)) }
            return strings.contains { SchemaExactString.equal($0, string) }
        }
        return values.contains { SchemaEquality.equal($0, value) }
    }
}

/// A `minimum`, `maximum`, `exclusiveMinimum` or `exclusiveMaximum` limit.
struct SchemaBound: Sendable {
    enum Kind: Sendable {
        case minimum, exclusiveMinimum, maximum, exclusiveMaximum
    }

    let kind: Kind
    let limit: SchemaDecimal
    /// The limit as written in the schema, for messages.
    let text: String
    /// The limit when it is an integer that fits, for the fast path.
    let integer: Int64?

    init(kind: Kind, limit: JSONNumber) {
        self.kind = kind
        self.limit = SchemaDecimal(limit)
        self.text = limit.text
        self.integer = Int64(limit.text)
    }

    /// Whether `number` is within the limit.
    func accepts(_ number: JSONNumber) -> Bool {
        let order = integer.flatMap { Self.compare(number, toInteger: $0) } ?? Self.order(SchemaDecimal(number), limit)
        switch kind {
        case .minimum: return order >= 0
        case .exclusiveMinimum: return order > 0
        case .maximum: return order <= 0
        case .exclusiveMaximum: return order < 0
        }
    }

    private static func order(_ value: SchemaDecimal, _ limit: SchemaDecimal) -> Int {
        value < limit ? -1 : (value == limit ? 0 : 1)
    }

    /// -1, 0 or 1 as `number` is below, at or above `limit`, for numbers written as plain
    /// decimals (`48.25`, `-3`); `nil` for exponents or long integer parts. Most documents'
    /// numbers take this path, which allocates nothing.
    static func compare(_ number: JSONNumber, toInteger limit: Int64) -> Int? {
        var negative = false
        var integerPart: Int64 = 0
        var digits = 0
        var hasFraction = false
        var inFraction = false
        for byte in number.text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                negative = true
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inFraction {
                    if byte != UInt8(ascii: "0") { hasFraction = true }
                } else {
                    digits += 1
                    guard digits <= 18 else { return nil }
                    integerPart = integerPart * 10 + Int64(byte - UInt8(ascii: "0"))
                }
            default:
                return nil  // an exponent: use exact decimals
            }
        }
        // The value is ±(integerPart + f) with 0 ≤ f < 1, and f > 0 exactly when hasFraction.
        let whole = negative ? -integerPart : integerPart
        if !hasFraction { return whole < limit ? -1 : (whole == limit ? 0 : 1) }
        if negative {
            // -integerPart - 1 < value < -integerPart
            return whole <= limit ? -1 : 1
        }
        // integerPart < value < integerPart + 1
        return whole < limit ? -1 : 1
    }

    /// Why `number` fails the limit, e.g. `50 is greater than the maximum 45`.
    func message(for number: JSONNumber) -> String {
        switch kind {
        case .minimum: "\(number.text) is less than the minimum \(text)"
        case .exclusiveMinimum: "\(number.text) is not greater than the exclusive minimum \(text)"
        case .maximum: "\(number.text) is greater than the maximum \(text)"
        case .exclusiveMaximum: "\(number.text) is not less than the exclusive maximum \(text)"
        }
    }
}
