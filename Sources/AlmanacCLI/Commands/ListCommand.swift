import Almanac
import Foundation

/// `almanac ls COLLECTION [--from D] [--to D] [--where EXPR]... [--sort FIELD[:desc]]... [--limit N] [--offset N] [--count] [--keep-going]`
enum ListCommand: AlmanacCommand {
    static let collection = PositionalSpec.required("collection", help: "The collection to list.")
    static let sort = OptionSpec.repeating("sort", valueName: "FIELD[:desc]", help: "Order by FIELD, ascending or :desc (repeatable; the first decides, later ones break ties). Default: oldest first.")
    static let limit = OptionSpec.option("limit", valueName: "N", help: "List at most N documents.")
    static let offset = OptionSpec.option("offset", valueName: "N", help: "Skip the first N documents of the order.")
    static let count = OptionSpec.flag("count", help: "Print only how many documents match.")
    static let keepGoing = OptionSpec.flag("keep-going", help: "List (or, with --count, count) every readable document and report the files that cannot be read (exit 3), instead of stopping at the first.")

    static let spec = CommandSpec(
        name: "ls", abstract: "List a collection's documents, oldest first, or in the order --sort gives.",
        discussion: """
            Dates are YYYY-MM-DD days in the store's calendar (both ends included) or ISO 8601 timestamps (--to excluded). \
            A field --where or --sort names must be in the collection's schema. Examples: \
            almanac ls cravings --where 'intensity>=7' --sort timestamp:desc --limit 20; \
            almanac ls cravings --where 'triggers contains Anxious' --count. \
            Listings in date order stream: the first line appears before the last file is read.
            """,
        options: [CommonOptions.from, CommonOptions.to, CommonOptions.filter, sort, limit, offset, count, keepGoing],
        positionals: [collection])

    /// One listed document, as `ls --json` prints it.
    struct Listed: Encodable {
        var path: String
        var document: JSONValue
        /// The other versions a sync left, when there are any.
        var conflict: Output.Conflict?
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let name = context.values.positional(collection) else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        do {
            return try store.checkingFoldersOnce { try list(name, in: store, context) }
        } catch var error as AlmanacError where error.concernsOneFile && !context.values.flag(keepGoing) {
            // The first file that cannot be read stops a listing: say how to see the rest.
            error.message += "; to list the readable documents and report every such file, add --keep-going (or run 'almanac check')"
            throw error
        }
    }

    private static func list(_ name: String, in store: Store, _ context: CommandContext) throws -> Int32 {
        let query = try context.query(name, in: store, sorts: context.values.options(sort),
                                      limit: context.values.integer(limit), offset: context.values.integer(offset))
        // Documents dated in the range but filed outside it, which the listing cannot meet.
        let misfiled = try store.misfiledDocuments(dated: query)
        if context.values.flag(count) {
            // Without --keep-going the first file that cannot be read stops the count, as it stops a listing.
            let (total, unreadable) = try store.countReadable(matching: query)
            if !context.values.flag(keepGoing), let first = unreadable.first { throw first }
            try context.print(["count": total]) { "\($0["count"] ?? 0)" }
            let problems = misfiled + unreadable
            if !problems.isEmpty { Output.problems(problems, json: context.json) }
            if !unreadable.isEmpty {
                Output.error("counted \(total) readable document\(total == 1 ? "" : "s") in \(name); \(unreadable.count) file\(unreadable.count == 1 ? "" : "s") could not be read (above)")
            }
            return problems.isEmpty ? ExitCode.success : ExitCode.problemsFound
        }
        let descriptor = try store.collection(named: name)
        let output = OutputBuffer()
        var listed = 0
        var conflicts: [DocumentConflict] = []
        var olderLayout: [String] = []
        if context.json { output.append("[", newline: false) }
        let problems = try misfiled + store.forEachDocument(matching: query, keepGoing: context.values.flag(keepGoing)) { document in
            if let conflict = document.conflict { conflicts.append(conflict) }
            if descriptor.isOlderLayout(document.location) { olderLayout.append(document.location.relativePath) }
            if context.json {
                let entry = Listed(path: document.location.relativePath, document: document.value, conflict: document.conflict.map(Output.Conflict.init))
                // Trimmed as bytes: Foundation's trimming goes through UTF-16, a third of a listing's time.
                var bytes = try DocumentEncoder().encode(entry).prettyJSONBytes
                while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
                output.append((listed == 0 ? "\n" : ",\n") + String(decoding: bytes, as: UTF8.self), newline: false)
            } else {
                let date = descriptor.dateField.flatMap { document.value[$0]?.stringValue } ?? ""
                output.append(row(document.location.id ?? descriptor.name, date, document.location.relativePath))
            }
            listed += 1
            return true
        }
        if context.json { output.append(listed == 0 ? "]" : "\n]") }
        output.flush()
        Output.conflicts(conflicts, json: context.json)
        Output.olderLayout(olderLayout, json: context.json)
        if !problems.isEmpty { Output.problems(problems, json: context.json) }
        if !context.json {
            Output.error("\(listed) document\(listed == 1 ? "" : "s") in \(name)" + (problems.isEmpty ? "" : "; \(problems.count) file\(problems.count == 1 ? "" : "s") could not be read or \(problems.count == 1 ? "is" : "are") misfiled (above)"))
        }
        return problems.isEmpty ? ExitCode.success : ExitCode.problemsFound
    }

    /// A line of the text listing; columns are padded to an id's and a timestamp's usual
    /// width, since a streamed listing cannot measure rows it has not read yet.
    static func row(_ id: String, _ date: String, _ path: String) -> String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        return pad(id, 36) + "  " + pad(date, 24) + "  " + path
    }
}
