import Foundation

/// Decodes a `Decodable` type from no document at all, noting every member it asks for, the
/// kind of value it wants there and whether it is optional: what the type declares, to compare
/// with the collection's JSON Schema (``Store/checkTypes(_:)``).
///
/// Each member is answered with a value the schema allows where it says one (the first of an
/// `enum`, a UUID for `format: uuid`, a date for `date-time` or `date`), so that enums with raw
/// values and Almanac's own value types decode; nested types are probed as they ask.
final class TypeProbe: Decoder {
    /// What a member holds, as the type asks for it.
    enum Kind: String, Sendable {
        case string, integer, number, boolean, date, uuid, url, data, object, array, other
    }

    /// One member the type asked for.
    struct Field: Sendable {
        /// The names of the objects above it, from the document down.
        var path: [String]
        var name: String
        var kind: Kind
        var optional: Bool
    }

    /// The collection's schema: the document's, at the root.
    let schema: JSONValue
    private(set) var fields: [Field] = []
    /// The member being decoded, innermost last: its kind is noted by whatever asks.
    private var stack: [(path: [String], name: String, optional: Bool, noted: Bool)] = []

    init(schema: JSONValue) {
        self.schema = schema
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// What `type` asks for, as far as it could be decoded; the error that stopped it, if any.
    static func probe<T: Decodable>(_ type: T.Type, schema: JSONValue) -> (fields: [Field], stopped: (any Error)?) {
        let probe = TypeProbe(schema: schema)
        do {
            _ = try T(from: probe)
            return (probe.fields, nil)
        } catch {
            return (probe.fields, error)
        }
    }

    /// The schema of the member at `path` (names from the document down), through
    /// `properties`, following the schema's own `$ref`s and looking into `allOf`, `anyOf` and
    /// `oneOf` (bounded: a schema that refers to itself ends the walk).
    func schema(at path: [String]) -> JSONValue? {
        var node: JSONValue? = resolved(schema)
        for name in path {
            guard let current = node else { return nil }
            node = property(name, of: current).map(resolved)
        }
        return node
    }

    /// `node` with its local `$ref` (`#/$defs/…`) followed, at most 16 times.
    func resolved(_ node: JSONValue) -> JSONValue {
        var node = node
        for _ in 0..<16 {
            guard let reference = node["$ref"]?.stringValue, reference.hasPrefix("#"),
                  let target = schema.value(atPointer: String(reference.dropFirst()))
            else { break }
            node = target
        }
        return node
    }

    /// The schema `object` gives the member `name`: its own `properties`, or those of the
    /// subschemas it combines.
    func property(_ name: String, of object: JSONValue) -> JSONValue? {
        if let own = object["properties"]?[name] { return own }
        for combinator in ["allOf", "anyOf", "oneOf"] {
            for part in object[combinator]?.arrayValue ?? [] {
                if let found = resolved(part)["properties"]?[name] { return found }
            }
        }
        return nil
    }

    /// The object path of the keyed container opened now: the member being decoded, or the root.
    private var currentObjectPath: [String] {
        guard let top = stack.last else { return [] }
        return top.path + [top.name]
    }

    fileprivate func note(_ kind: Kind) {
        guard let top = stack.last, !top.noted else { return }
        stack[stack.count - 1].noted = true
        fields.append(Field(path: top.path, name: top.name, kind: kind, optional: top.optional))
    }

    /// Decodes the member `name` of the object at `path` as `T`, noting it.
    fileprivate func member<T: Decodable>(_ type: T.Type, _ name: String, in path: [String], optional: Bool) throws -> T {
        // `decode(Int?.self, forKey:)` is an optional member as much as `decodeIfPresent`.
        stack.append((path, name, optional || T.self is any ProbedOptional.Type, false))
        defer {
            if let top = stack.last, !top.noted { fields.append(Field(path: top.path, name: top.name, kind: .other, optional: top.optional)) }
            stack.removeLast()
        }
        return try value(T.self, schema: schema(at: path + [name]))
    }

    /// A value of `T` the member's schema allows, for the types a document's values map to;
    /// any other type decodes itself from this probe.
    fileprivate func value<T: Decodable>(_ type: T.Type, schema member: JSONValue?) throws -> T {
        let format = member?["format"]?.stringValue
        let first = member?["enum"]?.arrayValue?.first ?? member?["const"]
        switch type {
        case is String.Type:
            note(.string)
            return (first?.stringValue ?? Self.sampleString(format: format)) as! T
        case is Bool.Type:
            note(.boolean)
            return (first?.boolValue ?? false) as! T
        case is Int.Type, is Int8.Type, is Int16.Type, is Int32.Type, is Int64.Type,
             is UInt.Type, is UInt8.Type, is UInt16.Type, is UInt32.Type, is UInt64.Type:
            note(.integer)
            let number = first?.numberValue?.int64Value ?? member?["minimum"]?.numberValue?.int64Value ?? 0
            guard let integer = T.self as? any FixedWidthInteger.Type else { throw Self.unsupported(T.self) }
            return Self.integer(integer, number) as! T
        case is Double.Type:
            note(.number)
            return (first?.numberValue?.doubleValue ?? 0) as! T
        case is Float.Type:
            note(.number)
            return Float(first?.numberValue?.doubleValue ?? 0) as! T
        case is Decimal.Type:
            note(.number)
            return Decimal(first?.numberValue?.doubleValue ?? 0) as! T
        case is Date.Type:
            note(.date)
            return Date(timeIntervalSince1970: 946_684_800) as! T
        case is UUID.Type:
            note(.uuid)
            return UUID(uuidString: "00000000-0000-4000-8000-000000000000")! as! T
        case is URL.Type:
            note(.url)
            return URL(string: "https://example.com")! as! T
        case is Data.Type:
            note(.data)
            return Data() as! T
        default:
            return try T(from: self)
        }
    }

    private static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: Int64) -> I {
        I(clamping: value)
    }

