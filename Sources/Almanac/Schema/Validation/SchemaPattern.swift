import Foundation

/// A compiled `pattern` or `patternProperties` regular expression.
///
/// JSON Schema patterns are ECMA-262 regular expressions searched anywhere in the string
/// (not anchored), over code points. Most run on ``SchemaRegex``, a small automaton that is
/// exact for the subset schemas use and far faster than ICU. The rest (look-around,
/// back-references, `\p{…}`) run on `NSRegularExpression`, after rewriting the constructs
/// whose meaning differs: ECMA-262 `\d` and `\w` are ASCII-only while ICU's match any
/// script's digits and letters, and ECMA-262 `$` matches only at the very end while ICU's
/// also matches before a final newline (which would accept `"abc\n"` for `^abc$`).
final class SchemaPattern: @unchecked Sendable {
    // @unchecked: NSRegularExpression is immutable after creation and documented as safe
    // to use from several threads at once; SchemaRegex is immutable.

    private enum Engine {
        case automaton(SchemaRegex)
        case icu(NSRegularExpression)
    }

    /// The pattern as written in the schema, for messages.
    let source: String
    private let engine: Engine

    /// Compiles `source`, or returns `nil` when it is not a valid regular expression.
    init?(_ source: String) {
        if let automaton = SchemaRegex(source) {
            engine = .automaton(automaton)
        } else if let expression = try? NSRegularExpression(pattern: SchemaPattern.translate(source)) {
            engine = .icu(expression)
        } else {
            return nil
        }
        self.source = source
    }

    /// Whether the pattern runs on the built-in automaton rather than ICU (for tests).
    var usesAutomaton: Bool {
        if case .automaton = engine { return true }
        return false
    }

    /// Whether the pattern matches somewhere in `string`.
    func matches(_ string: String) -> Bool {
        switch engine {
        case .automaton(let automaton):
            return automaton.matches(string)
        case .icu(let expression):
            let range = NSRange(location: 0, length: string.utf16.count)
            return expression.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
        }
    }

    /// Rewrites ECMA-262 syntax whose ICU meaning differs (see the type's documentation).
    static func translate(_ pattern: String) -> String {
        var output = ""
        var inClass = false
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                guard let escaped = characters.next() else {
                    output.append("\\")
                    continue
                }
                switch escaped {
                case "d": output += inClass ? "0-9" : "[0-9]"
                case "D": output += "[^0-9]"
                case "w": output += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": output += "[^a-zA-Z0-9_]"
                case "u":
                    // ECMA-262 `\u{1F600}` is ICU's `\x{1F600}`; `\u0041` means the same in both.
                    output += "\\"
                    if let next = characters.next() {
                        output.append(next == "{" ? "x" : "u")
                        output.append(next)
                    } else {
                        output.append("u")
                    }
                default:
                    output.append("\\")
                    output.append(escaped)
                }
            case "[" where !inClass:
                inClass = true
                output.append(character)
            case "]" where inClass:
                inClass = false
                output.append(character)
            case "$" where !inClass:
                output += "\\z"
            default:
                output.append(character)
            }
        }
        return output
    }
}
