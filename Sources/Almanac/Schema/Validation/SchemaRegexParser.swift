/// Parses the common subset of ECMA-262 regular expressions into a ``SchemaRegexParser/Node``
/// tree for ``SchemaRegex``.
///
/// The subset is what schemas actually use: literals, `.`, classes (`[a-z]`, `[^…]`, `\d`,
/// `\w`, `\s` and their negations), groups, alternation, `^`, `$` and every quantifier.
/// Constructs outside it (look-around, back-references, `\b`, `\p{…}`) make ``parse(_:)``
/// return `nil`, and the pattern then runs on `NSRegularExpression` instead.
struct SchemaRegexParser {
    /// A parsed expression. Sets are resolved to code point ranges, so matching never needs
    /// to know which escape or class produced them.
    indirect enum Node {
        case empty
        case set(SchemaScalarSet)
        case startAnchor
        case endAnchor
        case sequence([Node])
        case alternation([Node])
        /// `node` at least `minimum` and at most `maximum` (nil: unbounded) times.
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// The expression matching the reversed strings: used to search patterns anchored only
    /// at the end (`\\.m4a$`) from the end of the string.
    static func reversed(_ node: Node) -> Node {
        switch node {
        case .empty, .set: node
        case .startAnchor: .endAnchor
        case .endAnchor: .startAnchor
        case .sequence(let items): .sequence(items.reversed().map(reversed))
        case .alternation(let branches): .alternation(branches.map(reversed))
        case .repetition(let body, let minimum, let maximum): .repetition(reversed(body), minimum: minimum, maximum: maximum)
        }
    }

    /// Whether every match must end at the end of the string but may start anywhere.
    static func isAnchoredAtEndOnly(_ node: Node) -> Bool {
        guard case .sequence(let items) = node, case .endAnchor? = items.last else { return false }
        if case .startAnchor? = items.first { return false }
        return true
    }

    private var scalars: [Unicode.Scalar]
    private var position = 0

    /// Parses `pattern`, or returns `nil` when it uses a construct outside the subset or is
    /// not a valid expression.
    static func parse(_ pattern: String) -> Node? {
        var parser = SchemaRegexParser(scalars: Array(pattern.unicodeScalars))
        guard let node = parser.parseAlternation(), parser.position == parser.scalars.count else { return nil }
        return node
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func parseAlternation() -> Node? {
        var branches: [Node] = []
        while true {
            guard let branch = parseSequence() else { return nil }
            branches.append(branch)
            guard current == "|" else { break }
            position += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() -> Node? {
        var items: [Node] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            guard let atom = parseAtom() else { return nil }
            switch atom {
            case .startAnchor, .endAnchor:
                items.append(atom)
            default:
                guard let quantified = parseQuantifier(on: atom) else { return nil }
                items.append(quantified)
            }
        }
        return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .sequence(items))
    }

    private mutating func parseAtom() -> Node? {
        guard let scalar = current else { return nil }
        position += 1
        switch scalar {
        case "^": return .startAnchor
        case "$": return .endAnchor
        case ".": return .set(SchemaScalarSet.lineTerminators.inverted)
        case "[": return parseClass().map(Node.set)
        case "\\": return parseEscape(inClass: false).map(Node.set)
        case "(":
            if current == "?" {
                // Only non-capturing and named groups; look-around is outside the subset.
                if position + 1 < scalars.count, scalars[position + 1] == ":" {
                    position += 2
                } else if position + 2 < scalars.count, scalars[position + 1] == "<",
                          scalars[position + 2] != "=", scalars[position + 2] != "!" {
                    guard let close = scalars[position...].firstIndex(of: ">") else { return nil }
                    position = close + 1
                } else {
                    return nil
                }
            }
            guard let inner = parseAlternation(), current == ")" else { return nil }
            position += 1
            return inner
        case "*", "+", "?", ")":
            return nil
        case "{":
            // Annex B: a brace that does not start a quantifier is a literal.
            position -= 1
            if parseBraces() != nil { return nil }
            position += 1
            return .set(SchemaScalarSet(scalar))
        default:
            return .set(SchemaScalarSet(scalar))
        }
    }

    private mutating func parseQuantifier(on atom: Node) -> Node? {
        let bounds: (Int, Int?)
        switch current {
        case "*": bounds = (0, nil); position += 1
        case "+": bounds = (1, nil); position += 1
        case "?": bounds = (0, 1); position += 1
        case "{":
            guard let braces = parseBraces() else { return atom }
            bounds = braces
        default:
            return atom
        }
        if let maximum = bounds.1, maximum < bounds.0 { return nil }
        // A lazy quantifier matches the same strings; only which match is found differs.
        if current == "?" { position += 1 }
        return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position, consumed; `nil` (nothing consumed)
    /// when the brace does not start a quantifier.
    private mutating func parseBraces() -> (Int, Int?)? {
        let start = position
        guard current == "{" else { return nil }
        position += 1
        guard let minimum = parseNumber() else { position = start; return nil }
        var maximum: Int? = minimum
        if current == "," {
            position += 1
            maximum = current == "}" ? nil : parseNumber()
            if maximum == nil && current != "}" { position = start; return nil }
        }
        guard current == "}" else { position = start; return nil }
        position += 1
        return (minimum, maximum)
    }

    private mutating func parseNumber() -> Int? {
        var value: Int?
        while let scalar = current, let digit = Int(String(scalar)), ("0"..."9").contains(scalar) {
            value = min((value ?? 0) * 10 + digit, 1_000_000)
            position += 1
        }
        return value
    }

    private mutating func parseClass() -> SchemaScalarSet? {
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var set = SchemaScalarSet()
        while let scalar = current, scalar != "]" {
            position += 1
            guard let low = scalar == "\\" ? parseEscape(inClass: true) : SchemaScalarSet(scalar) else { return nil }
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let highScalar = current else { return nil }
                position += 1
                guard let high = highScalar == "\\" ? parseEscape(inClass: true) : SchemaScalarSet(highScalar),
                      let lower = low.singleScalar, let upper = high.singleScalar, lower <= upper
                else { return nil }
                set.insert(lower...upper)
            } else {
                set.formUnion(low)
            }
        }
        guard current == "]" else { return nil }
        position += 1
        return negated ? set.inverted : set
    }

    /// The set an escape after `\` stands for.
    private mutating func parseEscape(inClass: Bool) -> SchemaScalarSet? {
        guard let scalar = current else { return nil }
        position += 1
        switch scalar {
        case "d": return .digits
        case "D": return SchemaScalarSet.digits.inverted
        case "w": return .wordCharacters
        case "W": return SchemaScalarSet.wordCharacters.inverted
        case "s": return .whitespace
        case "S": return SchemaScalarSet.whitespace.inverted
        case "t": return SchemaScalarSet("\t")
        case "n": return SchemaScalarSet("\n")
        case "r": return SchemaScalarSet("\r")
        case "f": return SchemaScalarSet("\u{0C}")
        case "v": return SchemaScalarSet("\u{0B}")
        case "b" where inClass: return SchemaScalarSet("\u{08}")
        case "0" where !(current.map { ("0"..."9").contains($0) } ?? false): return SchemaScalarSet("\u{00}")
        case "x": return parseHex(digits: 2).flatMap(Unicode.Scalar.init).map(SchemaScalarSet.init)
        case "u": return parseUnicodeEscape().map(SchemaScalarSet.init)
        case "c":
            guard let letter = current, letter.properties.isAlphabetic, letter.isASCII,
                  let control = Unicode.Scalar(letter.value % 32) else { return nil }
            position += 1
            return SchemaScalarSet(control)
        case "b", "B", "p", "P", "k", "1"..."9":
            return nil  // word boundaries, properties, back-references: outside the subset
        default:
            // Identity escapes: \. \/ \- \\ \[ and the like.
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? nil : SchemaScalarSet(scalar)
        }
    }

    private mutating func parseHex(digits: Int) -> UInt32? {
        guard position + digits <= scalars.count else { return nil }
        let text = String(String.UnicodeScalarView(scalars[position..<(position + digits)]))
        guard let value = UInt32(text, radix: 16) else { return nil }
        position += digits
        return value
    }

    /// `\uXXXX` (joining a UTF-16 surrogate pair written as two escapes) or `\u{X…}`.
    private mutating func parseUnicodeEscape() -> Unicode.Scalar? {
        if current == "{" {
            guard let close = scalars[position...].firstIndex(of: "}") else { return nil }
            let text = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            position = close + 1
            return UInt32(text, radix: 16).flatMap(Unicode.Scalar.init)
        }
        guard let unit = parseHex(digits: 4) else { return nil }
        if (0xD800...0xDBFF).contains(unit), position + 1 < scalars.count,
           scalars[position] == "\\", scalars[position + 1] == "u" {
            let saved = position
            position += 2
            if let low = parseHex(digits: 4), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            position = saved
        }
        return Unicode.Scalar(unit)
    }
}
