/// `JSONValue` is Codable so that result types and internal records can hold raw JSON (a
/// document, the unknown members of `store.json`) and still be encoded as one value.
///
/// The store's own ``DocumentEncoder``/``DocumentDecoder`` pass a `JSONValue` through
/// unchanged, number text included, and never call these. Other coders (`JSONEncoder`,
/// `JSONDecoder`) write a number as `Int64` when its text is an integer and as `Double`
/// otherwise, and read it as `Double` (exact for integers up to 2^53).
extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// Each representation is tried in turn; only "not this type" answers move on to the
    /// next one, so any other failure of the decoder surfaces with its coding path.
    ///
    /// - Throws: the decoder's error, or `DecodingError.typeMismatch` when the value is no JSON type.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try Self.attempt({ try single.decode(Bool.self) }) {
            self = .bool(bool)
        } else if let double = try Self.attempt({ try single.decode(Double.self) }) {
            guard let number = JSONNumber(double) else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "\(double) is not a finite JSON number")
            }
            self = .number(number)
        } else if let string = try Self.attempt({ try single.decode(String.self) }) {
            self = .string(string)
        } else if let elements = try Self.attempt({ try single.decode([JSONValue].self) }) {
            self = .array(elements)
        } else if let members = try Self.attempt({ try single.decode([String: JSONValue].self) }) {
            self = .object(members)
        } else {
            throw DecodingError.typeMismatch(
                JSONValue.self, .init(codingPath: decoder.codingPath, debugDescription: "the value is no JSON type"))
        }
    }

    /// The decoded value, or nil when the decoder says the value has another type.
    private static func attempt<T>(_ decode: () throws -> T) throws -> T? {
        do {
            return try decode()
        } catch DecodingError.typeMismatch {
            return nil
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
