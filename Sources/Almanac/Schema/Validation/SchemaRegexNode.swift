/// A parsed `pattern`: what ``SchemaRegexParser`` reads and ``SchemaRegexProgram`` compiles.
///
/// Sets are resolved to code point ranges, so matching never needs to know which escape or
/// class produced them.
indirect enum SchemaRegexNode: Sendable {
    case empty
    case set(SchemaScalarSet)
    case startAnchor
    case endAnchor
    /// `\b` (or `\B` when negated): ECMA-262's ASCII word boundary.
    case wordBoundary(negated: Bool)
    /// `(?=…)`, `(?!…)`, `(?<=…)` or `(?<!…)`: whether `body` matches just after (ahead) or
    /// just before the position, without consuming anything.
    case look(SchemaRegexNode, ahead: Bool, negated: Bool)
    case sequence([SchemaRegexNode])
    case alternation([SchemaRegexNode])
    /// `node` at least `minimum` and at most `maximum` (nil: unbounded) times.
    case repetition(SchemaRegexNode, minimum: Int, maximum: Int?)

    /// The expression matching the reversed strings: used to search patterns anchored only
    /// at the end (`\\.m4a$`) from the end of the string, and to decide look-aheads in one
    /// backward pass. A look-around keeps its direction: it is decided on the string itself.
    var reversed: SchemaRegexNode {
        switch self {
        case .empty, .set, .wordBoundary, .look: self
        case .startAnchor: .endAnchor
        case .endAnchor: .startAnchor
        case .sequence(let items): .sequence(items.reversed().map(\.reversed))
        case .alternation(let branches): .alternation(branches.map(\.reversed))
        case .repetition(let body, let minimum, let maximum): .repetition(body.reversed, minimum: minimum, maximum: maximum)
        }
    }

    /// Whether every match must end at the end of the string but may start anywhere.
    var isAnchoredAtEndOnly: Bool {
        guard case .sequence(let items) = self, case .endAnchor? = items.last else { return false }
        if case .startAnchor? = items.first { return false }
        return true
    }

    /// Whether the node matches only the empty string and asserts nothing, so repeating it
    /// changes nothing (`(){1000000}` is `()`).
    var isEmpty: Bool {
        switch self {
        case .empty: true
        case .set, .startAnchor, .endAnchor, .wordBoundary, .look: false
        case .sequence(let items): items.allSatisfy(\.isEmpty)
        case .alternation(let branches): branches.allSatisfy(\.isEmpty)
        case .repetition(let body, _, let maximum): maximum == 0 || body.isEmpty
        }
    }

    /// Whether the node needs more than a finite automaton over code points: a look-around
    /// or a word boundary, which look at the neighbouring code points.
    var looksAround: Bool {
        switch self {
        case .empty, .set, .startAnchor, .endAnchor: false
        case .wordBoundary, .look: true
        case .sequence(let items): items.contains { $0.looksAround }
        case .alternation(let branches): branches.contains { $0.looksAround }
        case .repetition(let body, _, _): body.looksAround
        }
    }
}
