import Almanac
import Foundation

/// `almanac delete --all | COLLECTION [--from D] [--to D] [--where F=V]... | COLLECTION ID [--dry-run] [--yes]`
enum DeleteCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let selection = try selection(context)
        let store = try context.openStore()
        let dryRun = context.values.flag("dry-run")
        if !dryRun && !context.values.flag("yes") {
            guard isatty(0) == 1 else {
                throw context.usage("deleting needs --yes when standard input is not a terminal (try --dry-run first to see what would go)")
            }
            let plan = try store.delete(selection, dryRun: true)
            FileHandle.standardError.write(Data("delete \(plan.deleted.count) document\(plan.deleted.count == 1 ? "" : "s") and \(plan.attachments) attachment\(plan.attachments == 1 ? "" : "s")\(plan.removedArchiveAndBackup ? ", the archive and the pre-migration backup" : "")? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                Output.error("nothing deleted.")
                return ExitCode.failure
            }
        }
        let report = try store.delete(selection, dryRun: dryRun)
        store.finishWriting()
        if context.json {
            Output.json(.object([
                "dryRun": .bool(report.dryRun), "deleted": .array(report.deleted.map { .string($0) }),
                "nullified": .array(report.nullified.map { .string($0) }), "attachments": .number(JSONNumber(report.attachments)),
                "removedArchiveAndBackup": .bool(report.removedArchiveAndBackup),
            ]))
            return ExitCode.success
        }
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
        Output.write(lines.joined(separator: "\n"))
        return ExitCode.success
    }

    private static func selection(_ context: CommandContext) throws -> DeleteSelection {
        let collection = context.values.positional("collection")
        let id = context.values.positional("id")
        let filters = try context.values.options("where").map { text in
            do { return try FieldFilter(parsing: text) } catch let error as AlmanacError { throw context.usage(error.message) }
        }
        let days = try context.dayRange()
        if context.values.flag("all") {
            guard collection == nil, filters.isEmpty, days == nil else {
                throw context.usage("--all deletes everything; give no collection, id, --from, --to or --where with it")
            }
            return .all
        }
        guard let collection else { throw context.usage("say what to delete: --all, a COLLECTION, or a COLLECTION and an ID") }
        if let id {
            guard filters.isEmpty, days == nil else { throw context.usage("deleting one document by id takes no --from, --to or --where") }
            return .document(collection, id: id)
        }
        return .collection(collection, days: days, where: filters)
    }
}
