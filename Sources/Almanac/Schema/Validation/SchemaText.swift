/// Renders values, types and lists for violation messages.
///
/// Messages quote the offending value so that a person can find it, but a long string or a
/// big object would bury the rule, so renderings are cut to a readable length.
enum SchemaText {
    /// Longest rendering of a value, in characters, before it is cut with "…".
    static let maximumLength = 60

    /// The value as compact JSON, shortened: `"snoozed2"`, `5`, `[1,2]`, `{"a":1}`.
    static func value(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return shortened(number.text)
        case .string(let string): return quoted(string)
        case .array, .object:
            return shortened(String(decoding: value.compactJSONBytes, as: UTF8.self))
        }
    }

    /// The value as the subject of a sentence: scalars as JSON, containers by kind, because
    /// quoting a whole object in front of the rule makes the message unreadable.
    static func subject(_ value: JSONValue) -> String {
        switch value {
        case .object: "the object"
        case .array: "the array"
        default: self.value(value)
        }
    }

    /// What was found, for type errors: `number 5`, `string "abc"`, `object`, `null`.
    static func found(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        default: "\(value.typeName) \(self.value(value))"
        }
    }

    /// A type name with its article: `a string`, `an integer`, `null`.
    static func typeNoun(_ name: String) -> String {
        switch name {
        case "null": "null"
        case "integer", "object", "array": "an \(name)"
        default: "a \(name)"
        }
    }

    /// A string as a JSON string literal, shortened.
    static func quoted(_ string: String) -> String {
        var scalars = string.unicodeScalars[...]
        var suffix = ""
        if scalars.count > maximumLength {
            scalars = scalars.prefix(maximumLength - 1)
            suffix = "…"
        }
        var result = "\""
        for scalar in scalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + suffix + "\""
    }

    /// Joins renderings with commas: `"done", "snoozed", "skipped"`, cut after `limit` items.
    static func list(_ items: [String], limit: Int = 12) -> String {
        guard items.count > limit else { return items.joined(separator: ", ") }
        return items.prefix(limit).joined(separator: ", ") + ", … (\(items.count) in all)"
    }

    /// Joins with "or": `a string or null`, `"YES" or "NO"`, `1, 2 or 3`.
    static func alternatives(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// `1 item`, `3 items`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Escapes a member name or index as a JSON pointer token (RFC 6901).
    static func pointerToken(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func shortened(_ text: String) -> String {
        guard text.count > maximumLength else { return text }
        return String(text.prefix(maximumLength - 1)) + "…"
    }
}
