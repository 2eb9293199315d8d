import Almanac

/// `almanac migrate rollback [--force]`
enum MigrateRollbackCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let rollback: MigrationRollback
        do {
            rollback = try Store.rollbackMigration(at: try context.storeURL(), force: context.values.flag("force"),
                                                   options: try context.storeOptions())
        } catch var error as AlmanacError where error.code == .rollbackRefused && error.message.hasSuffix("roll back with force") {
            // The library speaks of its `force` argument; here it is a flag.
            error.message = String(error.message.dropLast("force".count)) + "--force"
            throw error
        }
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
