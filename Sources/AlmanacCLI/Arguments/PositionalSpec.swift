/// Declares one positional argument of a command, such as `COLLECTION` or `FILE...`.
///
/// A command's positionals must be ordered required, then optional, then at most one
/// variadic at the end: with that shape the parser can assign tokens left to right without
/// backtracking, and the usage line stays unambiguous. `CommandSpec` checks the order.
struct PositionalSpec: Sendable, Hashable {
    /// How many tokens the positional takes.
    enum Arity: Sendable, Hashable {
        /// Exactly one; absence is "missing argument NAME".
        case required
        /// Zero or one.
        case optional
        /// Everything that is left; `atLeastOne` makes zero tokens "missing argument NAME".
        case variadic(atLeastOne: Bool)
    }

    /// The key for `ParsedValues.positional(_:)`, lowercase: `"collection"`. Help shows it
    /// as `<collection>`, errors as `COLLECTION`.
    var name: String
    var arity: Arity
    /// One line for the ARGUMENTS section of the help.
    var help: String

    static func required(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, arity: .required, help: help)
    }

    static func optional(_ name: String, help: String) -> PositionalSpec {
        PositionalSpec(name: name, arity: .optional, help: help)
    }

    /// `FILE...`; `atLeastOne` defaults to true because a command that accepts "no files"
    /// usually means something different by it and should say so explicitly.
    static func variadic(_ name: String, atLeastOne: Bool = true, help: String) -> PositionalSpec {
        PositionalSpec(name: name, arity: .variadic(atLeastOne: atLeastOne), help: help)
    }

    /// `COLLECTION`, as error messages name it.
    var errorName: String { name.uppercased() }

    /// `<collection>`, as help names it.
    var helpName: String { "<\(name)>" }

    var isVariadic: Bool {
        if case .variadic = arity { return true }
        return false
    }
}
