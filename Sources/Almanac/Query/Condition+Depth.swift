extension Condition {
    /// The deepest nesting of `all`, `any`, `not` (and parentheses in the text form) a store
    /// accepts. Deeper conditions are refused with `invalid-query` before any walk over them,
    /// so that no condition, however it was built, can exhaust the stack.
    public static let maximumDepth = 200

    /// How deeply the combinations nest (a test alone is 0), found without recursion.
    var depth: Int {
        var deepest = 0
        var pending: [(Condition, Int)] = [(self, 0)]
        while let (condition, level) = pending.popLast() {
            deepest = max(deepest, level)
            // Past the limit the exact depth does not matter, and a huge condition stays cheap.
            if deepest > Self.maximumDepth { break }
            switch condition {
            case .all(let inner), .any(let inner): pending += inner.map { ($0, level + 1) }
            case .not(let inner): pending.append((inner, level + 1))
            default: break
            }
        }
        return deepest
    }

    /// Throws `invalid-query` when the condition nests deeper than ``maximumDepth``.
    func checkDepth() throws {
        guard depth <= Self.maximumDepth else {
            throw AlmanacError(.invalidQuery, "a condition nests all, any and not more than \(Self.maximumDepth) deep; write it flatter (for example, not(not(x)) is x)")
        }
    }
}
