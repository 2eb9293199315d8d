import Almanac
import Foundation

/// `almanac backup DEST --store S [--json] [--quiet]`
enum BackupCommand: AlmanacCommand {
    static let destination = PositionalSpec.required("destination", help: "The new folder (it must not exist).")

    static let spec = CommandSpec(
        name: "backup",
        abstract: "Copy the store, while it is written, into a new folder: complete, consistent and checked.",
        discussion: "The copy is of one instant, pictured without making writers wait (a picture a save overtakes is taken again), and is independent of the store: copy-on-write clones where the file system has them (APFS, Btrfs, XFS), plain copies otherwise. It is checked before it is named DEST, and kept whatever the check finds: a damaged store is copied as it stands (exit 3, with the problems listed). A plain 'cp -a' is safe only while no writer runs.",
        options: [CommonOptions.quiet], positionals: [destination])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let path = context.values.positional(destination) else { throw context.usage("give the new folder to back up into") }
        let store = try context.openStore()
        let line = ProgressLine("backup", context: context, quiet: CommonOptions.quiet)
        let report = try store.backup(to: URL(fileURLWithPath: path), progress: line?.handler)
        line?.finish()
        var shown = report
        shown.check = FlagHints.apply(report.check)
        try context.print(shown) { report in
            let how = report.cloned == report.files ? "all cloned" : report.cloned == 0 ? "copied" : "\(report.cloned) cloned, the rest copied"
            let line = "backed up \(report.documents) document\(report.documents == 1 ? "" : "s") (\(report.files) files, \(how)) to \(report.url.path)"
            guard !report.check.problems.isEmpty else { return line + "; the copy checks clean" }
            let errors = report.check.errors, warnings = report.check.warnings
            return (report.check.problems.map(\.description)
                + [line + "; the copy holds the store as it stands, with \(errors) error\(errors == 1 ? "" : "s") and \(warnings) warning\(warnings == 1 ? "" : "s") (above); 'almanac check' on the store lists them too"])
                .joined(separator: "\n")
        }
        return report.isClean ? ExitCode.success : ExitCode.problemsFound
    }
}
