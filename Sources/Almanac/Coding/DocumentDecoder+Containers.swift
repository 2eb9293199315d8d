/// The keyed container of ``JSONValueDecoder``: one JSON object.
///
/// It keeps the object's members dictionary as parsed, so each lookup is one hash probe;
/// `decodeIfPresent` is implemented directly because the default version probes three
/// times (`contains`, `decodeNil`, `decode`) and optional members are common in documents.
struct DocumentKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Everything the container needs, behind one reference: `KeyedDecodingContainer`'s
    /// box copies the container for every call, and one retain is cheaper than three.
    let object: DecodingObject

    init(decoder: JSONValueDecoder, members: [String: JSONValue], path: DocumentCodingPath) {
        self.object = DecodingObject(decoder: decoder, members: members, path: path)
    }

    private var decoder: JSONValueDecoder { object.decoder }
    private var members: [String: JSONValue] { object.members }
    private var path: DocumentCodingPath { object.path }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        // A type that lists the keys (a dictionary, an enum with associated values) takes the
        // object whole: a save keeps nothing of it it did not encode.
        decoder.declared?.noteWhole(path)
        return members.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.declared?.note(path, key.stringValue)
        return members[key.stringValue] != nil
    }

    /// The member for `key`, or a "missing required field" error.
    private func member(_ key: Key) throws -> JSONValue {
        decoder.declared?.note(path, key.stringValue)
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: path.keys, debugDescription: "missing required field \"\(key.stringValue)\""))
        }
        return value
    }

    /// The member for `key` unless it is missing or `null`, which both mean `nil` for an optional.
    private func presentMember(_ key: Key) -> JSONValue? {
        decoder.declared?.note(path, key.stringValue)
        guard let value = members[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try member(key), path = self.path
        return try decoder.unboxBool(value, at: path.appending(key).keys)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try member(key), path = self.path
        return try decoder.unboxString(value, at: path.appending(key).keys)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try member(key), path = self.path
        return try decoder.unboxDouble(value, at: path.appending(key).keys)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let value = try member(key), path = self.path
        return try decoder.unboxFloat(value, at: path.appending(key).keys)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key), path = self.path
        return try decoder.unbox(value, as: type, at: path.appending(key))
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let value = try member(key), path = self.path
        return try decoder.unboxInteger(value, as: type, at: path.appending(key).keys)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unboxBool(value, at: path.appending(key).keys)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unboxString(value, at: path.appending(key).keys)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unboxDouble(value, at: path.appending(key).keys)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unboxFloat(value, at: path.appending(key).keys)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unbox(value, as: type, at: path.appending(key))
    }

    @inline(__always)
    private func optionalInteger<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = presentMember(key) else { return nil }
        let path = self.path
        return try decoder.unboxInteger(value, as: type, at: path.appending(key).keys)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try member(key)
        guard case .object(let members) = value else {
            throw JSONValueDecoder.mismatch(
                [String: JSONValue].self, expected: "an object", found: value, at: path.appending(key).keys)
        }
        return KeyedDecodingContainer(
            DocumentKeyedDecodingContainer<NestedKey>(decoder: decoder, members: members, path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = try member(key)
        guard case .array(let elements) = value else {
            throw JSONValueDecoder.mismatch([JSONValue].self, expected: "an array", found: value, at: path.appending(key).keys)
        }
        return DocumentUnkeyedDecodingContainer(decoder: decoder, elements: elements, path: path.appending(key))
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(named: DocumentNamedKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(named: key)
    }

    /// A separate decoder, because the caller may keep it beyond the current value.
    /// A missing member reads as `null`, as in Foundation, so a superclass with only
    /// optional properties still decodes.
    private func superDecoder(named key: any CodingKey) -> any Decoder {
        decoder.declared?.note(path, key.stringValue)
        let superDecoder = JSONValueDecoder(value: members[key.stringValue] ?? .null, path: path.appending(key))
        superDecoder.declared = decoder.declared
        return superDecoder
    }
}

/// The state of one ``DocumentKeyedDecodingContainer``.
final class DecodingObject {
    let decoder: JSONValueDecoder
    let members: [String: JSONValue]
    let path: DocumentCodingPath

    init(decoder: JSONValueDecoder, members: [String: JSONValue], path: DocumentCodingPath) {
        self.decoder = decoder
        self.members = members
        self.path = path
    }
}

/// The unkeyed container of ``JSONValueDecoder``: one JSON array.
///
/// `currentIndex` advances only when a decode succeeds, so a type may try one
/// representation and then another for the same element.
struct DocumentUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let elements: [JSONValue]
    let path: DocumentCodingPath
    private(set) var currentIndex = 0

    init(decoder: JSONValueDecoder, elements: [JSONValue], path: DocumentCodingPath) {
        self.decoder = decoder
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: DocumentCodingPath { path.appending(index: currentIndex) }

    /// The element at `currentIndex`, or an error saying the array is too short.
    private func current(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: currentPath.keys,
                debugDescription: "expected another element; the array has only \(elements.count)"))
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try current(Never.self) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let result = try decoder.unboxBool(current(type), at: currentPath.keys)
        currentIndex += 1
        return result
    }
    mutating func decode(_ type: String.Type) throws -> String {
        let result = try decoder.unboxString(current(type), at: currentPath.keys)
        currentIndex += 1
        return result
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let result = try decoder.unboxDouble(current(type), at: currentPath.keys)
        currentIndex += 1
        return result
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let result = try decoder.unboxFloat(current(type), at: currentPath.keys)
        currentIndex += 1
        return result
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try decoder.unbox(current(type), as: type, at: currentPath)
        currentIndex += 1
        return result
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let result = try decoder.unboxInteger(current(type), as: type, at: currentPath.keys)
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current(KeyedDecodingContainer<NestedKey>.self)
        guard case .object(let members) = value else {
            throw JSONValueDecoder.mismatch([String: JSONValue].self, expected: "an object", found: value, at: currentPath.keys)
        }
        let container = DocumentKeyedDecodingContainer<NestedKey>(decoder: decoder, members: members, path: currentPath)
        currentIndex += 1
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current((any UnkeyedDecodingContainer).self)
        guard case .array(let elements) = value else {
            throw JSONValueDecoder.mismatch([JSONValue].self, expected: "an array", found: value, at: currentPath.keys)
        }
        let container = DocumentUnkeyedDecodingContainer(decoder: decoder, elements: elements, path: currentPath)
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current((any Decoder).self)
        let superDecoder = JSONValueDecoder(value: value, path: currentPath)
        currentIndex += 1
        return superDecoder
    }
}
