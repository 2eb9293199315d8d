import Almanac
import Foundation

/// `almanac backup DEST --store S [--json]`
enum BackupCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let destination = context.values.positional("destination") else { throw context.usage("give the new folder to back up into") }
        let store = try context.openStore()
        let report = try store.backup(to: URL(fileURLWithPath: destination))
        if context.json {
            Output.json(.object([
                "backup": .string(report.url.path), "documents": .number(JSONNumber(report.documents)),
                "files": .number(JSONNumber(report.files)), "cloned": .number(JSONNumber(report.cloned)),
            ]))
        } else {
            let how = report.cloned == report.files ? "all cloned" : report.cloned == 0 ? "copied" : "\(report.cloned) cloned, the rest copied"
            Output.write("backed up \(report.documents) document\(report.documents == 1 ? "" : "s") (\(report.files) files, \(how)) to \(report.url.path); the copy checks clean")
        }
        return ExitCode.success
    }
}
