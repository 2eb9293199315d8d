import Almanac
import Testing

@testable import AlmanacCLI

/// A command tree shaped like almanac's, shared by the parser and help tests.
enum ExampleCLI {
    static let globals: [OptionSpec] = [
        .option("store", valueName: "DIR", help: "The store folder (default: $ALMANAC_STORE)."),
        .flag("json", help: "Print machine-readable JSON."),
        .option(
            "lock-timeout", valueName: "SECONDS",
            help: "How long to wait for another process's lock.", defaultValue: "10"),
        .help,
    ]

    static let root = CommandSpec(
        name: "almanac", abstract: "Plain-file document store with migrations.",
        subcommands: [
            CommandSpec(
                name: "init", abstract: "Create a new store.",
                options: [
                    .option("schema", valueName: "DIR", help: "The schema folder.", required: true),
                    .option("time-zone", valueName: "TZ", help: "The store's time zone."),
                ],
                positionals: [.required("store", help: "The folder to create.")]),
            CommandSpec(name: "status", abstract: "Show the store's version and counts."),
            CommandSpec(
                name: "ls", abstract: "List documents.",
                options: [
                    .option("from", valueName: "DATE", help: "First day, inclusive."),
                    .option("to", valueName: "DATE", help: "Last day, inclusive."),
                    .repeating("where", valueName: "FIELD=VALUE", help: "Keep matching documents."),
                ],
                positionals: [.required("collection", help: "The collection to list.")]),
            CommandSpec(
                name: "get", abstract: "Print one document.",
                positionals: [
                    .required("collection", help: "The collection."),
                    .required("id", help: "The document id."),
                ]),
            CommandSpec(
                name: "put", abstract: "Store a document in a collection.",
                discussion: "Reads the document from FILE, or from stdin when FILE is '-' or absent.",
                options: [.flag("dry-run", short: "n", help: "Validate without writing.")],
                positionals: [
                    .required("collection", help: "The collection to write to."),
                    .optional("file", help: "The JSON document."),
                ]),
            CommandSpec(
                name: "rm", abstract: "Delete one document.",
                positionals: [
                    .required("collection", help: "The collection."),
                    .required("id", help: "The document id."),
                ]),
            CommandSpec(name: "check", abstract: "Validate every document."),
            CommandSpec(
                name: "migrate", abstract: "Inspect and apply schema migrations.",
                subcommands: [
                    CommandSpec(name: "status", abstract: "Show applied and pending migrations."),
                    CommandSpec(
                        name: "up", abstract: "Apply pending migrations.",
                        options: [
                            .option("to", valueName: "N", help: "Stop after migration N."),
                            .flag("dry-run", help: "Report what would change."),
                        ]),
                ]),
            CommandSpec(
                name: "seed", abstract: "Import seed content.",
                subcommands: [
                    CommandSpec(
                        name: "import", abstract: "Import seed files idempotently.",
                        options: [.flag("dry-run", help: "Report what would change.")],
                        positionals: [.variadic("files", help: "Seed files to import.")]),
                ]),
        ])

    static let parser = ArgumentParser(root: root, globalOptions: globals)
}

/// Parses and expects a command to run.
private func run(_ arguments: String...) throws -> ParsedCommand {
    let result = try ExampleCLI.parser.parse(arguments)
    guard case .run(let command) = result else {
        Issue.record("expected a command to run, got \(result)")
        throw UsageError(message: "not run", rootName: "almanac", commandPath: [])
    }
    return command
}

/// Parses and returns the usage error, or nil when parsing succeeded.
private func usageError(_ arguments: String...) -> UsageError? {
    do {
        _ = try ExampleCLI.parser.parse(arguments)
        return nil
    } catch {
        return error
    }
}

private func parse(_ arguments: String...) throws -> ParseResult {
    try ExampleCLI.parser.parse(arguments)
}

@Suite struct CommandSelectionTests {
    @Test func selectsLeafAndNestedCommands() throws {
        #expect(try run("status").path == ["status"])
        #expect(try run("migrate", "up").path == ["migrate", "up"])
        #expect(try run("seed", "import", "a.json").path == ["seed", "import"])
    }

