import Foundation

/// Encodes `Encodable` values to a ``JSONValue``, the tree the store's canonical writer prints.
///
/// The counterpart of ``DocumentDecoder``:
///
/// - `Date` becomes an RFC 3339 UTC string (``Timestamp/stored(_:)``), never a number; a date
///   no store can hold (not finite, or outside 0001–9999) is an error naming the field.
/// - `UUID` becomes its upper-case `uuidString`, `URL` its `absoluteString`, `Data` base64,
///   `Decimal` a number with the decimal's own digits.
/// - `Double` and `Float` become numbers in their shortest round-tripping form (`30` for
///   30.0, `30.5`); NaN and infinities are refused because JSON cannot hold them.
/// - `nil` optionals are left out (synthesized `Codable` calls `encodeIfPresent`).
///
/// Failures are ``AlmanacError``s with code `.invalidDocument` and the JSON Pointer of
/// the value, e.g. `/readings/2: NaN cannot be stored: JSON numbers must be finite`.
package struct DocumentEncoder: Sendable {
    /// Creates an encoder.
    package init() {}

    /// Encodes `value` to a JSON value.
    ///
    /// - Throws: ``AlmanacError`` with code `.invalidDocument` and the pointer of the value
    ///   that cannot be stored, including errors thrown by the type's own `encode(to:)`.
    package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONValueEncoder(path: .root)
        do {
            return try encoder.box(value, at: .root)
        } catch {
            throw DocumentCodingFailure.almanacError(from: error)
        }
    }
}

/// What one value has encoded so far.
///
/// Objects and arrays live in reference buffers because a container handed out by
/// `container(keyedBy:)` or `nestedContainer` must keep writing into the same place
/// after the call that created it returns.
enum EncodedStorage {
    /// Nothing yet; finishes as `{}`, which is what a type that writes nothing means.
    case empty
    case value(JSONValue)
    case object(EncodedObject)
    case array(EncodedArray)

    /// The finished JSON value.
    func finish() -> JSONValue {
        switch self {
        case .empty: .object([:])
        case .value(let value): value
        case .object(let object): object.finish()
        case .array(let array): array.finish()
        }
    }
}

/// A value whose content is still being written by a container or encoder handed out
/// earlier: a nested container or a `superEncoder`.
enum DeferredValue {
    case object(EncodedObject)
    case array(EncodedArray)
    case encoder(JSONValueEncoder)

    func finish() -> JSONValue {
        switch self {
        case .object(let object): object.finish()
        case .array(let array): array.finish()
        case .encoder(let encoder): encoder.storage.finish()
        }
    }
}

/// An object under construction.
///
/// Finished members are kept apart from deferred ones so that the usual case, an object
/// with no nested containers, finishes by handing over its dictionary without a copy.
final class EncodedObject {
    var members: [String: JSONValue] = [:]
    var deferred: [String: DeferredValue] = [:]

    func set(_ value: JSONValue, for name: String) {
        members[name] = value
        // The later write wins, whichever kind it is.
        if !deferred.isEmpty { deferred[name] = nil }
    }

    func setDeferred(_ value: DeferredValue, for name: String) {
        members[name] = nil
        deferred[name] = value
    }

    func finish() -> JSONValue {
        guard !deferred.isEmpty else { return .object(members) }
        var result = members
        for (name, value) in deferred { result[name] = value.finish() }
        return .object(result)
    }
}

/// An array under construction; deferred elements hold a `null` placeholder until finished.
final class EncodedArray {
    var elements: [JSONValue] = []
    var deferred: [(index: Int, value: DeferredValue)] = []

    func append(deferred value: DeferredValue) {
        deferred.append((elements.count, value))
        elements.append(.null)
    }

    func finish() -> JSONValue {
        guard !deferred.isEmpty else { return .array(elements) }
        var result = elements
        for (index, value) in deferred { result[index] = value.finish() }
        return .array(result)
    }
}

/// The `Encoder` behind ``DocumentEncoder``.
///
/// As with ``JSONValueDecoder``, one instance serves the whole value: encoding a nested
/// value swaps `storage` and `path` in and out rather than allocating an encoder per
/// value; `superEncoder()` hands out a fresh instance because it may outlive the call.
final class JSONValueEncoder: Encoder, SingleValueEncodingContainer {
    /// What the value being encoded now has written.
    fileprivate(set) var storage: EncodedStorage = .empty
    /// Where that value sits in the document.
    private(set) var path: DocumentCodingPath

