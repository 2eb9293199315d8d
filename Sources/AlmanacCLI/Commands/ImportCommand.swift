import Almanac
import Foundation

/// `almanac import FILE --store NEW`
enum ImportCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let file = context.values.positional("file") else { throw context.usage("give the export file to import") }
        let target = try context.storeURL()
        let summary = try Store.importExport(from: URL(fileURLWithPath: file), into: target, options: try context.storeOptions())
        if context.json {
            Output.json(.object([
                "app": .string(summary.app), "schemaVersion": .number(JSONNumber(summary.schemaVersion)),
                "documents": .number(JSONNumber(summary.documents)), "attachments": .number(JSONNumber(summary.attachments)),
                "store": .string(target.path),
            ]))
        } else {
            var line = "imported \(summary.documents) document\(summary.documents == 1 ? "" : "s") and \(summary.attachments) attachment\(summary.attachments == 1 ? "" : "s") into \(target.path) (\(summary.app), schema version \(summary.schemaVersion))"
            // Suggest a migration only when the app's current schema (--schema, or schema/<app> here) is newer.
            if let current = (try? context.projectCatalog(app: summary.app))??.version, current > summary.schemaVersion {
                line += "; the app's schema is at version \(current): run 'almanac migrate up' to bring the store to it"
            }
            Output.write(line + ".")
        }
        return ExitCode.success
    }
}