    @Test func unknownCommandSuggestsClosest() {
        let error = usageError("stauts")
        #expect(error?.message == "unknown command 'stauts'; did you mean 'status'?")
        #expect(error?.commandPath == [])
    }

    @Test func unknownNestedCommandSuggestsWithinGroup() {
        let error = usageError("migrate", "pu")
        #expect(error?.message == "unknown command 'pu'; did you mean 'up'?")
        #expect(error?.helpHint == "see 'almanac migrate --help'")
    }

    @Test func unknownCommandWithoutCloseMatchHasNoSuggestion() {
        #expect(usageError("frobnicate")?.message == "unknown command 'frobnicate'")
    }

    @Test func groupWithoutSubcommandIsUsageErrorListingSubcommands() {
        let error = usageError("migrate", "--json")
        #expect(error?.message == "'almanac migrate' needs a subcommand: status, up")
        #expect(error?.commandPath == ["migrate"])
        #expect(usageError()?.message.hasPrefix("'almanac' needs a subcommand: init, status") == true)
    }

    @Test func tokensAfterTerminatorNeverSelectSubcommands() {
        #expect(usageError("--", "status")?.message.hasPrefix("'almanac' needs a subcommand") == true)
    }
}

@Suite struct OptionTests {
    @Test func optionTakesSeparateOrInlineValue() throws {
        #expect(try run("status", "--store", "/tmp/s").values.option("store") == "/tmp/s")
        #expect(try run("status", "--store=/tmp/s").values.option("store") == "/tmp/s")
        #expect(try run("status", "--store=a=b").values.option("store") == "a=b")
        #expect(try run("status", "--store=").values.option("store") == "")
    }

    @Test func flagsAreFalseUnlessGiven() throws {
        let values = try run("migrate", "up", "--dry-run").values
        #expect(values.flag("dry-run"))
        #expect(!values.flag("json"))
        #expect(values.option("to") == nil)
    }

    @Test func shortNames() throws {
        #expect(try run("put", "-n", "notes").values.flag("dry-run"))
    }

    @Test func repeatableOptionCollectsInOrder() throws {
        let values = try run("ls", "events", "--where", "a=b", "--where=c=d", "--where", "e=f").values
        #expect(values.options("where") == ["a=b", "c=d", "e=f"])
        #expect(values.option("where") == "e=f")
        #expect(try run("ls", "events").values.options("where") == [])
    }

    @Test func globalsAnywhereInTheLine() throws {
        let before = try run("--store", "s", "--json", "migrate", "up")
        #expect(before.values.option("store") == "s")
        #expect(before.values.flag("json"))
        let between = try run("migrate", "--json", "up", "--store=s")
        #expect(between.values.flag("json"))
        #expect(between.values.option("store") == "s")
        let after = try run("get", "events", "--json", "42")
        #expect(after.values.flag("json"))
        #expect(after.values.positional("id") == "42")
    }

    @Test func optionsBeforeOrAfterPositionals() throws {
        let first = try run("ls", "--from", "2025-01-01", "events", "--to", "2025-01-31")
        #expect(first.values.positional("collection") == "events")
        #expect(first.values.option("from") == "2025-01-01")
        #expect(first.values.option("to") == "2025-01-31")
    }

    @Test func defaultValueAndPresence() throws {
        let values = try run("status").values
        #expect(values.option("lock-timeout") == "10")
        #expect(!values.isPresent("lock-timeout"))
        #expect(try run("status", "--lock-timeout", "3").values.isPresent("lock-timeout"))
    }

