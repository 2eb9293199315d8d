import Almanac
import Foundation

/// `almanac export [--out FILE] [--format json|jsonl] [--collection C]... [--from D] [--to D] [--redact FIELD]... [--attachments]`
enum ExportCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        var options = ExportOptions(collections: context.values.options("collection"), redact: context.values.options("redact"),
                                    attachments: context.values.flag("attachments"))
        if let format = context.values.option("format") {
            guard let parsed = ExportOptions.Format(rawValue: format) else {
                throw context.usage("--format expects json or jsonl, got '\(format)'")
            }
            options.format = parsed
        }
        let from = try context.values.option("from").map { try day($0, "--from", context) }
        let to = try context.values.option("to").map { try day($0, "--to", context) }
        if from != nil || to != nil {
            let low = from ?? CalendarDate(year: 1, month: 1, day: 1)!
            let high = to ?? CalendarDate(year: 9999, month: 12, day: 31)!
            guard low <= high else { throw context.usage("--from \(low) is after --to \(high)") }
            options.days = low...high
        }
        if let out = context.values.option("out") {
            let summary = try store.export(to: URL(fileURLWithPath: out), options: options)
            let attachments = options.attachments ? ", \(summary.attachments) attachment\(summary.attachments == 1 ? "" : "s")" : ""
            Output.error("exported \(summary.documents) document\(summary.documents == 1 ? "" : "s")\(attachments) to \(out) (\(summary.bytes) bytes)")
        } else {
            try store.export(toDescriptor: 1, options: options)
        }
        return ExitCode.success
    }

    private static func day(_ text: String, _ option: String, _ context: CommandContext) throws -> CalendarDate {
        guard let day = CalendarDate(text) else { throw context.usage("\(option) expects a date such as 2025-01-27, got '\(text)'") }
        return day
    }
}
