import Foundation

/// Decodes `Decodable` values from an already-parsed ``JSONValue``.
///
/// Typed documents never pass through Foundation's `JSONDecoder`, which refuses valid
/// numbers such as `0e1` and accepts invalid JSON such as trailing commas; the store's own
/// parser decides what is JSON, and this type only maps the tree onto Swift values.
///
/// - `Date` is read from an RFC 3339 string (``Timestamp/parse(_:)``), never a number.
/// - `UUID` from a string in either case, `URL` from its string, `Data` from base64,
///   `Decimal` from a number.
/// - Integers accept integral numbers in any spelling (`2`, `2.0`, `1e3`) and reject
///   fractions and values out of range; `Bool` accepts only `true`/`false`, `String` only strings.
/// - A missing member or `null` decodes as `nil` for an `Optional`.
///
/// Every failure is an ``AlmanacError`` with code `.invalidDocument`, a message and the JSON
/// Pointer of the offending value, e.g. `/variants/1/durationMinutes: 2.5 is not an integer`.
struct DocumentDecoder: Sendable {
    /// Creates a decoder.
    init() {}

    /// Decodes a value of `type` from `value`.
    ///
    /// - Throws: ``AlmanacError`` with code `.invalidDocument` and the pointer of the value
    ///   that does not fit, including errors thrown by the type's own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decode(type, from: value, recording: nil)
    }

    /// Decodes as ``decode(_:from:)``, noting in `declared` every member the type asks for.
    func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, recording declared: DeclaredMembers?) throws -> T {
        let decoder = JSONValueDecoder(value: value, path: .root)
        decoder.declared = declared
        do {
            return try decoder.unbox(value, as: T.self, at: .root)
        } catch {
            throw DocumentCodingFailure.almanacError(from: error)
        }
    }
}

/// The `Decoder` behind ``DocumentDecoder``.
///
/// One instance serves a whole document: decoding a nested value swaps `value` and `path`
/// in and back out instead of allocating a decoder per value. That is sound because
/// `Decodable` decoding is strictly nested; the one API that hands out a decoder which may
/// outlive the call, `superDecoder()`, gets a fresh instance.
final class JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    /// The value being decoded now.
    private(set) var value: JSONValue
    /// Where `value` sits in the document.
    private(set) var path: DocumentCodingPath
    /// Notes the members asked for, when a save probes what a type declares (``DeclaredMembers``).
    var declared: DeclaredMembers?

    init(value: JSONValue, path: DocumentCodingPath) {
        self.value = value
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Self.mismatch([String: JSONValue].self, expected: "an object", found: value, at: path.keys)
        }
        return KeyedDecodingContainer(DocumentKeyedDecodingContainer<Key>(decoder: self, members: members, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.mismatch([JSONValue].self, expected: "an array", found: value, at: path.keys)
        }
        return DocumentUnkeyedDecodingContainer(decoder: self, elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: Nested values

    /// Decodes `value`, found at `path`, as `T`.
    ///
    /// Foundation types with a document representation of their own are handled here
    /// before falling back to `T.init(from:)`; `path` is an autoclosure so that scalars and
    /// those types never allocate a path node unless they fail.
    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, at path: @autoclosure () -> DocumentCodingPath) throws -> T {
        if T.self == JSONValue.self {
            return value as! T
        } else if T.self == Date.self {
            return try unboxDate(value, at: path().keys) as! T
        } else if T.self == UUID.self {
            return try unboxUUID(value, at: path().keys) as! T
        } else if T.self == URL.self {
            return try unboxURL(value, at: path().keys) as! T
        } else if T.self == Data.self {
            return try unboxData(value, at: path().keys) as! T
        } else if T.self == Decimal.self {
            return try unboxDecimal(value, at: path().keys) as! T
        }
        let nestedPath = path()
        let savedValue = self.value
        let savedPath = self.path
        self.value = value
        self.path = nestedPath
        defer {
            self.value = savedValue
            self.path = savedPath
        }
        do {
            return try T(from: self)
        } catch {
            throw DocumentCodingFailure.locate(error, at: nestedPath, decoding: true)
        }
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool { try unboxBool(value, at: path.keys) }
    func decode(_ type: String.Type) throws -> String { try unboxString(value, at: path.keys) }
    func decode(_ type: Double.Type) throws -> Double { try unboxDouble(value, at: path.keys) }
    func decode(_ type: Float.Type) throws -> Float { try unboxFloat(value, at: path.keys) }
    func decode(_ type: Int.Type) throws -> Int { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: Int8.Type) throws -> Int8 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: Int16.Type) throws -> Int16 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: Int32.Type) throws -> Int32 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: Int64.Type) throws -> Int64 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: UInt.Type) throws -> UInt { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unboxInteger(value, as: type, at: path.keys) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unboxInteger(value, as: type, at: path.keys) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(value, as: type, at: path) }
}
