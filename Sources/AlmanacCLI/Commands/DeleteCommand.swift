import Almanac
import Foundation

/// `almanac delete --all | COLLECTION [--from D] [--to D] [--where EXPR]... | COLLECTION ID [--dry-run] [--yes]`
enum DeleteCommand: AlmanacCommand {
    static let all = OptionSpec.flag("all", help: "Delete every document, attachment, archived document and pre-migration backup; the store stays usable.")
    static let dryRun = OptionSpec.flag("dry-run", help: "List what would be deleted, with counts; delete nothing.")
    static let collection = PositionalSpec.optional("collection", help: "The collection to delete from.")
    static let id = PositionalSpec.optional("id", help: "One document's id.")

    static let spec = CommandSpec(
        name: "delete",
        abstract: "Delete documents: all of them, a collection (in a date range, matching --where), or one by id.",
        discussion: "References are applied (nullify, cascade, restrict) and attachments go with their documents. Deletes are atomic and survive kill -9. --where takes the conditions ls takes (e.g. delete action-instances --where 'status=done' --dry-run); an unknown field or operator is an error (exit 2). --yes is required when standard input is not a terminal, except for one document by id whose delete reaches no other document (as with rm).",
        options: [all, CommonOptions.from, CommonOptions.to, CommonOptions.filter, dryRun, CommonOptions.yes, CommonOptions.overrideTransitions],
        positionals: [collection, id])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let selection = try selection(context, store: store)
        let isDryRun = context.values.flag(dryRun)
        if !isDryRun && !context.values.flag(CommonOptions.yes), case .document(let name, let id) = selection {
            // One document by id: as 'rm', asked only when its references reach other documents.
            let label = try store.collection(named: name).isSingleton ? name : "\(name)/\(id)"
            guard try RemoveCommand.confirmReach(of: selection, label: label, store: store, context: context) else {
                Output.error("nothing deleted.")
                return ExitCode.failure
            }
        } else if !isDryRun && !context.values.flag(CommonOptions.yes) {
            guard isatty(0) == 1 else {
                throw context.usage("deleting needs --yes when standard input is not a terminal (try --dry-run first to see what would go)")
            }
            let plan = try store.delete(selection, dryRun: true, overridingFinalStates: context.values.flag(CommonOptions.overrideTransitions))
            FileHandle.standardError.write(Data("delete \(plan.deleted.count) document\(plan.deleted.count == 1 ? "" : "s") and \(plan.attachments) attachment\(plan.attachments == 1 ? "" : "s")\(plan.removedArchiveAndBackup ? ", the archive and the pre-migration backup" : "")? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                Output.error("nothing deleted.")
                return ExitCode.failure
            }
        }
        let report = try store.delete(selection, dryRun: isDryRun, overridingFinalStates: context.values.flag(CommonOptions.overrideTransitions))
        store.finishWriting()
        try context.print(report, text: text)
        return ExitCode.success
    }

    static func text(_ report: DeleteReport) -> String {
        let verb = report.dryRun ? "would delete" : "deleted"
        var lines = ["\(verb) \(report.deleted.count) document\(report.deleted.count == 1 ? "" : "s") and \(report.attachments) attachment\(report.attachments == 1 ? "" : "s")"
            + (report.removedArchiveAndBackup ? ", with the archive and the pre-migration backup" : "")]
        var counts: [String: Int] = [:]
        for label in report.deleted { counts[String(label.prefix(while: { $0 != "/" })), default: 0] += 1 }
        lines += counts.sorted(by: { $0.key < $1.key }).map { "  \($0.key): \($0.value)" }
        if report.dryRun && report.deleted.count <= 50 { lines += report.deleted.map { "  - \($0)" } }
        if !report.nullified.isEmpty {
            lines.append("\(report.dryRun ? "would set" : "set") to null (references to deleted documents):")
            lines += report.nullified.map { "  \($0)" }
        }
        if report.dryRun { lines.append("dry run: nothing was deleted.") }
        return lines.joined(separator: "\n")
    }

    private static func selection(_ context: CommandContext, store: Store) throws -> DeleteSelection {
        let name = context.values.positional(collection)
        let identifier = context.values.positional(id)
        let filtered = !context.values.options(CommonOptions.filter).isEmpty
        let days = try context.dayRange()
        if context.values.flag(all) {
            guard name == nil, !filtered, days == nil else {
                throw context.usage("--all deletes everything; give no collection, id, --from, --to or --where with it")
            }
            return .all
        }
        guard let name else { throw context.usage("say what to delete: --all, a COLLECTION, or a COLLECTION and an ID") }
        if let identifier {
            guard !filtered, days == nil else { throw context.usage("deleting one document by id takes no --from, --to or --where") }
            return .document(name, id: identifier)
        }
        return .collection(name, days: days, where: try context.condition(for: name, in: store))
    }
}
