import Almanac

/// `almanac migrate rollback [--force]`
enum MigrateRollbackCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let rollback = try Store.rollbackMigration(at: try context.storeURL(), force: context.values.flag("force"),
                                                   options: try context.storeOptions())
        if context.json {
            Output.json(.object([
                "fromVersion": .number(JSONNumber(rollback.fromVersion)),
                "toVersion": .number(JSONNumber(rollback.toVersion)),
                "migrationsUndone": .array(rollback.migrations.map { .string($0) }),
            ]))
        } else {
            Output.write("rolled back from version \(rollback.fromVersion) to \(rollback.toVersion), undoing \(rollback.migrations.joined(separator: ", ")).")
        }
        return ExitCode.success
    }
}
