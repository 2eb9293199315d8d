import Almanac
import Foundation

/// `almanac seed import FILE... [--dry-run]`
enum SeedImportCommand: AlmanacCommand {
    static let dryRun = OptionSpec.flag("dry-run", help: "Show what would be inserted and updated; write nothing.")
    static let files = PositionalSpec.variadic("files", help: "Seed files (JSON: collection, source, contentVersion, documents).")

    static let group: CommandGroup? = .seed
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import seed files: insert new documents, update older ones keeping user-owned fields, never touch the user's.",
        discussion: """
            A stored document is updated only when the file's contentVersion for it is higher; the fields the \
            catalog marks as user-owned keep their stored values. Seeded documents missing from the file are \
            reported, not deleted. Every document is validated first, and the files are imported as one change. \
            Importing the same files again writes nothing.
            """,
        options: [dryRun, CommonOptions.quiet], positionals: [files])

    static func run(_ context: CommandContext) throws -> Int32 {
        let files = try context.values.positionals(Self.files).map { try SeedFile(contentsOf: URL(fileURLWithPath: $0)) }
        let store = try context.openStore()
        let report: SeedImportReport
        do {
            let line = ProgressLine("seed import", context: context, quiet: CommonOptions.quiet)
            defer { line?.finish() }
            report = try store.importSeeds(files, dryRun: context.values.flag(dryRun), progress: line?.handler)
        } catch let error as AlmanacError where error.code == .invalidArgument || error.code == .unknownCollection {
            throw needsMigration(error, files: files, store: store, context: context) ?? error
        }
        store.finishWriting()
        try context.print(report, text: text)
        return ExitCode.success
    }

    /// The error for seed files whose collection is seeded only in a newer version of the app's
    /// schema (`--schema`, or `schema/<app>` here) than the store is at: migrate first.
    private static func needsMigration(_ error: AlmanacError, files: [SeedFile], store: Store, context: CommandContext) -> AlmanacError? {
        guard let current = (try? context.projectCatalog(app: store.app)) ?? nil, current.version > store.schemaVersion,
              let index = files.firstIndex(where: { file in
                  store.catalog.collection(named: file.collection)?.isSeeded != true && current.collection(named: file.collection)?.isSeeded == true
              })
        else { return nil }
        let file = files[index]
        return AlmanacError(
            .invalidArgument,
            "\(file.fileName) seeds \(file.collection), which the app's schema version \(current.version) has as seeded content but this store, at schema version \(store.schemaVersion), does not; run 'almanac migrate up' first, then import the seeds",
            path: context.values.positionals(Self.files)[index])
    }

    static func text(_ report: SeedImportReport) -> String {
        var lines: [String] = []
        let would = report.dryRun ? "would be " : ""
        for file in report.files {
            lines.append("\(file.fileName) → \(file.collection) (contentVersion \(file.contentVersion)): "
                + "\(file.inserted.count) \(would)inserted, \(file.updated.count) \(would)updated, \(file.unchanged) unchanged"
                + (file.userDocumentsKept.isEmpty ? "" : ", \(file.userDocumentsKept.count) of the user's kept")
                + (file.keptDeleted.isEmpty ? "" : ", \(file.keptDeleted.count) deleted by the user left deleted")
                + (file.notAdded.isEmpty ? "" : ", \(file.notAdded.count) new not added"))
            if !file.inserted.isEmpty { lines.append("  inserted: " + Output.idList(file.inserted)) }
            if !file.updated.isEmpty { lines.append("  updated: " + Output.idList(file.updated)) }
            for edit in file.keptEdits {
                let fields = edit.fields.count == 1 ? edit.fields[0] : edit.fields.dropLast().joined(separator: ", ") + " and " + edit.fields.last!
                lines.append("  \(edit.id): \(report.dryRun ? "would keep" : "kept") the user's edit of \(fields)")
            }
            if !file.userDocumentsKept.isEmpty { lines.append("  the user's own, not touched: " + Output.idList(file.userDocumentsKept)) }
            if !file.missingFromFile.isEmpty { lines.append("  no longer in the file (kept, not deleted): " + Output.idList(file.missingFromFile)) }
            if !file.keptDeleted.isEmpty { lines.append("  deleted by the user, not added again: " + Output.idList(file.keptDeleted)) }
            if !file.notAdded.isEmpty { lines.append("  not added (the catalog seeds \(file.collection) only while it holds no seeded document): " + Output.idList(file.notAdded)) }
        }
        if report.dryRun {
            lines.append("dry run: nothing was written.")
        } else if !report.changedStore {
            lines.append("nothing changed: every document is already at its content version.")
        }
        return lines.joined(separator: "\n")
    }
}