    /// A string of `format`, so that types which parse their string (a calendar date) decode.
    static func sampleString(format: String?) -> String {
        switch format {
        case "date-time"?: return "2000-01-01T00:00:00Z"
        case "date"?: return "2000-01-01"
        case "uuid"?: return "00000000-0000-4000-8000-000000000000"
        default: return "x"
        }
    }

    private static func unsupported(_ type: Any.Type) -> AlmanacError {
        AlmanacError(.invalidArgument, "\(type) cannot be probed")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        note(.object)
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(probe: self, path: currentObjectPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        note(.array)
        return ProbeUnkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(probe: self, schema: schema(at: currentObjectPath))
    }
}

/// `Optional`, told apart from other types by the probe.
private protocol ProbedOptional {}
extension Optional: ProbedOptional {}

/// The probe's keyed container: every member is there (and not `null`), and is noted.
private struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: TypeProbe
    let path: [String]

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try probe.member(Bool.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try probe.member(String.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try probe.member(Double.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try probe.member(Float.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try probe.member(Int.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try probe.member(Int8.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try probe.member(Int16.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try probe.member(Int32.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try probe.member(Int64.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try probe.member(UInt.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try probe.member(UInt8.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try probe.member(UInt16.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try probe.member(UInt32.self, key.stringValue, in: path, optional: false) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try probe.member(UInt64.self, key.stringValue, in: path, optional: false) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try probe.member(Bool.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try probe.member(String.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try probe.member(Double.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try probe.member(Float.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try probe.member(Int.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try probe.member(Int8.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try probe.member(Int16.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try probe.member(Int32.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try probe.member(Int64.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try probe.member(UInt.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try probe.member(UInt8.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try probe.member(UInt16.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try probe.member(UInt32.self, key.stringValue, in: path, optional: true) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try probe.member(UInt64.self, key.stringValue, in: path, optional: true) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try probe.member(T.self, key.stringValue, in: path, optional: false)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try probe.member(T.self, key.stringValue, in: path, optional: true)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(probe: probe, path: path + [key.stringValue]))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { ProbeUnkeyedContainer() }
    func superDecoder() throws -> any Decoder { probe }
    func superDecoder(forKey key: Key) throws -> any Decoder { probe }
}

/// A value the empty array never yields (its decode throws first).
private struct Probed<Value: Decodable>: Decodable {
    var value: Value
}

/// An empty array: elements are not probed.
private struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }
    mutating func decodeNil() throws -> Bool { true }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(Probed<Bool>.self).value }
    mutating func decode(_ type: String.Type) throws -> String { try decode(Probed<String>.self).value }
    mutating func decode(_ type: Double.Type) throws -> Double { try decode(Probed<Double>.self).value }
    mutating func decode(_ type: Float.Type) throws -> Float { try decode(Probed<Float>.self).value }
    mutating func decode(_ type: Int.Type) throws -> Int { try decode(Probed<Int>.self).value }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decode(Probed<Int8>.self).value }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decode(Probed<Int16>.self).value }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decode(Probed<Int32>.self).value }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decode(Probed<Int64>.self).value }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decode(Probed<UInt>.self).value }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(Probed<UInt8>.self).value }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(Probed<UInt16>.self).value }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(Probed<UInt32>.self).value }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(Probed<UInt64>.self).value }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "the probe's arrays are empty"))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.valueNotFound(KeyedDecodingContainer<NestedKey>.self, .init(codingPath: [], debugDescription: "the probe's arrays are empty"))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { self }
    mutating func superDecoder() throws -> any Decoder {
        throw DecodingError.valueNotFound(Decoder.self, .init(codingPath: [], debugDescription: "the probe's arrays are empty"))
    }
}

/// A single value (an enum's raw value, a wrapper's string): answered from the member's schema.
private struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let probe: TypeProbe
    let schema: JSONValue?

    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try probe.value(Bool.self, schema: schema) }
    func decode(_ type: String.Type) throws -> String { try probe.value(String.self, schema: schema) }
    func decode(_ type: Double.Type) throws -> Double { try probe.value(Double.self, schema: schema) }
    func decode(_ type: Float.Type) throws -> Float { try probe.value(Float.self, schema: schema) }
    func decode(_ type: Int.Type) throws -> Int { try probe.value(Int.self, schema: schema) }
    func decode(_ type: Int8.Type) throws -> Int8 { try probe.value(Int8.self, schema: schema) }
    func decode(_ type: Int16.Type) throws -> Int16 { try probe.value(Int16.self, schema: schema) }
    func decode(_ type: Int32.Type) throws -> Int32 { try probe.value(Int32.self, schema: schema) }
    func decode(_ type: Int64.Type) throws -> Int64 { try probe.value(Int64.self, schema: schema) }
    func decode(_ type: UInt.Type) throws -> UInt { try probe.value(UInt.self, schema: schema) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try probe.value(UInt8.self, schema: schema) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try probe.value(UInt16.self, schema: schema) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try probe.value(UInt32.self, schema: schema) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try probe.value(UInt64.self, schema: schema) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try probe.value(T.self, schema: schema)
    }
}
