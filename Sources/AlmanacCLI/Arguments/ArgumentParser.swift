import Almanac
/// Parses a command line against a declared command tree, in the manner of Apple's
/// swift-argument-parser, which is the model for how `almanac` behaves.
///
///     let parser = ArgumentParser(root: almanac, globalOptions: [
///         .option("store", valueName: "DIR", help: "The store folder."),
///         .flag("json", help: "Print machine-readable JSON."),
///     ])
///     do {
///         switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
///         case .help(let path): print(parser.help(for: path))
///         case .run(let command): try run(command.path, command.values)
///         }
///     } catch let error as UsageError {
///         FileHandle.standardError.write(Data((error.report + "\n").utf8))
///         exit(UsageError.exitCode)
///     }
///
/// Rules, all as in swift-argument-parser unless noted:
/// - Subcommand names come first; the first token that is not an option selects the
///   subcommand of a group, and everything after a leaf's name is its input.
/// - Global options are accepted anywhere, before or after subcommand names. A command's
///   own options are accepted after its name, before or after its positionals. Options a
///   group declares belong to the group level and are readable from its subcommands.
/// - `--name VALUE` and `--name=VALUE`; `-x VALUE` for short names. The separate value
///   form does not take a token starting with `-` (so `--store --json` is "needs a value"
///   rather than a store called `--json`); write `--store=-odd` for such a value.
/// - `--` ends option parsing: every later token is positional, even `--json` or `-h`.
///   A lone `-` is always positional (stdin by convention).
/// - `--help` or `-h` anywhere before `--` wins over other mistakes, so a user who is
///   stuck can always get help; only an unknown subcommand name is still reported,
///   because there is no sensible help to show for it.
/// - A group invoked without a subcommand (`almanac migrate`) is a usage error that
///   lists the subcommands (exit 2), where swift-argument-parser would print the help:
///   the groups here have no default action, and exiting 0 would let a script that lost
///   a word pass silently.
struct ArgumentParser: Sendable {
    let root: CommandSpec
    /// Options every command accepts; always includes `-h, --help`.
    let globalOptions: [OptionSpec]

    init(root: CommandSpec, globalOptions: [OptionSpec] = []) {
        var globals = globalOptions
        if !globals.contains(where: { $0.name == OptionSpec.help.name }) {
            globals.append(.help)
        }
        self.root = root
        self.globalOptions = globals
        Self.validate(root, inherited: globals)
    }

    /// Parses the arguments after the program name: pass
    /// `Array(CommandLine.arguments.dropFirst())`.
    func parse(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var scan = Scan(parser: self)
        return try scan.run(arguments)
    }

    /// The help text for the command at `path`, as returned in `ParseResult.help`.
    func help(for path: [String]) -> String {
        HelpFormatter(root: root, globalOptions: globalOptions).help(for: path)
    }

    /// Traps on declarations that would make some command lines ambiguous: an option name
    /// or short name used twice where both are accepted (including a command reusing a
    /// global's or an enclosing group's name), a positional or subcommand name used twice.
    private static func validate(_ command: CommandSpec, inherited: [OptionSpec]) {
        let visible = inherited + command.options
        let names = visible.map(\.name)
        let shorts = visible.compactMap(\.shortName)
        precondition(Set(names).count == names.count, "'\(command.name)': option name clash")
        precondition(Set(shorts).count == shorts.count, "'\(command.name)': short name clash")
        let positionalNames = command.positionals.map(\.name)
        precondition(
            Set(positionalNames).count == positionalNames.count,
            "'\(command.name)' declares a positional twice")
        let subcommandNames = command.subcommands.map(\.name)
        precondition(
            Set(subcommandNames).count == subcommandNames.count,
            "'\(command.name)' declares a subcommand twice")
        for subcommand in command.subcommands {
            validate(subcommand, inherited: visible)
        }
    }
}

