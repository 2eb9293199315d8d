import Almanac

/// `almanac check`
enum CheckCommand: AlmanacCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Read every file of the store and report every problem; changes nothing.",
        discussion: "Exits 3 when a problem is found: malformed JSON, a document away from the path its id and date require, duplicate ids, leftover temporary files, unknown files or symbolic links.")

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let report = try store.check()
        try context.print(report, adding: ["store": .string(store.url.path)]) { report in
            (report.problems.map(\.description)
                + ["\(report.documentsChecked) documents checked: \(report.errors) error\(report.errors == 1 ? "" : "s"), \(report.warnings) warning\(report.warnings == 1 ? "" : "s")."])
                .joined(separator: "\n")
        }
        return report.isClean ? ExitCode.success : ExitCode.problemsFound
    }
}
