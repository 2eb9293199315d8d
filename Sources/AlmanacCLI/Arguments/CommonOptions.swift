/// The options several commands share, declared once: commands list these constants in
/// their specs and read their values through them, never by a name typed again.
enum CommonOptions {
    // MARK: Global (every command accepts them)

    static let store = OptionSpec.option("store", valueName: "DIR", help: "The store folder (default: $ALMANAC_STORE).")
    static let json = OptionSpec.flag("json", help: "Print machine-readable JSON instead of text (errors too, on stderr).")
    static let lockTimeout = OptionSpec.option("lock-timeout", valueName: "SECONDS", help: "How long to wait for another writer's lock (default 5).")
    static let schema = OptionSpec.option("schema", valueName: "DIR", help: "The app's current schema folder (default: schema/<app> in the current folder).")

    /// What the parser adds to every command.
    static let global = [store, json, lockTimeout, schema]

    // MARK: Shared by some commands

    static let migrations = OptionSpec.option("migrations", valueName: "DIR", help: "The app's migrations folder (default: migrations/<app> in the current folder).")
    static let from = OptionSpec.option("from", valueName: "DATE", help: "Only documents dated on or after DATE.")
    static let to = OptionSpec.option("to", valueName: "DATE", help: "Only documents dated up to DATE: a day is included, a timestamp is not (the range is half-open then).")
    static let filter = OptionSpec.repeating(
        "where", valueName: "EXPR",
        help: "Only documents matching EXPR, e.g. 'status=done', 'intensity>=7', 'triggers contains Anxious' (operators = != < <= > >= contains in exists missing; and/or/not; repeatable, all must match).")
    static let app = OptionSpec.option("app", valueName: "APP", help: "The app whose schema/APP and migrations/APP to change (default: the one app under schema/, or that of --schema DIR).")
    static let describe = OptionSpec.option("description", valueName: "TEXT", help: "What it is, for people (written into the file).")
    static let dryRun = OptionSpec.flag("dry-run", help: "Show what would change; write nothing.")
    static let yes = OptionSpec.flag("yes", help: "Do not ask for confirmation.")
    static let quiet = OptionSpec.flag("quiet", help: "No progress line on a terminal (there is none when stderr is not one).")
    static let overrideTransitions = OptionSpec.flag(
        "override-transitions",
        help: "Also delete documents whose one-way field (a catalog transitions rule, e.g. Pressure's status) reached a final value; they are kept otherwise.")

    // MARK: Shared positionals

    static let collection = PositionalSpec.required("collection", help: "The collection.")
    static let id = PositionalSpec.optional("id", help: "The document's id (not needed for a singleton collection).")
}
