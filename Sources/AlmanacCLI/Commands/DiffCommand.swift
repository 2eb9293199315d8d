import Almanac
import Foundation

/// `almanac diff A B [--collection C]... [--from D] [--to D] [--json]`
enum DiffCommand: AlmanacCommand {
    static let old = PositionalSpec.required("a", help: "The first store: a store's folder, a backup's folder or an export file.")
    static let new = PositionalSpec.required("b", help: "The second store, likewise.")
    static let collection = OptionSpec.repeating("collection", valueName: "C", help: "Only this collection (repeat for several).")

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what differs between two stores, a store and a backup, or a store and an export, field by field.",
        discussion: """
            Documents are matched by collection and id: '+' only in B, '-' only in A, '~' in both but changed, \
            with each changed value as 'POINTER: OLD → NEW'. Schema files, the schema version and attachments are compared too. \
            --from and --to select in the collections with a date field. Exits 0 when the two are equal, 1 when they differ, and 2 or more when they cannot be compared. \
            Example: almanac diff backups/2025-02-08 ~/Stores/cravey
            """,
        options: [collection, CommonOptions.from, CommonOptions.to],
        positionals: [old, new],
        // It reads the two it is given, and takes no lock.
        ignoredGlobals: [CommonOptions.store.name, CommonOptions.lockTimeout.name, CommonOptions.schema.name])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let first = context.values.positional(old), let second = context.values.positional(new) else {
            throw context.usage("give the two stores to compare: 'almanac diff A B'")
        }
        let options = DiffOptions(collections: context.values.options(collection), days: try context.dayRange())
        let diff: StoreDiff
        do {
            diff = try Store.diff(URL(fileURLWithPath: first), URL(fileURLWithPath: second), options: options)
        } catch let error as AlmanacError where ExitCode.for(error) == ExitCode.failure {
            // Exit 1 means "they differ", as for diff(1): a comparison that fails exits 2.
            Output.failure(FlagHints.apply(error), json: context.json)
            return ExitCode.usage
        }
        try context.print(diff, adding: ["equal": .bool(diff.isEqual), "a": .string(first), "b": .string(second)]) { diff in
            text(diff)
        }
        return diff.isEqual ? ExitCode.success : ExitCode.failure
    }

    /// The diff as a person reads it: one line per difference, each changed value indented below its document.
    static func text(_ diff: StoreDiff) -> String {
        var lines: [String] = []
        for property in diff.properties {
            lines.append("~ \(property.name): \(property.old.displayText) → \(property.new.displayText)")
        }
        for file in diff.schemaFiles + diff.attachments {
            lines.append("\(mark(file.kind)) \(file.path)")
        }
        for document in diff.documents {
            switch document.kind {
            case .added: lines.append("+ \(document.newPath ?? "")")
            case .removed: lines.append("- \(document.oldPath ?? "")")
            case .changed:
                let moved = document.oldPath != document.newPath ? " (moved from \(document.oldPath ?? ""))" : ""
                lines.append("~ \(document.newPath ?? "")\(moved)")
                for field in document.fields {
                    lines.append("    \(field.pointer): \(field.old?.displayText ?? "(absent)") → \(field.new?.displayText ?? "(absent)")")
                }
            }
        }
        let documents = diff.documents
        let counts = [StoreDiff.Kind.added, .removed, .changed].map { kind in "\(documents.filter { $0.kind == kind }.count) \(kind.rawValue)" }
        lines.append(diff.isEqual ? "the two are equal" : "\(documents.count) document\(documents.count == 1 ? " differs" : "s differ") (\(counts.joined(separator: ", "))); \(diff.count - documents.count) other difference\(diff.count - documents.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }

    private static func mark(_ kind: StoreDiff.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "-"
        case .changed: "~"
        }
    }
}

extension JSONValue {
    /// The value on one line, as JSON.
    fileprivate var displayText: String { String(decoding: compactJSONBytes, as: UTF8.self) }
}
