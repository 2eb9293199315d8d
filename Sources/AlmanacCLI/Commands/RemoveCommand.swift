import Almanac
import Foundation

/// `almanac rm COLLECTION [ID] [--yes]`
///
/// Reports every document the catalog's references remove with it (`cascade`) or change
/// (`nullify`); when they reach other documents and standard input is not a terminal, it
/// wants `--yes`, as `delete` does.
enum RemoveCommand: AlmanacCommand {
    static let yes = OptionSpec.flag("yes", help: "Go ahead when references reach other documents, without asking.")

    static let spec = CommandSpec(
        name: "rm", abstract: "Delete one document.",
        discussion: "Lists every document the catalog's references delete with it (cascade) or set to null; when there are any, it needs --yes unless standard input is a terminal.",
        options: [yes, CommonOptions.overrideTransitions], positionals: [CommonOptions.collection, CommonOptions.id])

    /// What `rm --json` prints: the removed id and collection beside the delete's report.
    struct Removed: Encodable {
        var removed: String
        var collection: String
        var deleted: [String]
        var nullified: [String]
        var attachments: Int
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional(CommonOptions.collection) else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let descriptor = try store.collection(named: collection)
        let id = context.values.positional(CommonOptions.id) ?? ""
        if !descriptor.isSingleton && id.isEmpty { throw context.usage("missing argument ID (\(collection) is not a singleton collection)") }
        let label = descriptor.isSingleton ? collection : "\(collection)/\(id)"
        let selection = DeleteSelection.document(collection, id: id)
        let report: DeleteReport
        do {
            // Planned first only when it may need asking: with --yes the delete runs at once.
            if !context.values.flag(yes), try !confirmReach(of: selection, label: label, store: store, context: context) {
                Output.error("nothing removed.")
                return ExitCode.failure
            }
            report = try store.delete(selection, overridingFinalStates: context.values.flag(CommonOptions.overrideTransitions))
        } catch let error as AlmanacError where error.code == .invalidID {
            throw context.usage(error.message)
        } catch let error as AlmanacError where error.code == .notFound {
            throw AlmanacError(.notFound, "no document \"\(id)\" in \(collection); nothing was removed", id: id)
        }
        store.finishWriting()
        let others = report.deleted.filter { !isSame($0, label) }
        // The id as the store spells it (ids compare ignoring case): `STOICISM-004` removes `stoicism-004`.
        let stored = report.deleted.first { isSame($0, label) } ?? label
        let storedID = descriptor.isSingleton ? id : String(stored.dropFirst(collection.count + 1))
        let removed = Removed(removed: storedID, collection: collection, deleted: report.deleted, nullified: report.nullified, attachments: report.attachments)
        try context.print(removed) { removed in
            var lines = ["Removed \(stored)."]
            if !others.isEmpty { lines.append("Also deleted (cascade): " + others.joined(separator: ", ")) }
            if !removed.nullified.isEmpty { lines.append("Set to null: " + removed.nullified.joined(separator: ", ")) }
            return lines.joined(separator: "\n")
        }
        return ExitCode.success
    }

    /// Whether a deleted document's label is the one asked for: ids compare ignoring case, as
    /// the store compares them (the report spells the id as stored).
    static func isSame(_ deleted: String, _ label: String) -> Bool {
        deleted.lowercased() == label.lowercased()
    }

    /// Whether to go ahead: yes when the catalog's references reach no other document, else
    /// the person's answer at a terminal; off a terminal it is a usage error asking for --yes.
    /// `delete COLLECTION ID` asks the same way, so that the two never disagree.
    static func confirmReach(of selection: DeleteSelection, label: String, store: Store, context: CommandContext) throws -> Bool {
        let plan = try store.delete(selection, dryRun: true, overridingFinalStates: context.values.flag(CommonOptions.overrideTransitions))
        let others = plan.deleted.filter { !isSame($0, label) }
        guard !others.isEmpty || !plan.nullified.isEmpty else { return true }
        let reach = "removing \(label) also deletes \(others.count) and changes \(plan.nullified.count) other document\(others.count + plan.nullified.count == 1 ? "" : "s") (the catalog's references)"
        guard isatty(0) == 1 else {
            throw context.usage("\(reach); pass --yes to go ahead (see them with 'almanac delete \(label.replacingOccurrences(of: "/", with: " ")) --dry-run')")
        }
        FileHandle.standardError.write(Data("\(reach): \((others + plan.nullified).joined(separator: ", ")). Go ahead? [y/N] ".utf8))
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.lowercased())
    }
}
