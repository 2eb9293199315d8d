import Almanac
import Foundation

/// `almanac export [--out FILE] [--format json|jsonl] [--collection C]... [--from D] [--to D] [--redact FIELD]... [--attachments]`
enum ExportCommand: AlmanacCommand {
    static let out = OptionSpec.option("out", valueName: "FILE", help: "Write to FILE (created 0600) instead of standard output.")
    static let format = OptionSpec.option("format", valueName: "json|jsonl", help: "One JSON document, or one JSON value per line (default: jsonl; json with --json and no --out).")
    static let collection = OptionSpec.repeating("collection", valueName: "C", help: "Only this collection (repeat for several).")
    static let redact = OptionSpec.repeating("redact", valueName: "FIELD", help: "Replace FIELD's value with \"[redacted]\" (repeat for several).")
    static let attachments = OptionSpec.flag("attachments", help: "Include the documents' attachment files (base64).")
    static let keepGoing = OptionSpec.flag("keep-going", help: "Export every readable document and report the files that cannot be read (exit 3), instead of stopping at the first.")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write the store's documents to one file (or stdout), streamed, in a stable order.",
        discussion: "Two exports of the same store are byte-identical. The file is created 0600. It starts with a header: app, schema version, time zone and its changes, the store's creation time, document counts, schema files, migration and seed history (no export time, so that two exports of the same store are the same bytes). --from and --to select in the collections with a date field. With --out and --json, a summary is printed as JSON.",
        options: [out, format, collection, CommonOptions.from, CommonOptions.to, redact, attachments, keepGoing, CommonOptions.quiet])

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        var options = ExportOptions(collections: context.values.options(collection), redact: context.values.options(redact),
                                    attachments: context.values.flag(attachments))
        options.keepGoing = context.values.flag(keepGoing)
        if let text = context.values.option(format) {
            guard let parsed = ExportOptions.Format(rawValue: text) else {
                throw context.usage("--format expects json or jsonl, got '\(text)'")
            }
            options.format = parsed
        } else if context.json && !context.values.isPresent(out) {
            // --json promises one JSON value on stdout; JSON Lines is a value per line.
            options.format = .json
        }
        options.days = try context.dayRange()
        guard let path = context.values.option(out) else {
            return passedOver(try store.export(toDescriptor: 1, options: options), json: context.json)
        }
        let url = URL(fileURLWithPath: path)
        let interrupted = InterruptCleanup { Store.removeExportLeftovers(for: url, includingThisProcess: true) }
        defer { interrupted.cancel() }
        // Written to a file, an export shows its progress (to standard output it would mix with it).
        let line = ProgressLine("export", context: context, quiet: CommonOptions.quiet)
        let summary = try store.export(to: url, options: options, progress: line?.handler)
        line?.finish()
        if context.json {
            try Output.json(summary, adding: ["file": .string(path)])
        } else {
            let attached = options.attachments ? ", \(summary.attachments) attachment\(summary.attachments == 1 ? "" : "s")" : ""
            Output.error("exported \(summary.documents) document\(summary.documents == 1 ? "" : "s")\(attached) to \(path) (\(summary.bytes) bytes)")
        }
        return passedOver(summary, json: context.json)
    }

    /// Reports the files `--keep-going` passed over; the exit status says whether there were any.
    private static func passedOver(_ summary: ExportSummary, json: Bool) -> Int32 {
        guard !summary.problems.isEmpty else { return ExitCode.success }
        Output.problems(summary.problems, json: json)
        let count = summary.problems.count
        Output.error("\(count) file\(count == 1 ? "" : "s") could not be read and \(count == 1 ? "is" : "are") not in the export (above); the export holds every other document, and its header counts them")
        return ExitCode.problemsFound
    }
}
