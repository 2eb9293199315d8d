/// The keyed container of ``JSONValueEncoder``: writes members of one JSON object.
///
/// Keys are written by `stringValue`, which is also how Swift's `Dictionary` spells `Int`
/// keys (`[1: "a"]` becomes `{"1": "a"}`); ``DocumentKeyedDecodingContainer`` reads them back
/// through `Key(stringValue:)`.
struct DocumentKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    let object: EncodedObject
    let path: DocumentCodingPath

    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil(forKey key: Key) { object.set(.null, for: key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { object.set(.bool(value), for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) { object.set(.string(value), for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.set(try JSONValueEncoder.boxDouble(value, at: path.appending(key).keys), for: key.stringValue)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.set(try JSONValueEncoder.boxFloat(value, at: path.appending(key).keys), for: key.stringValue)
    }
    mutating func encode(_ value: Int, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { integer(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(try encoder.box(value, at: path.appending(key)), for: key.stringValue)
    }

    private func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) {
        object.set(.number(JSONNumber(value)), for: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        object.setDeferred(.object(nested), for: key.stringValue)
        return KeyedEncodingContainer(
            DocumentKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        object.setDeferred(.array(nested), for: key.stringValue)
        return DocumentUnkeyedEncodingContainer(encoder: encoder, array: nested, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: DocumentNamedKey.superKey)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let superEncoder = JSONValueEncoder(path: path.appending(key))
        object.setDeferred(.encoder(superEncoder), for: key.stringValue)
        return superEncoder
    }
}

/// The unkeyed container of ``JSONValueEncoder``: appends elements to one JSON array.
struct DocumentUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    let array: EncodedArray
    let path: DocumentCodingPath

    var codingPath: [any CodingKey] { path.keys }
    var count: Int { array.elements.count }

    /// The path of the element about to be appended, for error messages.
    private var nextPath: DocumentCodingPath { path.appending(index: array.elements.count) }

    mutating func encodeNil() { array.elements.append(.null) }
    mutating func encode(_ value: Bool) { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        array.elements.append(try JSONValueEncoder.boxDouble(value, at: nextPath.keys))
    }
    mutating func encode(_ value: Float) throws {
        array.elements.append(try JSONValueEncoder.boxFloat(value, at: nextPath.keys))
    }
    mutating func encode(_ value: Int) { integer(value) }
    mutating func encode(_ value: Int8) { integer(value) }
    mutating func encode(_ value: Int16) { integer(value) }
    mutating func encode(_ value: Int32) { integer(value) }
    mutating func encode(_ value: Int64) { integer(value) }
    mutating func encode(_ value: UInt) { integer(value) }
    mutating func encode(_ value: UInt8) { integer(value) }
    mutating func encode(_ value: UInt16) { integer(value) }
    mutating func encode(_ value: UInt32) { integer(value) }
    mutating func encode(_ value: UInt64) { integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(try encoder.box(value, at: nextPath))
    }

    private func integer<T: FixedWidthInteger>(_ value: T) {
        array.elements.append(.number(JSONNumber(value)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        let nestedPath = nextPath
        array.append(deferred: .object(nested))
        return KeyedEncodingContainer(DocumentKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, path: nestedPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let nestedPath = nextPath
        array.append(deferred: .array(nested))
        return DocumentUnkeyedEncodingContainer(encoder: encoder, array: nested, path: nestedPath)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = JSONValueEncoder(path: nextPath)
        array.append(deferred: .encoder(superEncoder))
        return superEncoder
    }
}
