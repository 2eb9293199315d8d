import Almanac
import Foundation

/// `almanac restore BACKUP --store S`
enum RestoreCommand: AlmanacCommand {
    static let backup = PositionalSpec.required("backup", help: "A backup's folder (almanac backup) or an export file (almanac export).")

    static let spec = CommandSpec(
        name: "restore",
        abstract: "Put a backup in place of the store in one atomic step, keeping the replaced store beside it.",
        discussion: """
            The backup must check clean, be of the store's app and not be newer than this tool. It is copied beside the store, \
            then exchanged with it under the store's lock: whatever stops the command, the store's folder holds either the old \
            store or the restored one. The replaced store stays as <store>.replaced-<time> until you remove it. \
            Close apps that have the store open first: they would go on writing to the replaced copy.
            """,
        options: [CommonOptions.quiet], positionals: [backup])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let path = context.values.positional(backup) else { throw context.usage("give the backup to restore: 'almanac restore BACKUP --store S'") }
        let source = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        // The newest schema this tool knows for the backup's app: a newer backup is refused.
        let codeVersion = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? try context.projectCatalog(app: try Store.app(at: source))?.version : nil
        let target = try context.storeURL()
        let line = ProgressLine("restore", context: context, quiet: CommonOptions.quiet)
        let report = try Store.restore(from: source, to: target, options: try context.storeOptions(codeSchemaVersion: codeVersion), progress: line?.handler)
        line?.finish()
        try context.print(report) { report in
            "restored \(report.documents) document\(report.documents == 1 ? "" : "s") from \(path) into \(report.store.path)"
                + (report.replaced.map { "; the replaced store is kept at \($0.path) until you remove it" } ?? "")
        }
        return ExitCode.success
    }
}
