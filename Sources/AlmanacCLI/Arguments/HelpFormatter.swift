/// Renders help text from the declarations, shaped like swift-argument-parser's:
///
///     OVERVIEW: Store a document in a collection.
///
///     USAGE: almanac put <collection> [<file>] [--store <dir>] [--json]
///
///     ARGUMENTS:
///       <collection>            The collection to write to.
///
///     OPTIONS:
///       --store <dir>           The store folder.
///       -h, --help              Show help information.
///
/// Group commands get a SUBCOMMANDS section instead of ARGUMENTS. Help columns are aligned
/// across the whole page; a label too wide for the column puts its help on the next line.
struct HelpFormatter: Sendable {
    let root: CommandSpec
    /// Shown in every command's OPTIONS, after the command's own, with help last.
    let globalOptions: [OptionSpec]
    /// Lines are wrapped to this many columns.
    var width = 80

    /// Labels wider than this do not widen the column; their help starts on the next line.
    private static let maxLabelWidth = 28

    /// The full help for the command at `path` (`[]` for the root), without a final newline.
    func help(for path: [String]) -> String {
        guard let command = root.command(at: path) else {
            preconditionFailure("no command at path \(path)")
        }
        let ancestorOptions = ancestors(of: path).flatMap(\.options)
        let options = ancestorOptions + command.options
            + command.globals(globalOptions).filter { $0.name != OptionSpec.help.name }
            + command.globals(globalOptions).filter { $0.name == OptionSpec.help.name }
        let fullName = ([root.name] + path).joined(separator: " ")

        let arguments = command.positionals.map { Row(label: $0.helpName, help: $0.help) }
        let optionRows = options.map { Row(label: label(for: $0), help: helpLine(for: $0)) }
        var subcommandRows = command.subcommands.map { Row(label: $0.name, help: $0.abstract) }
        if path.isEmpty && command.isGroup && root.subcommand(named: "help") == nil {
            subcommandRows.append(Row(label: "help", help: "Show subcommand help information."))
        }
        let widest = (arguments + optionRows + subcommandRows).map(\.label.count)
            .filter { $0 <= Self.maxLabelWidth }.max() ?? 0
        let column = 2 + widest + 2

        var sections = ["OVERVIEW: " + command.abstract]
        if let discussion = command.discussion {
            sections.append(discussion)
        }
        sections.append(usage(for: command, named: fullName, options: options))
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + table(arguments, column: column))
        }
        sections.append("OPTIONS:\n" + table(optionRows, column: column))
        if command.isGroup {
            let helpPath = (["help"] + path + ["<subcommand>"]).joined(separator: " ")
            sections.append(
                "SUBCOMMANDS:\n" + table(subcommandRows, column: column) + "\n\n"
                    + "  See '\(root.name) \(helpPath)' for detailed help.")
        }
        return sections.joined(separator: "\n\n")
    }

    // MARK: Usage line

    /// `USAGE: almanac put <collection> [<file>] [--store <dir>] ...`, wrapped so that
    /// continuation lines start under the first argument.
    private func usage(for command: CommandSpec, named fullName: String, options: [OptionSpec]) -> String {
        var items: [String]
        if command.isGroup {
            items = ["<subcommand>"]
        } else {
            items = command.positionals.map(usageItem(for:))
            items += options.filter { $0.name != OptionSpec.help.name }.map(usageItem(for:))
        }
        let prefix = "USAGE: " + fullName
        let indent = String(repeating: " ", count: prefix.count + 1)
        var lines: [String] = []
        var line = prefix
        for item in items {
            // The first item always goes on the usage line itself, however long.
            if line.count + 1 + item.count > width && line != prefix {
                lines.append(line)
                line = indent + item
            } else {
                line += " " + item
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private func usageItem(for positional: PositionalSpec) -> String {
        switch positional.arity {
        case .required: positional.helpName
        case .optional: "[\(positional.helpName)]"
        case .variadic(atLeastOne: true): "\(positional.helpName) ..."
        case .variadic(atLeastOne: false): "[\(positional.helpName) ...]"
        }
    }

    private func usageItem(for option: OptionSpec) -> String {
        var item = option.displayName
        if let placeholder = placeholder(for: option) { item += " " + placeholder }
        if option.isRepeatable { item += " ..." }
        return option.isRequired ? item : "[\(item)]"
    }

    // MARK: Tables

    private struct Row {
        var label: String
        var help: String
    }

    /// `--store <dir>` or `-h, --help`.
    private func label(for option: OptionSpec) -> String {
        var label = option.shortName.map { "-\($0), " } ?? ""
        label += option.displayName
        if let placeholder = placeholder(for: option) { label += " " + placeholder }
        return label
    }

    private func helpLine(for option: OptionSpec) -> String {
        guard let defaultValue = option.defaultValue else { return option.help }
        return option.help + " (default: \(defaultValue))"
    }

    /// `DIR` becomes `<dir>`, the swift-argument-parser spelling.
    private func placeholder(for option: OptionSpec) -> String? {
        option.valueName.map { "<\($0.lowercased())>" }
    }

    private func table(_ rows: [Row], column: Int) -> String {
        rows.map { row in
            let label = "  " + row.label
            let helpLines = wrap(row.help, width: max(width - column, 20))
            let pad = String(repeating: " ", count: column)
            var lines: [String]
            if label.count + 2 <= column {
                let first = label + String(repeating: " ", count: column - label.count)
                lines = [first + (helpLines.first ?? "")] + helpLines.dropFirst().map { pad + $0 }
            } else {
                lines = [label] + helpLines.map { pad + $0 }
            }
            return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Greedy word wrap; a word longer than `width` gets a line of its own.
    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func ancestors(of path: [String]) -> [CommandSpec] {
        (0..<path.count).compactMap { root.command(at: Array(path.prefix($0))) }
    }
}

extension String {
    /// Rows with empty help would otherwise end in padding.
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
