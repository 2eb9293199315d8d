import Almanac

/// `almanac migrate rollback [--force]`
enum MigrateRollbackCommand: AlmanacCommand {
    static let force = OptionSpec.flag("force", help: "Roll back even though documents were written after the migration (they are lost).")
    static let migrations = OptionSpec.option("migrations", valueName: "DIR", help: "Accepted like its siblings' (so one script line serves them all); a rollback needs only the copy the store kept.")

    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "rollback",
        abstract: "Restore the version the store had before its last 'migrate up', byte for byte.",
        discussion: "Refuses (exit 1) when documents were written after the migration, since they would be lost; --force rolls back anyway.",
        options: [force, migrations])

    static func run(_ context: CommandContext) throws -> Int32 {
        // A rollback reads only the copy the store kept, so the migrator needs no migrations.
        let rollback = try Migrator(migrations: MigrationSet()).rollback(
            storeAt: try context.storeURL(), force: context.values.flag(force), options: try context.storeOptions())
        try context.print(rollback) { rollback in
            "rolled back from version \(rollback.fromVersion) to \(rollback.toVersion), undoing \(rollback.migrations.joined(separator: ", "))."
        }
        return ExitCode.success
    }
}
