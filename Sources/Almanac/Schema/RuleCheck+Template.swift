import Foundation

extension RuleCheck {
    /// The field names a template's `{name}` placeholders use, in order.
    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `template` with each `{name}` replaced by the text of `document`'s field `name` (a
    /// number as written), or `nil` when a placeholder's field is missing or not a scalar.
    static func filled(_ template: String, from document: [String: JSONValue]) -> String? {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            switch document[String(rest[rest.index(after: open)..<close])] {
            case .string(let text)?: result += text
            case .number(let number)?: result += JSONValue.number(number).shortDescription
            default: return nil
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Why `document`'s `field` is not the text `template` builds from its other fields, or
    /// `nil`; skipped when the field is missing or `null`, or the document does not match `condition`.
    static func templateViolation(_ document: [String: JSONValue], field: String, template: String, condition: Condition?) -> (pointer: String, reason: String)? {
        guard let value = document[field], value != .null, condition?.matches(.object(document)) ?? true,
              let expected = filled(template, from: document)
        else { return nil }
        guard value != .string(expected) else { return nil }
        let which = condition.map { " for a document matching \($0)" } ?? ""
        // The whole text: a shortened path would hide the one wrong character.
        let shown = value.stringValue.map { "\"\($0)\"" } ?? value.shortDescription
        return ("/" + field, "\(field) is \(shown), but\(which) it must be \"\(expected)\" (\(template))")
    }
}