/// The state of one left-to-right pass over the arguments.
private struct Scan {
    let parser: ArgumentParser
    var command: CommandSpec
    var path: [String] = []
    /// Options of every command passed so far: their values stay readable further down.
    var pathOptions: [OptionSpec]
    var flags: [String] = []
    var optionValues: [(name: String, value: String)] = []
    var seen: Set<String> = []
    var positionalTokens: [String] = []
    var helpRequested = false
    /// Option mistakes are held back, not thrown, so that a later `--help` still wins.
    var firstError: UsageError?

    init(parser: ArgumentParser) {
        self.parser = parser
        self.command = parser.root
        self.pathOptions = parser.root.options
    }

    mutating func run(_ arguments: [String]) throws(UsageError) -> ParseResult {
        var remaining = arguments[...]
        var optionsEnded = false
        while let token = remaining.popFirst() {
            if optionsEnded {
                positionalTokens.append(token)
            } else if token == "--" {
                optionsEnded = true
            } else if token.hasPrefix("-") && token != "-" {
                scanOption(token, remaining: &remaining)
            } else if command.isGroup {
                if path.isEmpty && token == "help" && parser.root.subcommand(named: "help") == nil {
                    return .help(path: try helpPath(remaining))
                }
                try enterSubcommand(token)
            } else {
                positionalTokens.append(token)
            }
        }
        if helpRequested { return .help(path: path) }
        if let firstError { throw firstError }
        if command.isGroup {
            let names = command.subcommands.map(\.name).joined(separator: ", ")
            let full = ([parser.root.name] + path).joined(separator: " ")
            throw error("'\(full)' needs a subcommand: \(names)")
        }
        return .run(ParsedCommand(path: path, values: try collectValues()))
    }

    // MARK: Subcommands

    private mutating func enterSubcommand(_ name: String) throws(UsageError) {
        guard let subcommand = command.subcommand(named: name) else {
            // An earlier mistake (say, an unknown option that was meant to take this token
            // as its value) is the real cause, so report that one.
            throw firstError ?? unknownCommand(name, in: command)
        }
        command = subcommand
        path.append(name)
        pathOptions += subcommand.options
    }

    /// Resolves `almanac help migrate up`: the words after `help`, ignoring options.
    private mutating func helpPath(_ words: ArraySlice<String>) throws(UsageError) -> [String] {
        for word in words where !word.hasPrefix("-") {
            guard command.isGroup else { break }
            guard let subcommand = command.subcommand(named: word) else {
                throw unknownCommand(word, in: command)
            }
            command = subcommand
            path.append(word)
        }
        return path
    }

    private func unknownCommand(_ name: String, in group: CommandSpec) -> UsageError {
        var candidates = group.subcommands.map(\.name)
        if path.isEmpty { candidates.append("help") }
        var message = "unknown command '\(name)'"
        if let synonym = Self.synonyms[name], candidates.contains(synonym) {
            message += "; did you mean '\(synonym)'?"
        } else if let suggestion = Suggestion.closest(to: name, in: candidates) {
            message += "; did you mean '\(suggestion)'?"
        }
        return error(message)
    }

    /// Words people type for a command by another name (as in other tools), too far from
    /// the real name for a typo suggestion to find.
    private static let synonyms = [
        "list": "ls", "dir": "ls", "find": "ls", "show": "get", "cat": "get", "read": "get",
        "remove": "rm", "del": "rm", "add": "put", "save": "put", "write": "put", "verify": "check",
        "fsck": "check", "info": "status",
    ]

    /// Option names other tools use for one of ours.
    private static let optionSynonyms = [
        "since": "from", "after": "from", "start": "from", "until": "to", "before": "to", "end": "to",
        "filter": "where", "order": "sort", "order-by": "sort", "sort-by": "sort", "max": "limit", "skip": "offset",
        "output": "out", "force-yes": "yes",
    ]

