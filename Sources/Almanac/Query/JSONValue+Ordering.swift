extension JSONValue {
    /// The order a query sorts values in: a missing field, then `null`, `false`, `true`,
    /// numbers (by value), strings (by code points, so ISO dates and UTC timestamps sort
    /// chronologically), arrays, objects; like SQLite, which puts `NULL` first ascending.
    static func sortsBefore(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
        let (left, right) = (rank(lhs), rank(rhs))
        guard left == right else { return left < right }
        switch (lhs, rhs) {
        case (.bool(let a)?, .bool(let b)?): return !a && b
        case (.number, .number), (.string, .string): return Condition.order(lhs!, rhs!) ?? false
        case (.array?, .array?), (.object?, .object?):
            return lhs!.compactJSONBytes.lexicographicallyPrecedes(rhs!.compactJSONBytes)
        default: return false
        }
    }

    private static func rank(_ value: JSONValue?) -> Int {
        switch value {
        case nil: 0
        case .null?: 1
        case .bool?: 2
        case .number?: 3
        case .string?: 4
        case .array?: 5
        case .object?: 6
        }
    }
}
