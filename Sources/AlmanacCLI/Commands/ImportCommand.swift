import Almanac
import Foundation

/// `almanac import FILE --store NEW`
enum ImportCommand: AlmanacCommand {
    static let file = PositionalSpec.required("file", help: "An export written by 'almanac export'.")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Restore an export into a new or empty store (--store), validating every document.",
        discussion: "The store is created at the export's schema version; run 'almanac migrate up' afterwards to bring it forward. A store that holds documents is refused.",
        options: [CommonOptions.quiet], positionals: [file])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let path = context.values.positional(file) else { throw context.usage("give the export file to import") }
        let target = try context.storeURL()
        let line = ProgressLine("import", context: context, quiet: CommonOptions.quiet)
        let summary = try Store.importExport(from: URL(fileURLWithPath: path), into: target, options: try context.storeOptions(), progress: line?.handler)
        line?.finish()
        try context.print(summary, adding: ["store": .string(target.path)]) { summary in
            var line = "imported \(summary.documents) document\(summary.documents == 1 ? "" : "s") and \(summary.attachments) attachment\(summary.attachments == 1 ? "" : "s") into \(target.path) (\(summary.app), schema version \(summary.schemaVersion))"
            // Suggest a migration only when the app's current schema (--schema, or schema/<app> here) is newer.
            if let current = (try? context.projectCatalog(app: summary.app))??.version, current > summary.schemaVersion {
                line += "; the app's schema is at version \(current): run 'almanac migrate up' to bring the store to it"
            }
            return line + "."
        }
        return ExitCode.success
    }
}
