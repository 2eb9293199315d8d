import Foundation

/// JSON Schema's notion of equal values, used by `enum`, `const` and `uniqueItems`.
///
/// It differs from `JSONValue`'s `==`: numbers are equal by value whatever their text
/// (`1`, `1.0` and `1e0`), compared exactly rather than through `Double`, so that two large
/// integers differing in the last digit stay different. Objects are equal when they have
/// the same members, whatever their order; `true` never equals `1`. Strings are equal when
/// they have the same code points: Swift's `==` would also equate canonically equivalent
/// strings (`"e\u{301}"` and `"é"`), which JSON Schema treats as different.
enum SchemaEquality {
    /// Whether `a` and `b` are the same JSON value.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null):
            return true
        case (.bool(let x), .bool(let y)):
            return x == y
        case (.string(let x), .string(let y)):
            return SchemaExactString.equal(x, y)
        case (.number(let x), .number(let y)):
            if x.text == y.text { return true }
            if let a = Int64(x.text), let b = Int64(y.text) { return a == b }
            return SchemaDecimal(x) == SchemaDecimal(y)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], equal(value, other) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// The indexes of the first two equal elements of `elements`, or `nil` when all differ.
    static func firstDuplicate(in elements: [JSONValue]) -> (first: Int, second: Int)? {
        if elements.count <= 16 {
            for second in elements.indices {
                for first in 0..<second where equal(elements[first], elements[second]) {
                    return (first, second)
                }
            }
            return nil
        }
        // Longer arrays: only elements with the same value-based hash can be equal.
        var seen: [Int: [Int]] = [:]
        var best: (first: Int, second: Int)?
        for (index, element) in elements.enumerated() {
            let key = hash(element)
            if let candidates = seen[key], let first = candidates.first(where: { equal(elements[$0], element) }) {
                if best == nil { best = (first, index) }
                break
            }
            seen[key, default: []].append(index)
        }
        return best
    }

    /// A hash consistent with ``equal(_:_:)``.
    private static func hash(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        feed(value, into: &hasher)
        return hasher.finalize()
    }

    private static func feed(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let bool):
            hasher.combine(1)
            hasher.combine(bool)
        case .number(let number):
            hasher.combine(2)
            hasher.combine(SchemaDecimal(number))
        case .string(let string):
            hasher.combine(3)
            hasher.combine(SchemaExactString(string))
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { feed(element, into: &hasher) }
        case .object(let members):
            hasher.combine(5)
            // Member order must not matter, so combine per-member hashes commutatively.
            var combined = 0
            for (key, member) in members {
                var memberHasher = Hasher()
                memberHasher.combine(key)
                feed(member, into: &memberHasher)
                combined ^= memberHasher.finalize()
            }
            hasher.combine(combined)
        }
    }
}

/// A string that hashes and compares by its code points, not by canonical equivalence.
struct SchemaExactString: Hashable, Sendable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: SchemaExactString, rhs: SchemaExactString) -> Bool {
        equal(lhs.string, rhs.string)
    }

    /// Whether `a` and `b` have the same code points. Swift's `==` rejects most unequal
    /// strings fastest, and is only true for equal or canonically equivalent strings.
    static func equal(_ a: String, _ b: String) -> Bool {
        guard a == b else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in b.withUTF8 { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) } }
    }

    func hash(into hasher: inout Hasher) {
        // Equal code points are canonically equivalent too, so String's hash is consistent.
        hasher.combine(string)
    }
}
