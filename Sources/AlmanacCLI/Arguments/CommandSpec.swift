/// Declares one command of the tree: its name, its help text, and what it accepts.
///
/// A command is either a *group* (it has subcommands and nothing of its own to run, like
/// `almanac migrate`) or a *leaf* (it has positionals and runs, like `almanac migrate up`).
/// Options shared by every command are not repeated here; they are the parser's
/// `globalOptions`.
///
///     CommandSpec(
///         name: "put", abstract: "Store a document in a collection.",
///         options: [.flag("dry-run", help: "Validate without writing.")],
///         positionals: [
///             .required("collection", help: "The collection to write to."),
///             .optional("file", help: "The JSON document; '-' or absent reads stdin."),
///         ])
struct CommandSpec: Sendable, Hashable {
    var name: String
    /// One line: the OVERVIEW in its own help, and its row in its parent's SUBCOMMANDS.
    var abstract: String
    /// Optional paragraphs printed after the overview.
    var discussion: String?
    /// Options only this command accepts (globals are added by the parser).
    var options: [OptionSpec]
    var positionals: [PositionalSpec]
    var subcommands: [CommandSpec]
    /// Global options this command has no use for (`schema new` opens no store, so takes no
    /// `--store`): left out of its help, and refused as unknown when typed.
    var ignoredGlobals: Set<String>

    init(
        name: String, abstract: String, discussion: String? = nil,
        options: [OptionSpec] = [], positionals: [PositionalSpec] = [],
        subcommands: [CommandSpec] = [], ignoredGlobals: Set<String> = []
    ) {
        // Declarations are code, so a malformed one is a programmer error: fail at once on
        // the first run instead of parsing some inputs ambiguously.
        precondition(
            subcommands.isEmpty || positionals.isEmpty,
            "command '\(name)' cannot have both subcommands and positionals")
        precondition(
            Self.isWellOrdered(positionals),
            "command '\(name)': positionals must be required, then optional, then one variadic")
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.subcommands = subcommands
        self.ignoredGlobals = ignoredGlobals
    }

    /// The global options that apply to this command.
    func globals(_ all: [OptionSpec]) -> [OptionSpec] {
        all.filter { !ignoredGlobals.contains($0.name) }
    }

    /// True for commands such as `migrate` that only dispatch to subcommands.
    var isGroup: Bool { !subcommands.isEmpty }

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The command reached by following `path` from this one (`["migrate", "up"]`), or nil
    /// when some element of the path does not exist.
    func command(at path: [String]) -> CommandSpec? {
        var command = self
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }

    /// Ranks positionals so that a later one never has a lower rank than an earlier one.
    private static func isWellOrdered(_ positionals: [PositionalSpec]) -> Bool {
        let ranks = positionals.map { positional -> Int in
            switch positional.arity {
            case .required: 0
            case .optional: 1
            case .variadic: 2
            }
        }
        let variadicCount = positionals.filter(\.isVariadic).count
        return ranks == ranks.sorted() && variadicCount <= 1
    }
}
