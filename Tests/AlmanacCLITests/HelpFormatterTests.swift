import Testing

@testable import AlmanacCLI

@Suite struct HelpFormatterTests {
    private func help(_ path: String...) -> String {
        ExampleCLI.parser.help(for: path)
    }

    @Test func leafCommandPage() {
        #expect(help("put") == """
            OVERVIEW: Store a document in a collection.

            Reads the document from FILE, or from stdin when FILE is '-' or absent.

            USAGE: almanac put <collection> [<file>] [--dry-run] [--store <dir>] [--json]
                               [--lock-timeout <seconds>]

            ARGUMENTS:
              <collection>              The collection to write to.
              <file>                    The JSON document.

            OPTIONS:
              -n, --dry-run             Validate without writing.
              --store <dir>             The store folder (default: $ALMANAC_STORE).
              --json                    Print machine-readable JSON.
              --lock-timeout <seconds>  How long to wait for another process's lock.
                                        (default: 10)
              -h, --help                Show help information.
            """)
    }

    @Test func groupCommandPage() {
        #expect(help("migrate") == """
            OVERVIEW: Inspect and apply schema migrations.

            USAGE: almanac migrate <subcommand>

            OPTIONS:
              --store <dir>             The store folder (default: $ALMANAC_STORE).
              --json                    Print machine-readable JSON.
              --lock-timeout <seconds>  How long to wait for another process's lock.
                                        (default: 10)
              -h, --help                Show help information.

            SUBCOMMANDS:
              status                    Show applied and pending migrations.
              up                        Apply pending migrations.

              See 'almanac help migrate <subcommand>' for detailed help.
            """)
    }

    @Test func rootPageListsSubcommandsAndHelp() {
        let text = help()
        #expect(text.hasPrefix("OVERVIEW: Plain-file document store with migrations.\n\nUSAGE: almanac <subcommand>\n"))
        #expect(text.contains("\n  init                      Create a new store.\n"))
        #expect(text.contains("\n  seed                      Import seed content.\n"))
        #expect(text.contains("\n  help                      Show subcommand help information.\n"))
        #expect(text.hasSuffix("\n\n  See 'almanac help <subcommand>' for detailed help."))
        #expect(!help("migrate").contains("  help "))
    }

    @Test func usageMarksRequiredOptionalRepeatableAndVariadic() {
        #expect(help("init").contains("USAGE: almanac init <store> --schema <dir> [--time-zone <tz>]"))
        #expect(help("ls").contains("[--where <field=value> ...]"))
        #expect(help("seed", "import").contains("USAGE: almanac seed import <files> ... [--dry-run]"))
        #expect(!help("put").contains("[--help]"))
    }

    @Test func leafWithoutPositionalsHasNoArgumentsSection() {
        let text = help("migrate", "up")
        #expect(!text.contains("ARGUMENTS:"))
        #expect(!text.contains("SUBCOMMANDS:"))
        #expect(text.contains("\n  --to <n>                  Stop after migration N.\n"))
    }

    @Test func everyLineFitsTheWidthAndHasNoTrailingSpace() {
        for path in [[], ["put"], ["init"], ["ls"], ["migrate"], ["migrate", "up"], ["seed", "import"]] {
            for line in ExampleCLI.parser.help(for: path).split(separator: "\n") {
                #expect(line.count <= 80, "\(path): \(line)")
                #expect(line.last != " ", "\(path): \(line)")
            }
        }
    }

    @Test func helpColumnsAlignAcrossSections() {
        let rows = help("ls").split(separator: "\n").filter { $0.hasPrefix("  <") || $0.hasPrefix("  -") }
        let columns = Set(rows.map { row -> Int in
            // The help column starts after the first run of two or more spaces past the label.
            let text = String(row.dropFirst(2))
            let labelEnd = text.range(of: "  ")!.lowerBound
            let helpStart = text[labelEnd...].firstIndex { $0 != " " }!
            return text.distance(from: text.startIndex, to: helpStart)
        })
        #expect(columns.count == 1)
    }

    @Test func labelWiderThanColumnPutsHelpOnNextLine() {
        let parser = ArgumentParser(
            root: CommandSpec(
                name: "tool", abstract: "A tool.",
                options: [
                    .option("a-very-long-option-name", valueName: "SOMETHING", help: "Long one."),
                    .flag("short", help: "Short one."),
                ]))
        #expect(parser.help(for: []) == """
            OVERVIEW: A tool.

            USAGE: tool [--a-very-long-option-name <something>] [--short]

            OPTIONS:
              --a-very-long-option-name <something>
                          Long one.
              --short     Short one.
              -h, --help  Show help information.
            """)
    }

    @Test func narrowWidthWrapsHelpText() {
        var formatter = HelpFormatter(root: ExampleCLI.root, globalOptions: ExampleCLI.globals)
        formatter.width = 60
        let text = formatter.help(for: ["status"])
        #expect(text.contains("""
              --store <dir>             The store folder (default:
                                        $ALMANAC_STORE).
            """))
        #expect(text.contains("""
            USAGE: almanac status [--store <dir>] [--json]
                                  [--lock-timeout <seconds>]
            """))
    }

    @Test func helpRequestAndFormatterAgree() throws {
        guard case .help(let path) = try ExampleCLI.parser.parse(["ls", "--help"]) else {
            Issue.record("expected a help request")
            return
        }
        #expect(ExampleCLI.parser.help(for: path) == help("ls"))
    }
}
