import Foundation

/// Reads the text form of a ``Condition``, as `almanac ls --where` takes it:
///
/// ```text
/// status=done                     intensity>=7          triggers contains Anxious
/// status!=done                    amount<2.5            notes exists     notes missing
/// method in [Vape, Joints]        not isActive=true     (a=1 or b=2) and c<3
/// ```
///
/// Operators are `=` (or `==`), `!=`, `<`, `<=`, `>`, `>=`, `contains`, `in`, `exists` and
/// `missing`; `and` binds tighter than `or`, and `not` applies to what follows it. A value is
/// JSON (`7`, `true`, `null`, `"two words"`, `[1, 2]`) or a bare word, read as JSON when it
/// is a JSON scalar and as a string otherwise. A bare value may contain spaces
/// (`title=Deep breath`); it ends before ` and `, ` or ` or a closing parenthesis.
struct ConditionParser {
    /// The operators, longest first so that `<=` is not read as `<`.
    static let symbols = ["==", "!=", "<=", ">=", "=", "<", ">"]
    static let words = ["contains", "in", "exists", "missing"]
    static let operatorList = "=, !=, <, <=, >, >=, contains, in, exists, missing"

    private let text: [Character]
    private var position = 0
    /// The `not`s and parentheses around the current position.
    private var depth = 0
    /// Turns a bare word into a value for a field; the default reads JSON scalars.
    private let bareValue: (_ field: String, _ word: String) throws -> JSONValue

    init(_ text: String, bareValue: @escaping (_ field: String, _ word: String) throws -> JSONValue = { ConditionParser.literal($1) }) {
        self.text = Array(text)
        self.bareValue = bareValue
    }

    /// A bare word as JSON when it is a JSON scalar (`7`, `true`, `null`), else as a string.
    static func literal(_ word: String) -> JSONValue {
        if let parsed = try? JSONParser.parse(Array(word.utf8)), parsed.value.objectValue == nil, parsed.value.arrayValue == nil {
            return parsed.value
        }
        return .string(word)
    }

    /// Parses the whole text.
    ///
    /// - Throws: `.invalidQuery` naming what is wrong and where, with an example.
    mutating func parse() throws -> Condition {
        skipSpaces()
        guard position < text.count else { throw failure("is empty; write a condition such as status=done or intensity>=7") }
        let condition = try parseOr()
        skipSpaces()
        if position < text.count {
            throw failure("has \"\(String(text[position...].prefix(80)))\" left over; join conditions with and / or")
        }
        return condition
    }

