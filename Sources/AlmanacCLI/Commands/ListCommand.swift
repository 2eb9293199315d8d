import Almanac
import Foundation

/// `almanac ls COLLECTION [--from DATE] [--to DATE] [--where FIELD=VALUE]...`
enum ListCommand: AlmanacCommand {
    static let collection = PositionalSpec.required("collection", help: "The collection to list.")

    static let spec = CommandSpec(
        name: "ls", abstract: "List a collection's documents, oldest first.",
        discussion: "Dates are YYYY-MM-DD days in the store's time zone (both ends included) or ISO 8601 timestamps (--to excluded).",
        options: [CommonOptions.from, CommonOptions.to, CommonOptions.filter],
        positionals: [collection])

    /// One listed document, as `ls --json` prints it.
    struct Listed: Encodable {
        var path: String
        var document: JSONValue
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let name = context.values.positional(collection) else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let filters = try context.filters()
        var days: ClosedRange<CalendarDate>?
        var instants: Range<Date>?
        switch try context.dateRange()?.selection(in: store.timeZone, usage: context.usage) {
        case .days(let range)?: days = range
        case .instants(let range)?: instants = range
        case nil: break
        }
        let documents = try store.documents(json: name, days: days, instants: instants, where: filters)
        if context.json {
            try Output.json(documents.map { Listed(path: $0.location.relativePath, document: $0.value) })
            return ExitCode.success
        }
        let descriptor = try store.collection(named: name)
        let rows = documents.map { document -> [String] in
            let date = descriptor.dateField.flatMap { document.value[$0]?.stringValue } ?? ""
            return [document.location.id ?? descriptor.name, date, document.location.relativePath]
        }
        if !rows.isEmpty { Output.write(Output.table(rows)) }
        Output.error("\(documents.count) document\(documents.count == 1 ? "" : "s") in \(name)")
        return ExitCode.success
    }
}
