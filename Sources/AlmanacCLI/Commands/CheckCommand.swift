import Almanac

/// `almanac check [--fix [--dry-run]]`
enum CheckCommand: AlmanacCommand {
    static let fix = OptionSpec.flag("fix", help: "Repair what has one right answer, as one atomic change, and list it: move documents whose date was edited to their folder, rewrite hand-edited files canonically, remove leftover temporary files, write the editor settings; with the app's migrations (migrations/<app> or --migrations), first bring forward documents written in an older shape (a transaction of its own).")
    static let dryRun = OptionSpec.flag("dry-run", help: "With --fix: list the repairs without making them.")

    static let spec = CommandSpec(
        name: "check", abstract: "Read every file of the store and report every problem; with --fix, repair what has one right answer.",
        discussion: "Exits 3 when a problem is found: the app's schema folder (schema/<app> here, or --schema) edited with no migration to carry the change, malformed JSON, a document away from the path its id and date require, duplicate ids, leftover temporary files, sync conflict copies, unknown files or symbolic links. With --fix, exits 3 when problems that need a person remain (each says what to do).",
        options: [fix, dryRun, CommonOptions.migrations, CommonOptions.quiet])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        if context.values.flag(fix) {
            // With the app's migrations at hand (named, or migrations/<app> here), documents in
            // an older shape are brought forward first, in a transaction of their own.
            let app = try Store.app(at: store.url)
            let named = context.values.option(CommonOptions.migrations) != nil
            var broughtForward: [FixReport.Repair] = []
            if let migrator = named ? try context.migrator(app: app, needsSchema: false) : try? context.migrator(app: app, needsSchema: false) {
                do {
                    broughtForward = try migrator.bringForward(storeAt: store.url, dryRun: context.values.flag(dryRun), options: try context.storeOptions())
                } catch let error as AlmanacError where error.code == .invalidMigration && !named {
                    Output.error("almanac: warning: \(error.message)")
                }
            }
            let line = ProgressLine("check --fix", context: context, quiet: CommonOptions.quiet)
            var report = try store.fix(dryRun: context.values.flag(dryRun), schemaFolder: context.projectSchemaFolder(app: store.app), progress: line?.handler)
            line?.finish()
            report.repairs = broughtForward + report.repairs
            report.remaining = FlagHints.apply(report.remaining)
            try context.print(report, adding: ["store": .string(store.url.path)]) { report in
                let verb = report.dryRun ? "would repair" : "repaired"
                return (report.repairs.map { "\($0.path): \(report.dryRun ? "would be " : "")\($0.message)" }
                    + report.remaining.problems.map(\.description)
                    + ["\(verb) \(report.repairs.count) file\(report.repairs.count == 1 ? "" : "s"); \(summary(report.remaining))"])
                    .joined(separator: "\n")
            }
            return report.remaining.isClean ? ExitCode.success : ExitCode.problemsFound
        }
        guard !context.values.flag(dryRun) else { throw context.usage("--dry-run goes with --fix: 'almanac check --fix --dry-run'") }
        guard context.values.option(CommonOptions.migrations) == nil else {
            throw context.usage("--migrations goes with --fix (to bring documents in an older shape forward): 'almanac check --fix --migrations DIR'")
        }
        // Where the app's schema folder is at hand (schema/<app> here, or --schema), an edit of
        // it that no migration carries is reported too.
        let line = ProgressLine("check", context: context, quiet: CommonOptions.quiet)
        let report = FlagHints.apply(try store.check(schemaFolder: context.projectSchemaFolder(app: store.app), progress: line?.handler))
        line?.finish()
        try context.print(report, adding: ["store": .string(store.url.path)]) { report in
            (report.problems.map(\.description) + [summary(report)]).joined(separator: "\n")
        }
        return report.isClean ? ExitCode.success : ExitCode.problemsFound
    }

    private static func summary(_ report: CheckReport) -> String {
        "\(report.documentsChecked) document\(report.documentsChecked == 1 ? "" : "s") checked: \(report.errors) error\(report.errors == 1 ? "" : "s"), \(report.warnings) warning\(report.warnings == 1 ? "" : "s")."
    }
}
