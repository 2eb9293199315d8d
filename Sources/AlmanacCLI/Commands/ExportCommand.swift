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
        options.days = try context.dayRange()
        if let out = context.values.option("out") {
            let url = URL(fileURLWithPath: out)
            let interrupted = InterruptCleanup { Store.removeExportLeftovers(for: url, includingThisProcess: true) }
            defer { interrupted.cancel() }
            let summary = try store.export(to: url, options: options)
            let attachments = options.attachments ? ", \(summary.attachments) attachment\(summary.attachments == 1 ? "" : "s")" : ""
            Output.error("exported \(summary.documents) document\(summary.documents == 1 ? "" : "s")\(attachments) to \(out) (\(summary.bytes) bytes)")
        } else {
            try store.export(toDescriptor: 1, options: options)
        }
        return ExitCode.success
    }

}
