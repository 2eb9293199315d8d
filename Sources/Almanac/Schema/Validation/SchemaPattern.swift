/// A compiled `pattern` or `patternProperties` regular expression.
///
/// JSON Schema patterns are ECMA-262 regular expressions searched anywhere in the string
/// (not anchored), over code points (``SchemaRegexParser`` gives the dialect). Every pattern
/// is decided in time linear in the string's length, by Almanac's own engine: a
/// deterministic automaton (``SchemaRegex``) where one is small and quick to build, else
/// the NFA (``SchemaRegexMachine``). No answer depends on a time limit, and a pattern that
/// cannot be decided so (a back-reference) is refused when the schema is read.
final class SchemaPattern: Sendable {
    private enum Engine {
        case automaton(SchemaRegex)
        case machine(SchemaRegexMachine)
    }

    /// Why a pattern was refused, said for the schema's author.
    struct Refusal: Error {
        let message: String
    }

    /// The pattern as written in the schema, for messages.
    let source: String
    private let engine: Engine

    /// Compiles `source`, or throws a ``Refusal`` saying why it cannot be used.
    init(_ source: String) throws(Refusal) {
        let tree: SchemaRegexNode
        do {
            tree = try SchemaRegexParser.parse(source)
        } catch {
            throw Refusal(message: error.message)
        }
        if let automaton = SchemaRegex(tree) {
            engine = .automaton(automaton)
        } else {
            do {
                engine = .machine(SchemaRegexMachine(try SchemaRegexProgram(tree)))
            } catch {
                throw Refusal(message: error.message)
            }
        }
        self.source = source
    }

    /// Whether the pattern runs on the deterministic automaton (for tests).
    var usesAutomaton: Bool {
        if case .automaton = engine { return true }
        return false
    }

    /// Whether the pattern matches somewhere in `string`.
    func matches(_ string: String) -> Bool {
        switch engine {
        case .automaton(let automaton): automaton.matches(string)
        case .machine(let machine): machine.matches(string)
        }
    }
}
