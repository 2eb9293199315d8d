import Almanac

/// `almanac migrate repair [--migrations DIR]`
enum MigrateRepairCommand: AlmanacCommand {
    static let group: CommandGroup? = .migrate
    static let spec = CommandSpec(
        name: "repair",
        abstract: "Accept applied migration files that were edited or removed since they were applied.",
        discussion: "Records the files' checksums now (and marks missing files as removed) in store.json; changes no document.",
        options: [CommonOptions.migrations])

    static func run(_ context: CommandContext) throws -> Int32 {
        let url = try context.storeURL()
        let migrator = try context.migrator(app: try Store.app(at: url), needsSchema: false)
        let repairs = try migrator.repair(storeAt: url, options: try context.storeOptions())
        try context.print(["repaired": repairs]) { _ in
            guard !repairs.isEmpty else { return "nothing to repair: every applied migration file matches its recorded checksum." }
            return repairs.map { repair in
                if let accepted = repair.acceptedChecksum {
                    "\(repair.name): accepted checksum \(accepted) (was \(repair.previousChecksum))"
                } else {
                    "\(repair.name): accepted that the file is gone (its checksum was \(repair.previousChecksum))"
                }
            }.joined(separator: "\n")
        }
        return ExitCode.success
    }
}
