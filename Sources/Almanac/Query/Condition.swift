/// Which documents a query, a delete or a migration operation applies to.
///
/// The same conditions serve `Query`, `almanac ls/delete --where` (as text, see
/// ``init(parsing:)``) and a migration's `where` (as JSON, one of these forms):
///
/// ```json
/// {"field": "status", "equals": "MISSED"}          the value equals (numbers by value: 1.0 = 1)
/// {"field": "eventType", "in": ["a", "b"]}         the value equals one of the list
/// {"field": "notes", "exists": true}               the field is present (false: absent)
/// {"field": "amount", "lessThan": 5}               also lessThanOrEqual, greaterThan,
/// {"field": "date", "greaterThan": "2025-01-01"}   greaterThanOrEqual; numbers by value, timestamps
///                                                  by instant, other strings by code points (so
///                                                  ISO dates compare chronologically)
/// {"field": "triggers", "contains": "Anxious"}     an array field has the element; a string
///                                                  field has the text
/// {"all": [ … ]}   {"any": [ … ]}   {"not": { … }} combinations
/// ```
///
/// `field` is a member name or a dotted path into nested objects (`settings.theme`). A
/// missing field matches nothing but `"exists": false`; in particular it does not equal
/// `null` (an explicit `null` does). Comparisons compare a number only with a number and a
/// string only with a string; any other pairing does not match. A store checks a condition
/// against the collection's schema before it reads (an unknown field, or a value of the
/// wrong type, is an error), so a typo is never an empty result.
public indirect enum Condition: Sendable, Equatable, CustomStringConvertible {
    /// `{"field": F, "equals": V}`: the field is present and has the same JSON value as `V`.
    case equals(field: String, value: JSONValue)
    /// `{"field": F, "in": [V…]}`: the field is present and equals one of the values.
    case isIn(field: String, values: [JSONValue])
    /// `{"field": F, "exists": B}`: whether the field is present (with any value, `null` too).
    case exists(field: String, Bool)
    /// `{"field": F, "lessThan": V}`: `V` is a number or a string; the field is of the same type and below it.
    case lessThan(field: String, value: JSONValue)
    /// `{"field": F, "greaterThan": V}`: `V` is a number or a string; the field is of the same type and above it.
    case greaterThan(field: String, value: JSONValue)
    /// `{"field": F, "lessThanOrEqual": V}`: as `lessThan`, or equal.
    case lessThanOrEqual(field: String, value: JSONValue)
    /// `{"field": F, "greaterThanOrEqual": V}`: as `greaterThan`, or equal.
    case greaterThanOrEqual(field: String, value: JSONValue)
    /// `{"field": F, "contains": V}`: the field is an array with an element equal to `V`, or
    /// a string with `V` (a string) in it.
    case contains(field: String, value: JSONValue)
    /// `{"all": [C…]}`: every condition matches.
    case all([Condition])
    /// `{"any": [C…]}`: at least one condition matches.
    case any([Condition])
    /// `{"not": C}`: the condition does not match.
    case not(Condition)

    /// Whether `document` satisfies the condition.
    public func matches(_ document: JSONValue) -> Bool {
        switch self {
        case .equals(let field, let expected):
            return Self.lookup(field, in: document)?.hasSameValue(as: expected) ?? false
        case .isIn(let field, let candidates):
            guard let value = Self.lookup(field, in: document) else { return false }
            return candidates.contains { value.hasSameValue(as: $0) }
        case .exists(let field, let present):
            return (Self.lookup(field, in: document) != nil) == present
        case .lessThan(let field, let bound):
            guard let value = Self.lookup(field, in: document) else { return false }
            return Self.order(value, bound) == .some(true)
        case .greaterThan(let field, let bound):
            guard let value = Self.lookup(field, in: document) else { return false }
            return Self.order(bound, value) == .some(true)
        case .lessThanOrEqual(let field, let bound):
            guard let value = Self.lookup(field, in: document) else { return false }
            return Self.order(bound, value) == .some(false)
        case .greaterThanOrEqual(let field, let bound):
            guard let value = Self.lookup(field, in: document) else { return false }
            return Self.order(value, bound) == .some(false)
        case .contains(let field, let needle):
            switch Self.lookup(field, in: document) {
            case .array(let elements)?: return elements.contains { $0.hasSameValue(as: needle) }
            case .string(let text)?: return needle.stringValue.map { $0.isEmpty || text.contains($0) } ?? false
            default: return false
            }
        case .all(let conditions):
            return conditions.allSatisfy { $0.matches(document) }
        case .any(let conditions):
            return conditions.contains { $0.matches(document) }
        case .not(let condition):
            return !condition.matches(document)
        }
    }

    /// Parses a condition from its JSON form.
    ///
    /// - Throws: `.invalidQuery` with the JSON pointer (below the root of `json`) at fault.
    public init(json: JSONValue) throws {
        try self.init(parsing: json, at: "", reader: JSONFileReader(path: nil, bytes: nil, code: .invalidQuery))
    }

    /// The test keys of a simple condition, in the order messages list them.
    static let tests = ["equals", "in", "exists", "lessThan", "lessThanOrEqual", "greaterThan", "greaterThanOrEqual", "contains"]
    /// The keys of a combination.
    static let combinators = ["all", "any", "not"]

    /// Parses the condition at `pointer` of a migration file; `depth` counts the combinations around it.
    init(parsing json: JSONValue, at pointer: String, reader: JSONFileReader, depth: Int = 0) throws {
        guard depth < Self.maximumDepth else {
            throw reader.error(pointer, "nests all, any and not more than \(Self.maximumDepth) deep; write the condition flatter")
        }
        let example = "a condition such as {\"field\": \"status\", \"equals\": \"MISSED\"}"
        let members = try reader.object(json, at: pointer, what: example)
        guard !members.isEmpty else { throw reader.error(pointer, "is empty; write \(example), or combine some with all, any or not") }
        if let combinator = Self.combinators.first(where: { members[$0] != nil }) {
            if let other = members.keys.sorted().first(where: { $0 != combinator }) {
                throw reader.error(
                    JSONFileReader.pointer(pointer, other),
                    "cannot stand beside \"\(combinator)\"; put each test in its own condition inside \"\(combinator)\"")
            }
            let at = JSONFileReader.pointer(pointer, combinator)
            if combinator == "not" {
                self = .not(try Condition(parsing: members["not"]!, at: at, reader: reader, depth: depth + 1))
                return
            }
            let list = try reader.array(members[combinator], at: at, what: "a list of conditions")
            guard !list.isEmpty else {
                throw reader.error(at, "is empty; list at least one condition, or remove the \"where\"")
            }
            let conditions = try list.enumerated().map {
                try Condition(parsing: $1, at: JSONFileReader.pointer(at, $0), reader: reader, depth: depth + 1)
            }
            self = combinator == "all" ? .all(conditions) : .any(conditions)
            return
        }
        try reader.allowOnly(["field"] + Self.tests, in: members, at: pointer, what: "a condition (or use all, any, not)")
        let field = try reader.fieldPath(members["field"], at: JSONFileReader.pointer(pointer, "field"))
        let present = Self.tests.filter { members[$0] != nil }
        guard let test = present.first else {
            throw reader.error(pointer, "has no test; add one of \(Self.tests.joined(separator: ", ")) beside \"field\"")
        }
        if present.count > 1 {
            throw reader.error(
                JSONFileReader.pointer(pointer, present[1]),
                "a condition has one test, and this one already has \"\(test)\"; combine tests with {\"all\": [ … ]}")
        }
        let at = JSONFileReader.pointer(pointer, test)
        let value = members[test]!
        switch test {
        case "equals":
            self = .equals(field: field, value: value)
        case "in":
            let list = try reader.array(value, at: at, what: "a list of values")
            guard !list.isEmpty else { throw reader.error(at, "is empty, so it would match nothing; list at least one value") }
            self = .isIn(field: field, values: list)
        case "exists":
            guard case .bool(let flag) = value else {
                throw reader.error(at, "must be true or false, found \(JSONFileReader.describe(value))")
            }
            self = .exists(field: field, flag)
        case "contains":
            switch value {
            case .object, .array:
                throw reader.error(at, "must be one value to look for, found \(JSONFileReader.describe(value))")
            default:
                self = .contains(field: field, value: value)
            }
        default:
            switch value {
            case .number, .string: break
            default:
                throw reader.error(at, "must be a number or a string to compare with, found \(JSONFileReader.describe(value))")
            }
            switch test {
            case "lessThan": self = .lessThan(field: field, value: value)
            case "lessThanOrEqual": self = .lessThanOrEqual(field: field, value: value)
            case "greaterThan": self = .greaterThan(field: field, value: value)
            default: self = .greaterThanOrEqual(field: field, value: value)
            }
        }
    }

    /// The value at a field name or dotted path; the common undotted case avoids splitting.
    static func lookup(_ field: String, in document: JSONValue) -> JSONValue? {
        if !field.utf8.contains(UInt8(ascii: ".")) { return document[field] }
        return FieldPath(field)?.value(in: document)
    }

    /// Whether `lhs` < `rhs` when both are numbers (exactly, by decimal value, so that
    /// `0.1` vs `0.10000000000000001` or integers beyond 2^53 are right) or both strings
    /// (by Unicode code points, which UTF-8 byte order preserves; two RFC 3339 timestamps by
    /// the instants they name); `nil` for other pairs.
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            return SchemaDecimal(a) < SchemaDecimal(b)
        case (.string(let a), .string(let b)):
            // Timestamps are written with a fraction only when they have one, so by code
            // points "…00.500Z" would come before "…00Z": compare two timestamps as instants.
            if looksLikeTimestamp(a), looksLikeTimestamp(b), let x = Timestamp.parse(a), let y = Timestamp.parse(b) { return x < y }
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        default:
            return nil
        }
    }

    /// A cheap test before parsing, since sorts compare strings (ids, names) many times:
    /// `YYYY-MM-DDT…`, at least 20 bytes.
    private static func looksLikeTimestamp(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count >= 20 else { return false }
        let separator = bytes[bytes.index(bytes.startIndex, offsetBy: 10)]
        return bytes[bytes.index(bytes.startIndex, offsetBy: 4)] == UInt8(ascii: "-") && (separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t"))
    }

    /// The condition on one line for plans and messages: `status = "MISSED"`,
    /// `amount < 5`, `all(notes exists, not(source = "Elaro"))`.
    public var description: String {
        switch self {
        case .equals(let field, let value): "\(field) = \(FieldPath.render(value))"
        case .isIn(let field, let values): "\(field) in \(FieldPath.render(.array(values)))"
        case .exists(let field, let present): present ? "\(field) exists" : "\(field) is missing"
        case .lessThan(let field, let value): "\(field) < \(FieldPath.render(value))"
        case .greaterThan(let field, let value): "\(field) > \(FieldPath.render(value))"
        case .lessThanOrEqual(let field, let value): "\(field) <= \(FieldPath.render(value))"
        case .greaterThanOrEqual(let field, let value): "\(field) >= \(FieldPath.render(value))"
        case .contains(let field, let value): "\(field) contains \(FieldPath.render(value))"
        case .all(let conditions): "all(" + conditions.map(\.description).joined(separator: ", ") + ")"
        case .any(let conditions): "any(" + conditions.map(\.description).joined(separator: ", ") + ")"
        case .not(let condition): "not(\(condition))"
        }
    }
}
