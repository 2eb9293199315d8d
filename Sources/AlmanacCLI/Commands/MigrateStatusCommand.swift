import Almanac

/// `almanac migrate status [--migrations DIR]`
enum MigrateStatusCommand: AlmanacCommand {
    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the store's version, applied migrations (checksums verified) and pending ones.",
        discussion: "Exits 3 when an applied migration file was edited or removed, or the migrations folder has a gap or a duplicate number.",
        options: [CommonOptions.migrations])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let status = try context.migrator(app: store.app, needsSchema: false).status(of: store)
        if context.json {
            try Output.json(status)
        } else {
            let rows = status.entries.map { [String($0.version), $0.name, $0.state.rawValue] }
            Output.write(Output.table([["version", "migration", "state"]] + rows))
            let pending = status.pending.count
            Output.write("\nstore at version \(status.storeVersion); latest migration \(status.latestVersion); "
                + (status.isUpToDate ? "up to date." : "\(pending) pending."))
            for problem in status.problems { Output.error("almanac: error: \(FlagHints.apply(migrationProblem: problem))") }
        }
        return status.problems.isEmpty ? ExitCode.success : ExitCode.problemsFound
    }
}
