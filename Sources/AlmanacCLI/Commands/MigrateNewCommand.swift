import Almanac

/// `almanac migrate new SLUG [--app APP] [--description TEXT] [--migrations DIR]`
enum MigrateNewCommand: AlmanacCommand {
    static let group: CommandGroup? = .migrate
    static let slug = PositionalSpec.required("slug", help: "What the migration does, as a file name: lowercase letters, digits and '-', e.g. add-mood.")

    static let spec = CommandSpec(
        name: "new",
        abstract: "Start the app's next migration: migrations/APP/NNNN-SLUG.json, and the catalog set to its version.",
        discussion: """
            The number is the last migration's plus one. A migrations folder with a gap, a number used twice or a broken \
            file is refused (exit 3), as is a slug already used (exit 2). Add the operations to the file and change the \
            schema files to the shape they make; 'almanac migrate plan' then checks every document against it.
            """,
        options: [CommonOptions.app, CommonOptions.describe, CommonOptions.migrations], positionals: [slug],
        // It writes the project's files and opens no store.
        ignoredGlobals: [CommonOptions.store.name, CommonOptions.lockTimeout.name])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let name = context.values.positional(slug) else { throw context.usage("give the migration's slug: 'almanac migrate new SLUG'") }
        let report = try context.appProject(takesMigrations: true).newMigration(slug: name, description: context.values.option(CommonOptions.describe))
        try context.print(report) { report in
            let catalog = report.changed.isEmpty ? "" : "; \(report.changed.joined(separator: ", ")) is now at version \(report.version)"
            return """
                Created \(report.created.joined(separator: " and "))\(catalog).
                Next: add its operations (see Sources/Almanac/Almanac.docc/SchemaMigrations.md in Almanac's repository), bring the schema files to the new shape, then run 'almanac migrate plan' on a store.

                """
        }
        return ExitCode.success
    }
}
