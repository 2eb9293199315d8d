import Almanac

/// `almanac migrate status [--migrations DIR] [--schema DIR]`
enum MigrateStatusCommand: AlmanacCommand {
    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the store's version, applied migrations (checksums verified) and pending ones.",
        discussion: "Exits 3 when an applied migration file was edited or removed, the migrations folder has a gap or a duplicate number, or the app's schema folder (schema/<app> here, or --schema) differs from the store's copy at the store's version with no migration carrying the change.",
        options: [CommonOptions.migrations])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        var migrator = try context.migrator(app: store.app, needsSchema: false)
        migrator.targetSchema = context.projectSchemaFolder(app: store.app)
        let status = migrator.status(of: store)
        if context.json {
            try Output.json(status)
        } else {
            let rows = status.entries.map { [String($0.version), $0.name, $0.state.rawValue] }
            Output.write(Output.table([["version", "migration", "state"]] + rows))
            let pending = status.pending.count
            Output.write("\nstore at version \(status.storeVersion); latest migration \(status.latestVersion); "
                + (status.isUpToDate ? "up to date."
                    : pending == 0 && status.schemaDrift != nil ? "none pending, but the app's schema folder differs from the store's copy (below)."
                    : "\(pending) pending."))
            for problem in status.problems { Output.error("almanac: error: \(FlagHints.apply(migrationProblem: problem))") }
            if let drift = status.schemaDrift { Output.error("almanac: error: \(FlagHints.apply(drift.message, remedy: .writeMigration))") }
        }
        return status.problems.isEmpty && status.schemaDrift == nil ? ExitCode.success : ExitCode.problemsFound
    }
}
