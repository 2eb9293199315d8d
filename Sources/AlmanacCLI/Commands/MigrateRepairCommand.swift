import Almanac

/// `almanac migrate repair [--migrations DIR]`
enum MigrateRepairCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let url = try context.storeURL()
        let migrations = try MigrationSet(folder: try context.migrationsFolder(app: try Store.app(at: url)))
        let repairs = try Store.repairMigrations(at: url, migrations: migrations, options: try context.storeOptions())
        if context.json {
            Output.json(.object(["repaired": .array(repairs.map { repair in
                var members: [String: JSONValue] = [
                    "version": .number(JSONNumber(repair.version)), "name": .string(repair.name),
                    "previousChecksum": .string(repair.previousChecksum),
                ]
                members["acceptedChecksum"] = repair.acceptedChecksum.map { .string($0) } ?? .null
                return .object(members)
            })]))
        } else if repairs.isEmpty {
            Output.write("nothing to repair: every applied migration file matches its recorded checksum.")
        } else {
            for repair in repairs {
                if let accepted = repair.acceptedChecksum {
                    Output.write("\(repair.name): accepted checksum \(accepted) (was \(repair.previousChecksum))")
                } else {
                    Output.write("\(repair.name): accepted that the file is gone (its checksum was \(repair.previousChecksum))")
                }
            }
        }
        return ExitCode.success
    }
}