    @Test func unknownOptionSuggestsClosest() {
        let error = usageError("status", "--jsno")
        #expect(error?.message == "unknown option '--jsno'; did you mean '--json'?")
        #expect(usageError("put", "c", "--dryrun")?.message
            == "unknown option '--dryrun'; did you mean '--dry-run'?")
        #expect(usageError("status", "--jsno=1")?.message
            == "unknown option '--jsno'; did you mean '--json'?")
    }

    @Test func unknownOptionWithoutCloseMatchHasNoSuggestion() {
        #expect(usageError("status", "--verbose")?.message == "unknown option '--verbose'")
        #expect(usageError("status", "-x")?.message == "unknown option '-x'")
    }

    @Test func commandOptionsAreNotAcceptedElsewhere() {
        // `--to` belongs to `migrate up`, so `ls`'s own `--to` is the only one `ls` knows,
        // and `status` knows neither.
        #expect(usageError("status", "--to", "3")?.message == "unknown option '--to'")
        #expect(usageError("migrate", "--to", "3", "up")?.message == "unknown option '--to'")
    }

    @Test func optionMissingItsValue() {
        #expect(usageError("status", "--store")?.message == "option '--store' needs a value (DIR)")
        #expect(usageError("status", "--store", "--json")?.message
            == "option '--store' needs a value (DIR)")
        #expect(usageError("migrate", "up", "--to")?.message == "option '--to' needs a value (N)")
    }

    @Test func loneDashIsAValue() throws {
        #expect(try run("status", "--store", "-").values.option("store") == "-")
        #expect(try run("status", "--store=-odd").values.option("store") == "-odd")
    }

    @Test func flagGivenValueIsAnError() {
        #expect(usageError("status", "--json=1")?.message == "flag '--json' does not take a value")
    }

    @Test func nonRepeatableOptionGivenTwice() {
        #expect(usageError("status", "--store", "a", "--store", "b")?.message
            == "option '--store' was given more than once")
        #expect(usageError("--json", "status", "--json")?.message
            == "option '--json' was given more than once")
    }

    @Test func requiredOption() throws {
        #expect(usageError("init", "s")?.message == "missing option '--schema' (DIR)")
        let values = try run("init", "s", "--schema", "schema/miga").values
        #expect(values.option("schema") == "schema/miga")
        #expect(values.option("time-zone") == nil)
    }
}

@Suite struct PositionalTests {
    @Test func requiredAndOptionalPositionals() throws {
        let withFile = try run("put", "events", "doc.json").values
        #expect(withFile.positional("collection") == "events")
        #expect(withFile.positional("file") == "doc.json")
        #expect(try run("put", "events").values.positional("file") == nil)
    }

    @Test func loneDashIsPositional() throws {
        #expect(try run("put", "events", "-").values.positional("file") == "-")
    }

    @Test func variadicTakesTheRestInOrder() throws {
        let values = try run("seed", "import", "a.json", "--dry-run", "b.json", "c.json").values
        #expect(values.positionals("files") == ["a.json", "b.json", "c.json"])
        #expect(values.flag("dry-run"))
    }

    @Test func terminatorMakesEverythingPositional() throws {
        let values = try run("seed", "import", "--json", "--", "--json", "-h", "-", "--").values
        #expect(values.positionals("files") == ["--json", "-h", "-", "--"])
        #expect(values.flag("json"))
    }

    @Test func missingRequiredPositional() {
        #expect(usageError("put")?.message == "missing argument COLLECTION")
        #expect(usageError("get", "events")?.message == "missing argument ID")
        #expect(usageError("seed", "import", "--dry-run")?.message == "missing argument FILES")
    }

    @Test func tooManyPositionals() {
        let error = usageError("rm", "events", "42", "x")
        #expect(error?.message == "unexpected argument 'x'")
        #expect(error?.commandPath == ["rm"])
        #expect(usageError("status", "x")?.message == "unexpected argument 'x'")
    }
}

@Suite struct HelpRequestTests {
    @Test func helpFlagAnywhereRequestsHelpForTheCommandReached() throws {
        #expect(try parse("--help") == .help(path: []))
        #expect(try parse("put", "-h") == .help(path: ["put"]))
        #expect(try parse("-h", "migrate", "up") == .help(path: ["migrate", "up"]))
        #expect(try parse("migrate", "--help") == .help(path: ["migrate"]))
    }

    @Test func helpWinsOverOtherMistakes() throws {
        #expect(try parse("put", "--bogus", "--help") == .help(path: ["put"]))
        #expect(try parse("rm", "a", "b", "c", "--help") == .help(path: ["rm"]))
        #expect(try parse("init", "--help") == .help(path: ["init"]))
    }