    private mutating func parseOr() throws -> Condition {
        var terms = [try parseAnd()]
        while consumeKeyword("or") { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .any(terms)
    }

    private mutating func parseAnd() throws -> Condition {
        var factors = [try parseUnary()]
        while consumeKeyword("and") { factors.append(try parseUnary()) }
        return factors.count == 1 ? factors[0] : .all(factors)
    }

    private mutating func parseUnary() throws -> Condition {
        skipSpaces()
        let nests = peek() == "(" || keywordAhead(from: position, ["not"])
        if nests {
            depth += 1
            guard depth <= Condition.maximumDepth else {
                throw failure("nests not and parentheses more than \(Condition.maximumDepth) deep; write it flatter")
            }
        }
        defer { if nests { depth -= 1 } }
        if consumeKeyword("not") { return .not(try parseUnary()) }
        if peek() == "(" {
            position += 1
            let inner = try parseOr()
            skipSpaces()
            guard peek() == ")" else { throw failure("has a \"(\" without its \")\"") }
            position += 1
            return inner
        }
        return try parseTest()
    }

    private mutating func parseTest() throws -> Condition {
        skipSpaces()
        let start = position
        while let next = peek(), !next.isWhitespace, !"=!<>~()".contains(next) { position += 1 }
        let field = String(text[start..<position])
        guard !field.isEmpty else { throw failure("needs a field name at \(describePosition()) (e.g. status=done)") }
        guard FieldPath(field) != nil else {
            throw failure("names the field \"\(field)\", which has an empty part; write a member name or a dotted path like settings.mode")
        }
        skipSpaces()
        let op = try readOperator(after: field)
        switch op {
        case "exists": return .exists(field: field, true)
        case "missing": return .exists(field: field, false)
        case "in":
            skipSpaces()
            guard peek() == "[" else { throw failure("needs a list after \"\(field) in\", such as [Vape, Joints]") }
            return .isIn(field: field, values: try readList(for: field))
        default:
            let value = try readValue(for: field, after: op)
            switch op {
            case "=", "==": return .equals(field: field, value: value)
            case "!=": return .not(.equals(field: field, value: value))
            case "<": return .lessThan(field: field, value: value)
            case "<=": return .lessThanOrEqual(field: field, value: value)
            case ">": return .greaterThan(field: field, value: value)
            case ">=": return .greaterThanOrEqual(field: field, value: value)
            default: return .contains(field: field, value: value)
            }
        }
    }

    private mutating func readOperator(after field: String) throws -> String {
        let start = position
        if let next = peek(), "=!<>~".contains(next) {
            while let next = peek(), "=!<>~".contains(next) { position += 1 }
            let symbol = String(text[start..<position])
            guard Self.symbols.contains(symbol) else {
                throw failure("uses the unknown operator \"\(symbol)\" after \(field); the operators are \(Self.operatorList)")
            }
            return symbol
        }
        while let next = peek(), next.isLetter { position += 1 }
        let word = String(text[start..<position])
        guard !word.isEmpty else { throw failure("needs an operator after \(field) (one of \(Self.operatorList))") }
        guard Self.words.contains(word.lowercased()) else {
            throw failure("uses the unknown operator \"\(word)\" after \(field); the operators are \(Self.operatorList)")
        }
        return word.lowercased()
    }

    /// A JSON value, or a bare word running to ` and `, ` or `, `)` or the end.
    private mutating func readValue(for field: String, after op: String) throws -> JSONValue {
        skipSpaces()
        guard let first = peek() else { throw failure("needs a value after \"\(field)\(op)\"") }
        if first == "\"" || first == "[" || first == "{" {
            return try readJSON()
        }
        let start = position
        var end = position
        while position < text.count {
            if text[position] == ")" { break }
            if text[position].isWhitespace {
                // A run of spaces ends the value when `and` or `or` follows it; each run is
                // looked past once, so the scan stays linear however many spaces there are.
                var cursor = position
                while cursor < text.count, text[cursor].isWhitespace { cursor += 1 }
                if keywordAhead(from: cursor, ["and", "or"]) { break }
                position = cursor
                continue
            }
            position += 1
            end = position
        }
        position = end
        return try bareValue(field, String(text[start..<end]))
    }

    private mutating func readList(for field: String) throws -> [JSONValue] {
        position += 1  // [
        var values: [JSONValue] = []
        while true {
            skipSpaces()
            guard let next = peek() else { throw failure("has a \"[\" without its \"]\"") }
            if next == "]" { position += 1; break }
            if next == "\"" {
                values.append(try readJSON())
            } else {
                let start = position
                while let next = peek(), next != ",", next != "]" { position += 1 }
                let word = String(text[start..<position]).trimmingCharacters(in: .whitespaces)
                guard !word.isEmpty else { throw failure("has an empty value in the list after \(field) in") }
                values.append(try bareValue(field, word))
            }
            skipSpaces()
            if peek() == "," { position += 1 }
        }
        guard !values.isEmpty else { throw failure("lists no values after \(field) in, so it would match nothing") }
        return values
    }

    /// One JSON string, array or object starting here.
    private mutating func readJSON() throws -> JSONValue {
        let open = text[position], close: Character = open == "\"" ? "\"" : (open == "[" ? "]" : "}")
        var depth = 0, inString = false, escaped = false
        let start = position
        while position < text.count {
            let character = text[position]
            position += 1
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                if !inString && open == "\"" { break }
                continue
            }
            if character == "\"" { inString = true } else if character == open { depth += 1 } else if character == close {
                depth -= 1
                if depth == 0 { break }
            }
        }
        let json = String(text[start..<position])
        do {
            return try JSONParser.parse(Array(json.utf8)).value
        } catch let error as AlmanacError {
            throw failure("has a value that is not valid JSON (\(json)): \(error.message)")
        }
    }

    /// Whether one of `keywords` (any case) starts at `index` as a word of its own.
    private func keywordAhead(from index: Int, _ keywords: [String]) -> Bool {
        keywords.contains { keyword in
            let end = index + keyword.count
            return end <= text.count && String(text[index..<end]).lowercased() == keyword
                && (end == text.count || text[end].isWhitespace || text[end] == "(")
        }
    }

    private mutating func consumeKeyword(_ keyword: String) -> Bool {
        skipSpaces()
        let end = position + keyword.count
        guard end <= text.count, String(text[position..<end]).lowercased() == keyword,
              end == text.count || text[end].isWhitespace || text[end] == "("
        else { return false }
        position = end
        return true
    }

    private func peek() -> Character? { position < text.count ? text[position] : nil }

    private mutating func skipSpaces() {
        while let next = peek(), next.isWhitespace { position += 1 }
    }

    private func describePosition() -> String {
        position < text.count ? "\"\(String(text[position...].prefix(80)))\"" : "the end"
    }

    private func failure(_ message: String) -> AlmanacError {
        // A hostile condition can be long: quote its start, enough to find it.
        let quoted = text.count <= 200 ? String(text) : String(text[..<160]) + "… (\(text.count) characters)"
        return AlmanacError(.invalidQuery, "the condition \"\(quoted)\" \(message)")
    }
}

extension Condition {
    /// Parses the text form `almanac ls --where` takes: `status=done`, `intensity>=7`,
    /// `triggers contains Anxious`, `method in [Vape, Joints]`, combined with `and`, `or`,
    /// `not` and parentheses.
    ///
    /// A bare value is read as JSON when it is a JSON scalar (`7`, `true`); a store reading
    /// the condition for a collection reads it as the schema's type of the field instead.
    /// - Throws: `.invalidQuery` for an unknown operator, a missing value or field, or
    ///   unbalanced parentheses, quoting the text.
    public init(parsing text: String) throws {
        var parser = ConditionParser(text)
        self = try parser.parse()
    }
}
