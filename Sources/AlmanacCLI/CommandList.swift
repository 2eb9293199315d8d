/// Every `almanac` command, in the order help lists them, and the parser built from them.
enum CommandList {
    /// The commands; a group is listed where its first command is.
    static let commands: [any AlmanacCommand.Type] = [
        InitCommand.self,
        StatusCommand.self,
        ListCommand.self,
        GetCommand.self,
        PutCommand.self,
        RemoveCommand.self,
        SchemaNewCommand.self,
        SchemaAddCollectionCommand.self,
        MigrateNewCommand.self,
        MigrateStatusCommand.self,
        MigratePlanCommand.self,
        MigrateUpCommand.self,
        MigrateRollbackCommand.self,
        MigrateRepairCommand.self,
        SeedImportCommand.self,
        ExportCommand.self,
        BackupCommand.self,
        ImportCommand.self,
        DeleteCommand.self,
        RetentionRunCommand.self,
        TimeZoneShowCommand.self,
        TimeZoneSetCommand.self,
        ReportCommand.self,
        CheckCommand.self,
        ResolveCommand.self,
        GitInstallCommand.self,
        GitMergeCommand.self,
        DiffCommand.self,
        RestoreCommand.self,
    ]

    static let root = CommandSpec(
        name: "almanac",
        abstract: "Keep an app's data as plain JSON files, one per document, in a folder tree keyed by date.",
        discussion: """
            Exit codes: 0 ok, 1 failure, 2 usage, 3 check or validation found problems, \
            4 store locked by another process, 5 store newer than this tool. \
            With --json, results are JSON on stdout and errors JSON on stderr ({"error": {"code", "message", …}}). \
            'almanac --version' prints the tool's version and the newest store format it knows.
            """,
        subcommands: tree())

    static let parser = ArgumentParser(root: root, globalOptions: CommonOptions.global)

    /// The command that runs `path`: the one whose path is its prefix (`report` serves
    /// `report miga streak`).
    static func command(for path: [String]) -> (any AlmanacCommand.Type)? {
        commands.first { path.starts(with: $0.path) }
    }

    /// The top-level specs: each ungrouped command, and each group holding its commands.
    private static func tree() -> [CommandSpec] {
        var specs: [CommandSpec] = []
        var groupIndex: [CommandGroup: Int] = [:]
        for command in commands {
            guard let group = command.group else {
                specs.append(command.spec)
                continue
            }
            if let index = groupIndex[group] {
                specs[index].subcommands.append(command.spec)
            } else {
                groupIndex[group] = specs.count
                specs.append(CommandSpec(name: group.rawValue, abstract: group.abstract, subcommands: [command.spec]))
            }
        }
        return specs
    }
}