    @Test func unknownCommandIsStillReportedWithHelp() {
        #expect(usageError("migrate", "stauts", "--help")?.message
            == "unknown command 'stauts'; did you mean 'status'?")
    }

    @Test func helpAfterTerminatorIsPositional() throws {
        let values = try run("seed", "import", "--", "--help").values
        #expect(values.positionals("files") == ["--help"])
    }

    @Test func helpSubcommand() throws {
        #expect(try parse("help") == .help(path: []))
        #expect(try parse("help", "put") == .help(path: ["put"]))
        #expect(try parse("help", "migrate", "up") == .help(path: ["migrate", "up"]))
        #expect(try parse("--json", "help", "seed", "import", "--json") == .help(path: ["seed", "import"]))
        #expect(usageError("help", "stauts")?.message == "unknown command 'stauts'; did you mean 'status'?")
        #expect(usageError("hlep")?.message == "unknown command 'hlep'; did you mean 'help'?")
    }
}

@Suite struct ConversionTests {
    @Test func integerAndDouble() throws {
        let values = try run("migrate", "up", "--to", "7", "--lock-timeout", "2.5").values
        #expect(try values.integer("to") == 7)
        #expect(try values.double("lock-timeout") == 2.5)
        #expect(try run("migrate", "up").values.integer("to") == nil)
        #expect(try run("status").values.double("lock-timeout") == 10)
    }

    @Test func badNumbersAreUsageErrors() throws {
        let values = try run("migrate", "up", "--to", "seven", "--lock-timeout", "abc").values
        #expect(throws: UsageError(
            message: "--lock-timeout expects a number of seconds, got 'abc'",
            rootName: "almanac", commandPath: ["migrate", "up"])
        ) {
            try values.double("lock-timeout", expecting: "a number of seconds")
        }
        #expect(throws: UsageError(
            message: "--to expects an integer, got 'seven'",
            rootName: "almanac", commandPath: ["migrate", "up"])
        ) {
            try values.integer("to")
        }
        let infinite = try run("status", "--lock-timeout", "inf").values
        #expect(throws: UsageError.self) { try infinite.double("lock-timeout") }
    }
}

@Suite struct UsageErrorTests {
    @Test func reportNamesToolAndHelpCommand() {
        let error = usageError("put", "events", "a", "b")
        #expect(error?.report == "almanac: error: unexpected argument 'b'\nsee 'almanac put --help'")
        #expect(UsageError.exitCode == 2)
    }
}

@Suite struct SuggestionTests {
    @Test func transpositionCountsAsOneEdit() {
        #expect(Suggestion.editDistance("jsno", "json") == 1)
        #expect(Suggestion.editDistance("stauts", "status") == 1)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func shortNamesTolerateOneEdit() {
        #expect(Suggestion.closest(to: "ls", in: ["rm", "get"]) == nil)
        #expect(Suggestion.closest(to: "gt", in: ["rm", "get"]) == "get")
        #expect(Suggestion.closest(to: "stat", in: ["status", "check"]) == "status")
    }
}

@Suite struct ParsedValuesTests {
    @Test func descriptionListsWhatWasGiven() throws {
        let values = try run("ls", "events", "--json", "--where", "a=b", "--store", "s").values
        #expect(values.description == #"--json --store=s --where=a=b collection: ["events"]"#)
    }

    @Test func groupLevelOptionsAreReadableFromSubcommands() throws {
        let parser = ArgumentParser(
            root: CommandSpec(
                name: "tool", abstract: "A tool.",
                subcommands: [
                    CommandSpec(
                        name: "db", abstract: "Database.",
                        options: [.option("dir", short: "d", valueName: "DIR", help: "Where.")],
                        subcommands: [CommandSpec(name: "open", abstract: "Open.")]),
                ]))
        for (arguments, expected) in [(["db", "--dir", "x", "open"], "x"), (["db", "-d", "y", "open"], "y")] {
            guard case .run(let command) = try parser.parse(arguments) else {
                Issue.record("expected a command to run for \(arguments)")
                continue
            }
            #expect(command.path == ["db", "open"])
            #expect(command.values.option("dir") == expected)
        }
        #expect(throws: UsageError.self) { try parser.parse(["db", "open", "--dir", "x"]) }
    }
}
