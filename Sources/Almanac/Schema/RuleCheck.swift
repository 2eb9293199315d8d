import Foundation

/// What the store checks for a catalog rule: the rule's `"check"` in the catalog, a small
/// language for what JSON Schema cannot say.
///
/// ```json
/// {"compare": ["pauseDuration", "<=", "timerDuration"]}          two fields of one document
/// {"compare": ["timestamp", "<=", {"now": true}]}                 a field and the time of the save
/// {"atMost": 2, "where": {"field": "active", "equals": true}}     documents of the collection
/// {"unique": "sort_order", "per": ["date"]}                       distinct within a group
/// {"transitions": {"field": "status",
///                  "from": {"PENDING": ["YES", "NO", "MISSED"]}}} changes of a stored value
/// ```
///
/// A comparison is skipped when either side is missing or `null`; numbers compare by value,
/// dates and timestamps by the instant they name, other strings by code points. `where` is
/// the migration condition language (``Condition``). A transition is checked on
/// writes only: a new document may hold any value, a stored value changes only to one that
/// `from` lists for it, and a value `from` does not list never changes.
public enum RuleCheck: Sendable, Equatable {
    /// A comparison between a field and another field, or the time of the save.
    case compare(field: String, operator: ComparisonOperator, other: Operand)
    /// At most `limit` documents of the collection match the condition (all of them when `nil`).
    case atMost(Int, where: Condition?)
    /// No two documents with equal values of the `per` fields share a value of `field`.
    case unique(field: String, per: [String])
    /// The allowed changes of `field`'s stored value: value → the values it may become.
    case transitions(field: String, from: [String: [String]])

    /// The right side of a comparison.
    public enum Operand: Sendable, Equatable {
        /// Another field of the document.
        case field(String)
        /// The time of the save (or of the check).
        case now
    }

    /// A comparison operator.
    public enum ComparisonOperator: String, Sendable, CaseIterable {
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
        /// `==`
        case equal = "=="
        /// `!=`
        case notEqual = "!="

        func holds(_ order: ComparisonResult) -> Bool {
            switch self {
            case .less: order == .orderedAscending
            case .lessOrEqual: order != .orderedDescending
            case .greater: order == .orderedDescending
            case .greaterOrEqual: order != .orderedAscending
            case .equal: order == .orderedSame
            case .notEqual: order != .orderedSame
            }
        }
    }

    /// The fields the check reads.
    var fields: [String] {
        switch self {
        case .compare(let field, _, .field(let other)): [field, other]
        case .compare(let field, _, .now): [field]
        case .atMost: []
        case .unique(let field, let per): [field] + per
        case .transitions(let field, _): [field]
        }
    }
}

extension RuleCheck {
    /// How `lhs` orders against `rhs`, or `nil` when they cannot be compared (different types).
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            let (x, y) = (SchemaDecimal(a), SchemaDecimal(b))
            return x < y ? .orderedAscending : y < x ? .orderedDescending : .orderedSame
        case (.string(let a), .string(let b)):
            if let x = DocumentDate(lhs), let y = DocumentDate(rhs) {
                return x.sortKey < y.sortKey ? .orderedAscending : y.sortKey < x.sortKey ? .orderedDescending : .orderedSame
            }
            return a.utf8.lexicographicallyPrecedes(b.utf8) ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
        case (.bool(let a), .bool(let b)):
            return a == b ? .orderedSame : (a ? .orderedDescending : .orderedAscending)
        default:
            return nil
        }
    }

    /// Why `document` breaks a one-document check (a comparison), or `nil` when it does not.
    func violation(in document: [String: JSONValue], now: Date) -> (pointer: String, reason: String)? {
        guard case .compare(let field, let comparison, let operand) = self,
              let value = document[field], value != .null
        else { return nil }
        let other: JSONValue
        let otherName: String
        switch operand {
        case .field(let name):
            guard let found = document[name], found != .null else { return nil }
            (other, otherName) = (found, name)
        case .now:
            (other, otherName) = (.string(Timestamp.format(now)), "the time of the save (\(Timestamp.format(now)))")
        }
        guard let order = RuleCheck.order(value, other) else {
            return ("/" + field, "\(field) (\(value.typeName)) cannot be compared with \(otherName) (\(other.typeName))")
        }
        guard !comparison.holds(order) else { return nil }
        let shown = operand == .now ? otherName : "\(otherName) \(other.shortDescription)"
        return ("/" + field, "\(field) \(value.shortDescription) is not \(comparison.rawValue) \(shown)")
    }
}
