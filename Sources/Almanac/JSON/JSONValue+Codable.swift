/// `JSONValue` is Codable so that result types and internal records can hold raw JSON (a
/// document, the unknown members of `store.json`) and still be encoded as one value.
///
/// The store's own ``DocumentEncoder``/``DocumentDecoder`` pass a `JSONValue` through
/// unchanged, number text included. Other coders (`JSONEncoder`) see numbers as `Int64`
/// when they are integral and `Double` otherwise.
extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the decoder holds something that is not JSON.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: DocumentNamedKey.self) {
            var members: [String: JSONValue] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(JSONNumber(integer))
        } else if let double = try? single.decode(Double.self), let number = JSONNumber(double) {
            self = .number(number)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as the JSON it is.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let integer = Int64(number.text) { try single.encode(integer) } else { try single.encode(number.doubleValue) }
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: DocumentNamedKey.self)
            for (key, value) in members { try keyed.encode(value, forKey: DocumentNamedKey(key)) }
        }
    }
}
