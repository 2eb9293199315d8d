/// What a command line asks for once it has been parsed.
enum ParseResult: Sendable, Hashable {
    /// Run a command with the values the user gave.
    case run(ParsedCommand)
    /// The user asked for help (`--help`, `-h`, or `almanac help [command...]`) on the
    /// command at `path`: print `parser.help(for: path)` to stdout and exit 0.
    case help(path: [String])
}

/// A command to run: where it sits in the tree and what the user gave it.
struct ParsedCommand: Sendable, Hashable {
    /// The subcommand names after the tool name: `["migrate", "up"]`; `[]` is the root.
    var path: [String]
    var values: ParsedValues
}
