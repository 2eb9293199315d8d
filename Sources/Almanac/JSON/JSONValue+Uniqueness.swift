extension JSONValue {
    /// A text equal for values that ``hasSameValue(as:)`` calls equal (numbers by value).
    var uniquenessKey: String {
        switch self {
        case .number(let number): "n:" + String(Double(number.text) ?? .nan)
        case .string(let text): "s:" + text
        default: "j:" + String(decoding: CanonicalJSON.compactBytes(self), as: UTF8.self)
        }
    }
}
