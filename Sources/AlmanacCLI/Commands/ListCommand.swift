import Almanac
import Foundation

/// `almanac ls COLLECTION [--from DATE] [--to DATE] [--where FIELD=VALUE]...`
enum ListCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        guard let collection = context.values.positional("collection") else { throw context.usage("missing argument COLLECTION") }
        let store = try context.openStore()
        let filters = try context.values.options("where").map { text in
            do { return try FieldFilter(parsing: text) } catch let error as AlmanacError { throw context.usage(error.message) }
        }
        let from = try context.values.option("from").map { try DateArgument(parsing: $0, option: "--from", context: context) }
        let to = try context.values.option("to").map { try DateArgument(parsing: $0, option: "--to", context: context) }
        var days: ClosedRange<CalendarDate>?
        var instants: Range<Date>?
        switch (from, to) {
        case (nil, nil):
            break
        case (.day(let first)?, .day(let last)?):
            guard first <= last else { throw context.usage("--from \(first) is after --to \(last)") }
            days = first...last
        case (.day(let first)?, nil):
            days = first...CalendarDate(year: 9999, month: 12, day: 31)!
        case (nil, .day(let last)?):
            days = CalendarDate(year: 1, month: 1, day: 1)!...last
        default:
            let lower = from?.start(in: store.timeZone) ?? .distantPast
            let upper = to?.end(in: store.timeZone) ?? .distantFuture
            guard lower < upper else { throw context.usage("--from is not before --to") }
            instants = lower..<upper
        }
        let documents = try store.documents(json: collection, days: days, instants: instants, where: filters)
        if context.json {
            Output.json(.array(documents.map { .object(["path": .string($0.location.relativePath), "document": $0.value]) }))
            return ExitCode.success
        }
        guard let descriptor = store.catalog.collection(named: collection) else { return ExitCode.failure }
        let rows = documents.map { document -> [String] in
            let date = descriptor.dateField.flatMap { document.value[$0]?.stringValue } ?? ""
            return [document.location.id ?? descriptor.name, date, document.location.relativePath]
        }
        if !rows.isEmpty { Output.write(Output.table(rows)) }
        Output.error("\(documents.count) document\(documents.count == 1 ? "" : "s") in \(collection)")
        return ExitCode.success
    }
}

/// A `--from`/`--to` value: a day (`2025-01-27`) or an instant (`2025-01-27T14:03:00Z`).
enum DateArgument {
    case day(CalendarDate)
    case instant(Date)

    init(parsing text: String, option: String, context: CommandContext) throws {
        if let day = CalendarDate(text) {
            self = .day(day)
        } else if let instant = ISO8601DateFormatter().date(from: text) {
            self = .instant(instant)
        } else {
            throw context.usage("\(option) expects a day like 2025-01-27 or a timestamp like 2025-01-27T14:03:00Z, got '\(text)'")
        }
    }

    /// The first instant the argument covers.
    func start(in timeZone: TimeZone) -> Date {
        switch self {
        case .day(let day): day.startDate(in: timeZone)
        case .instant(let instant): instant
        }
    }

    /// The instant just after the argument: a day's end is the next day's start.
    func end(in timeZone: TimeZone) -> Date {
        switch self {
        case .day(let day): day.adding(days: 1).startDate(in: timeZone)
        case .instant(let instant): instant
        }
    }
}