    /// Whether `token` is a negative number (`-1`, `-2.5`): a value, never an option, so that
    /// `--limit -1` is refused for its value instead of "needs a value".
    private static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Double(token.dropFirst()) != nil
    }

    // MARK: Options

    /// Records one option token, consuming its value from `remaining` when it takes one.
    private mutating func scanOption(_ token: String, remaining: inout ArraySlice<String>) {
        let accepted = command.globals(parser.globalOptions) + command.options
        let typed: String
        var inlineValue: String?
        let spec: OptionSpec?
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                inlineValue = String(body[body.index(after: equals)...])
            }
            let name = String(body.prefix { $0 != "=" })
            typed = "--" + name
            spec = accepted.first { $0.name == name }
        } else {
            // Short names are single letters; bundles like `-abc` are not supported.
            typed = token
            spec = token.count == 2 ? accepted.first { $0.shortName == token.last } : nil
        }
        guard let spec else {
            return hold(unknownOption(typed, accepted: accepted))
        }
        if spec.name == OptionSpec.help.name {
            helpRequested = true
            return
        }
        if seen.contains(spec.name) && !spec.isRepeatable {
            return hold(error("option '\(typed)' was given more than once"))
        }
        seen.insert(spec.name)
        guard let valueName = spec.valueName else {
            if inlineValue != nil {
                return hold(error("flag '\(typed)' does not take a value"))
            }
            flags.append(spec.name)
            return
        }
        if let inlineValue {
            optionValues.append((spec.name, inlineValue))
        } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") || Self.isNegativeNumber(next) {
            optionValues.append((spec.name, next))
            remaining.removeFirst()
        } else {
            hold(error("option '\(typed)' needs a value (\(valueName))"))
        }
    }

    private func unknownOption(_ typed: String, accepted: [OptionSpec]) -> UsageError {
        var message = "unknown option '\(typed)'"
        let name = String(typed.dropFirst(2))
        if typed.hasPrefix("--"), let synonym = Self.optionSynonyms[name], accepted.contains(where: { $0.name == synonym }) {
            message += "; did you mean '--\(synonym)'?"
        } else if typed.hasPrefix("--"),
            let suggestion = Suggestion.closest(
                to: String(typed.dropFirst(2)), in: accepted.map(\.name))
        {
            message += "; did you mean '--\(suggestion)'?"
        }
        return error(message)
    }

    // MARK: Values

    /// Assigns positional tokens left to right and checks required options.
    private func collectValues() throws(UsageError) -> ParsedValues {
        var values = ParsedValues(
            rootName: parser.root.name, commandPath: path,
            options: command.globals(parser.globalOptions) + pathOptions, positionals: command.positionals)
        var tokens = positionalTokens[...]
        for positional in command.positionals {
            switch positional.arity {
            case .required:
                guard let token = tokens.popFirst() else {
                    throw error("missing argument \(positional.errorName)")
                }
                values.setPositional(positional.name, values: [token])
            case .optional:
                if let token = tokens.popFirst() {
                    values.setPositional(positional.name, values: [token])
                }
            case .variadic(let atLeastOne):
                if atLeastOne && tokens.isEmpty {
                    throw error("missing argument \(positional.errorName)")
                }
                values.setPositional(positional.name, values: Array(tokens))
                tokens = []
            }
        }
        if let extra = tokens.first {
            throw error("unexpected argument '\(extra)'")
        }
        for option in command.globals(parser.globalOptions) + pathOptions
        where option.isRequired && !seen.contains(option.name) {
            let placeholder = option.valueName.map { " (\($0))" } ?? ""
            throw error("missing option '\(option.displayName)'\(placeholder)")
        }
        for name in flags { values.setFlag(name) }
        for (name, value) in optionValues { values.appendOption(name, value: value) }
        return values
    }

    // MARK: Errors

    private func error(_ message: String) -> UsageError {
        UsageError(message: message, rootName: parser.root.name, commandPath: path)
    }

    private mutating func hold(_ error: UsageError) {
        if firstError == nil { firstError = error }
    }
}
