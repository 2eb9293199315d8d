/// Reads an ECMA-262 regular expression (as JSON Schema's `pattern` uses it, over code
/// points) into a ``SchemaRegexNode`` tree.
///
/// The dialect is ECMA-262's with Unicode semantics: literals, `.`, classes (`[a-z]`, `[^…]`,
/// `\d`, `\w`, `\s` and their negations, `\p{…}`), groups (capturing, non-capturing and named),
/// alternation, `^`, `$`, `\b`, `\B`, look-ahead and look-behind, and every quantifier.
/// Back-references are refused with a ``Failure`` naming them: no engine decides them in
/// linear time, and Almanac's matching must not depend on a time limit. So is nesting
/// deeper than ``maximumDepth``, which would otherwise exhaust the stack.
struct SchemaRegexParser {
    /// Why a pattern cannot be used, said so that the schema's author knows what to change.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// The deepest nesting of groups and look-arounds a pattern may use.
    static let maximumDepth = 100

    var scalars: [Unicode.Scalar]
    var position = 0
    private var depth = 0

    /// Parses `pattern`, or throws a ``Failure`` saying what is wrong or unsupported.
    static func parse(_ pattern: String) throws(Failure) -> SchemaRegexNode {
        var parser = SchemaRegexParser(scalars: Array(pattern.unicodeScalars))
        let node = try parser.parseAlternation()
        guard parser.position == parser.scalars.count else {
            throw parser.failure("has a \")\" that closes no group")
        }
        return node
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// A failure at the current position (counted in code points from 1).
    func failure(_ what: String) -> Failure {
        Failure(message: "\(what) (at character \(min(position, scalars.count) + 1))")
    }

    private mutating func parseAlternation() throws(Failure) -> SchemaRegexNode {
        var branches: [SchemaRegexNode] = []
        while true {
            branches.append(try parseSequence())
            guard current == "|" else { break }
            position += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(Failure) -> SchemaRegexNode {
        var items: [SchemaRegexNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            // A bare assertion cannot be repeated, though a group holding one can: `(^)?`.
            let isAssertion = scalar == "^" || scalar == "$"
                || (scalar == "\\" && position + 1 < scalars.count && (scalars[position + 1] == "b" || scalars[position + 1] == "B"))
            let atom = try parseAtom()
            if isAssertion {
                if let next = current, "*+?".unicodeScalars.contains(next) || (next == "{" && peekBraces()) {
                    throw failure("has a quantifier with nothing to repeat")
                }
                items.append(atom)
            } else {
                items.append(try parseQuantifier(on: atom))
            }
        }
        return items.isEmpty ? .empty : (items.count == 1 ? items[0] : .sequence(items))
    }

    private mutating func parseAtom() throws(Failure) -> SchemaRegexNode {
        guard let scalar = current else { throw failure("ends too early") }
        position += 1
        switch scalar {
        case "^": return .startAnchor
        case "$": return .endAnchor
        case ".": return .set(SchemaScalarSet.lineTerminators.inverted)
        case "[": return .set(try parseClass())
        case "\\":
            switch current {
            case "b": position += 1; return .wordBoundary(negated: false)
            case "B": position += 1; return .wordBoundary(negated: true)
            default: return .set(try parseEscape(inClass: false))
            }
        case "(":
            return try parseGroup()
        case "*", "+", "?":
            position -= 1
            throw failure("has a quantifier with nothing to repeat")
        case ")":
            position -= 1
            throw failure("has a \")\" that closes no group")
        case "{":
            // Annex B: a brace that does not start a quantifier is a literal.
            position -= 1
            if peekBraces() { throw failure("has a quantifier with nothing to repeat") }
            position += 1
            return .set(SchemaScalarSet(scalar))
        default:
            return .set(SchemaScalarSet(scalar))
        }
    }

    /// The group whose `(` was just read.
    private mutating func parseGroup() throws(Failure) -> SchemaRegexNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw failure("nests groups more than \(Self.maximumDepth) deep")
        }
        var look: (ahead: Bool, negated: Bool)?
        if current == "?" {
            let rest = scalars[(position + 1)...].prefix(3).map(Character.init)
            switch rest.first {
            case ":": position += 2
            case "=": position += 2; look = (true, false)
            case "!": position += 2; look = (true, true)
            case "<" where rest.count > 1 && rest[1] == "=": position += 3; look = (false, false)
            case "<" where rest.count > 1 && rest[1] == "!": position += 3; look = (false, true)
            case "<":
                guard let close = scalars[position...].firstIndex(of: ">"), close > position + 2 else {
                    throw failure("has a named group without a name")
                }
                position = close + 1
            default:
                throw failure("has an unknown group kind \"(?\(rest.first.map(String.init) ?? "")\"")
            }
        }
        let inner = try parseAlternation()
        guard current == ")" else { throw failure("has a \"(\" that is never closed") }
        position += 1
        if let look { return .look(inner, ahead: look.ahead, negated: look.negated) }
        return inner
    }

    private mutating func parseQuantifier(on atom: SchemaRegexNode) throws(Failure) -> SchemaRegexNode {
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
        if let maximum = bounds.1, maximum < bounds.0 {
            throw failure("has a quantifier {\(bounds.0),\(maximum)} whose maximum is below its minimum")
        }
        // A lazy quantifier matches the same strings; only which match is found differs.
        if current == "?" { position += 1 }
        return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
    }

    /// Whether a `{n}`, `{n,}` or `{n,m}` quantifier starts at the current position.
    private mutating func peekBraces() -> Bool {
        let start = position
        defer { position = start }
        return parseBraces() != nil
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
        while let scalar = current, ("0"..."9").contains(scalar) {
            // Counts beyond a million cannot compile within the instruction limit anyway.
            value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), 1_000_000)
            position += 1
        }
        return value
    }

    private mutating func parseClass() throws(Failure) -> SchemaScalarSet {
        var negated = false
        if current == "^" {
            negated = true
            position += 1
        }
        var set = SchemaScalarSet()
        while let scalar = current, scalar != "]" {
            position += 1
            let low = scalar == "\\" ? try parseEscape(inClass: true) : SchemaScalarSet(scalar)
            if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let highScalar = current else { break }
                position += 1
                let high = highScalar == "\\" ? try parseEscape(inClass: true) : SchemaScalarSet(highScalar)
                guard let lower = low.singleScalar, let upper = high.singleScalar else {
                    throw failure("has a class range whose end is a class such as \\d")
                }
                guard lower <= upper else { throw failure("has a class range whose end comes before its start") }
                set.insert(lower...upper)
            } else {
                set.formUnion(low)
            }
        }
        guard current == "]" else { throw failure("has a \"[\" that is never closed") }
        position += 1
        return negated ? set.inverted : set
    }
}
