import Foundation
import Testing

// Support for SchemaRuleTests: JSON documents written as Swift literals, and the edits
// that break one schema rule of a valid document.

/// A JSON value written as a Swift literal (`["id": "…", "amount": 0.5, "notes": nil]`).
///
/// Kept separate from the library's `JSONValue` on purpose: the tests describe documents
/// the way a user would type them, and send them to `almanac put` as text.
indirect enum RuleJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([RuleJSON])
    case object([String: RuleJSON])

    /// Compact JSON text with sorted keys.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): "\(value)"
        case .string(let value): Self.quoted(value)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.text }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The value at a JSON pointer (`/buildingBlocks/0/type`), or `nil`.
    subscript(pointer pointer: String) -> RuleJSON? {
        var node: RuleJSON? = self
        for token in Self.tokens(pointer) {
            switch node {
            case .object(let members)?: node = members[token]
            case .array(let items)?: node = Int(token).flatMap { items.indices.contains($0) ? items[$0] : nil }
            default: return nil
            }
        }
        return node
    }

    /// Sets (or with `nil` removes) the value at a JSON pointer. An array index equal to
    /// the array's length appends.
    mutating func set(_ pointer: String, _ value: RuleJSON?) {
        self = Self.setting(self, Self.tokens(pointer)[...], value)
    }

    private static func tokens(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    private static func setting(_ node: RuleJSON, _ tokens: ArraySlice<String>, _ value: RuleJSON?) -> RuleJSON {
        guard let first = tokens.first else { return value ?? .null }
        let rest = tokens.dropFirst()
        switch node {
        case .object(var members):
            members[first] = rest.isEmpty ? value : setting(members[first] ?? .object([:]), rest, value)
            return .object(members)
        case .array(var items):
            guard let index = Int(first), index >= 0, index <= items.count else {
                preconditionFailure("no item \(first) in an array of \(items.count)")
            }
            if !rest.isEmpty {
                items[index] = setting(items[index], rest, value)
            } else if let value {
                if index == items.count { items.append(value) } else { items[index] = value }
            } else {
                items.remove(at: index)
            }
            return .array(items)
        default:
            preconditionFailure("\(first): not inside an object or array")
        }
    }
}

extension RuleJSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(floatLiteral value: Double) { self = .double(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: RuleJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, RuleJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

/// An edit of a document.
enum RuleMutation: Sendable, CustomStringConvertible {
    /// Sets the value at a JSON pointer.
    case set(String, RuleJSON)
    /// Removes the member or item at a JSON pointer.
    case remove(String)
    /// Several edits in order.
    case all([RuleMutation])
    /// No edit: the document is saved again under another id (breaks a `unique` field).
    case unchanged

    func apply(to document: inout RuleJSON) {
        switch self {
        case .set(let pointer, let value): document.set(pointer, value)
        case .remove(let pointer): document.set(pointer, nil)
        case .all(let mutations): for mutation in mutations { mutation.apply(to: &document) }
        case .unchanged: break
        }
    }

    var description: String {
        switch self {
        case .set(let pointer, let value): "set \(pointer) = \(value.text)"
        case .remove(let pointer): "remove \(pointer)"
        case .all(let mutations): mutations.map(\.description).joined(separator: ", ")
        case .unchanged: "same values, another id"
        }
    }
}

/// One documented rule: a valid document of a collection, and an edit that breaks exactly
/// that rule, which `almanac put` must refuse with an error naming `field`.
struct SchemaRuleRow: Sendable, CustomTestStringConvertible {
    /// The seed rule, e.g. "MIGA timer 15–45 s".
    var name: String
    var app: String
    var collection: String
    var base: RuleJSON
    var mutation: RuleMutation
    /// JSON pointer of the field the error must name, e.g. `/pauseDuration`.
    var field: String
    /// Whether the broken document breaks exactly one schema keyword (the error then
    /// reports one place); `false` where the rule overlaps another one by nature.
    var single: Bool = true

    var testDescription: String { name }
}

/// A document that the rules must allow (the edge of a range, the exception of a
/// conditional), saved over a valid base.
struct SchemaAllowedRow: Sendable, CustomTestStringConvertible {
    var name: String
    var app: String
    var collection: String
    var document: RuleJSON

    var testDescription: String { name }
}
