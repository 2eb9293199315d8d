extension JSONValue {
    /// The reference tokens of a JSON pointer (`/a~1b/0` → `["a/b", "0"]`).
    static func pointerTokens(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The value with the member or item at `tokens` replaced by `replacement`; unchanged when
    /// there is nothing there.
    func replacing(at tokens: ArraySlice<String>, with replacement: JSONValue) -> JSONValue {
        guard let token = tokens.first else { return replacement }
        switch self {
        case .object(var members):
            guard let member = members[token] else { return self }
            members[token] = member.replacing(at: tokens.dropFirst(), with: replacement)
            return .object(members)
        case .array(var items):
            guard let index = Int(token), items.indices.contains(index) else { return self }
            items[index] = items[index].replacing(at: tokens.dropFirst(), with: replacement)
            return .array(items)
        default:
            return self
        }
    }
}

extension JSONValue {
    /// The value at the JSON pointer `pointer` (`""` is the whole value), or `nil` when there is none.
    func value(atPointer pointer: String) -> JSONValue? {
        var current: JSONValue? = self
        for token in JSONValue.pointerTokens(pointer) {
            switch current {
            case .object(let members)?: current = members[token]
            case .array(let items)?: current = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return current
    }
}
