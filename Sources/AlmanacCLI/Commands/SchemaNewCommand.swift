import Almanac

/// `almanac schema new APP [--description TEXT]`
enum SchemaNewCommand: AlmanacCommand {
    static let group: CommandGroup? = .schema
    static let app = PositionalSpec.required("app", help: "The new app's name: lowercase letters, digits and '-', starting with a letter.")

    static let spec = CommandSpec(
        name: "new",
        abstract: "Start a new app: schema/APP/catalog.json with no collections, and migrations/APP/0001-initial.json.",
        discussion: """
            Run it from your project's folder (or give the folders with --schema DIR and --migrations DIR). \
            The catalog starts at version 1; 0001-initial.json stands for that version, and later migrations number on from it. \
            An existing catalog or migrations folder with migrations is refused and left as it is. \
            Then add collections with 'almanac schema add-collection'.
            """,
        options: [CommonOptions.describe, CommonOptions.migrations], positionals: [app], ignoredGlobals: [CommonOptions.store.name, CommonOptions.lockTimeout.name])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let name = context.values.positional(app) else { throw context.usage("give the new app's name: 'almanac schema new APP'") }
        let project = try AppProject(
            app: name, schemaFolder: context.values.option(CommonOptions.schema),
            migrationsFolder: context.values.option(CommonOptions.migrations))
        let report = try project.create(description: context.values.option(CommonOptions.describe))
        try context.print(report) { report in
            """
            Created \(report.created.joined(separator: " and ")) for app \(report.app), at version \(report.version) with no collections yet.
            Next: 'almanac schema add-collection NAME --app \(report.app) --date-field FIELD --partition day|month|year|none' (or --singleton)

            """
        }
        return ExitCode.success
    }
}
