import Almanac

/// `almanac migrate status [--migrations DIR]`
enum MigrateStatusCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let migrations = try MigrationSet(folder: try context.migrationsFolder(app: store.app))
        let status = store.migrationStatus(migrations)
        if context.json {
            Output.json(.object([
                "storeVersion": .number(JSONNumber(status.storeVersion)),
                "latestVersion": .number(JSONNumber(status.latestVersion)),
                "upToDate": .bool(status.isUpToDate),
                "migrations": .array(status.entries.map { entry in
                    var members: [String: JSONValue] = [
                        "version": .number(JSONNumber(entry.version)), "name": .string(entry.name), "state": .string(entry.state.rawValue),
                    ]
                    if let recorded = entry.recordedChecksum { members["recordedChecksum"] = .string(recorded) }
                    if let file = entry.fileChecksum { members["fileChecksum"] = .string(file) }
                    return .object(members)
                }),
                "problems": .array(status.problems.map { .string($0) }),
            ]))
        } else {
            let rows = status.entries.map { [String($0.version), $0.name, $0.state.rawValue] }
            Output.write(Output.table([["version", "migration", "state"]] + rows))
            let pending = status.pending.count
            Output.write("\nstore at version \(status.storeVersion); latest migration \(status.latestVersion); "
                + (status.isUpToDate ? "up to date." : "\(pending) pending."))
            for problem in status.problems { Output.error("almanac: error: \(problem)") }
        }
        return status.problems.isEmpty ? ExitCode.success : ExitCode.problemsFound
    }
}