    init(path: DocumentCodingPath) {
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asking twice must give the same object, so that both containers' writes land.
        let object: EncodedObject
        if case .object(let existing) = storage {
            object = existing
        } else {
            object = EncodedObject()
            storage = .object(object)
        }
        return KeyedEncodingContainer(DocumentKeyedEncodingContainer<Key>(encoder: self, object: object, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing) = storage {
            array = existing
        } else {
            array = EncodedArray()
            storage = .array(array)
        }
        return DocumentUnkeyedEncodingContainer(encoder: self, array: array, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    // MARK: Nested values

    /// Encodes `value`, which sits at `path`, to a finished JSON value.
    ///
    /// Foundation types with a document representation of their own are handled before
    /// calling `encode(to:)`; `path` is an autoclosure so they never allocate a path node.
    func box<T: Encodable>(_ value: T, at path: @autoclosure () -> DocumentCodingPath) throws -> JSONValue {
        if T.self == JSONValue.self {
            return value as! JSONValue
        } else if T.self == Date.self {
            return try Self.boxDate(value as! Date, at: path().keys)
        } else if T.self == UUID.self {
            return .string(Self.formatUUID(value as! UUID))
        } else if T.self == URL.self {
            return .string((value as! URL).absoluteString)
        } else if T.self == Data.self {
            return .string((value as! Data).base64EncodedString())
        } else if T.self == Decimal.self {
            return try Self.boxDecimal(value as! Decimal, at: path().keys)
        }
        let nestedPath = path()
        let savedStorage = storage
        let savedPath = self.path
        storage = .empty
        self.path = nestedPath
        defer {
            storage = savedStorage
            self.path = savedPath
        }
        do {
            try value.encode(to: self)
        } catch {
            throw DocumentCodingFailure.locate(error, at: nestedPath, decoding: false)
        }
        return storage.finish()
    }

    /// The same text as `uuidString` (upper-case `8-4-4-4-12`), built by hand because
    /// Foundation formats it with `snprintf` on Linux, a noticeable share of encoding time.
    static func formatUUID(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                let digits: StaticString = "0123456789ABCDEF"
                var written = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    buffer[written] = digits.utf8Start[Int(byte >> 4)]
                    buffer[written + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    written += 2
                }
                return written
            }
        }
    }

    static func boxDouble(_ value: Double, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        if let number = JSONNumber(value) { return .number(number) }
        throw nonFinite(value, at: path())
    }

    static func boxFloat(_ value: Float, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else { throw nonFinite(Double(value), at: path()) }
        // Widening 0.1 as Float gives 0.10000000149011612; going through the Float's own
        // shortest text keeps the number a person wrote, and it still reads back exactly.
        guard let number = JSONNumber(Double(value.description) ?? Double(value)) else {
            throw nonFinite(Double(value), at: path())
        }
        return .number(number)
    }

    static func boxDate(_ value: Date, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard let text = Timestamp.stored(value) else {
            // The seconds, not the Date: Foundation's Date.description traps on NaN, and an
            // error is printed.
            throw EncodingError.invalidValue(value.timeIntervalSince1970, .init(
                codingPath: path(), debugDescription: "the date \(Timestamp.format(value)) cannot be stored: "
                    + "a store holds instants from 0001-01-01T00:00:00Z through 9999-12-31T23:59:59Z"))
        }
        return .string(text)
    }

    static func boxDecimal(_ value: Decimal, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard !value.isNaN, let number = JSONNumber(value.description) else {
            throw EncodingError.invalidValue(value, .init(
                codingPath: path(), debugDescription: "Decimal \(value) cannot be stored: it is not a number"))
        }
        return .number(number)
    }

    private static func nonFinite(_ value: Double, at path: [any CodingKey]) -> EncodingError {
        let name = value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity"
        return EncodingError.invalidValue(value, .init(
            codingPath: path, debugDescription: "\(name) cannot be stored: JSON numbers must be finite"))
    }

    // MARK: SingleValueEncodingContainer

    func encodeNil() { storage = .value(.null) }
    func encode(_ value: Bool) { storage = .value(.bool(value)) }
    func encode(_ value: String) { storage = .value(.string(value)) }
    func encode(_ value: Double) throws { storage = .value(try Self.boxDouble(value, at: path.keys)) }
    func encode(_ value: Float) throws { storage = .value(try Self.boxFloat(value, at: path.keys)) }
    func encode(_ value: Int) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: Int8) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: Int16) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: Int32) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: Int64) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: UInt) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: UInt8) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: UInt16) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: UInt32) { storage = .value(.number(JSONNumber(value))) }
    func encode(_ value: UInt64) { storage = .value(.number(JSONNumber(value))) }
    func encode<T: Encodable>(_ value: T) throws { storage = .value(try box(value, at: path)) }
}
