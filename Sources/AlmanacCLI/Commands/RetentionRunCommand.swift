import Almanac
import Foundation

/// `almanac retention run [--now DATE] [--dry-run]`: applies the catalog's retention rules.
enum RetentionRunCommand: AlmanacCommand {
    static let now = OptionSpec.option("now", valueName: "DATE", help: "Apply the rules as on DATE (default: today in the store's calendar).")
    static let dryRun = OptionSpec.flag("dry-run", help: "List what each rule would do; change nothing.")

    static let group: CommandGroup? = .retention
    static let spec = CommandSpec(
        name: "run",
        abstract: "Apply the catalog's retention rules: archive, clear fields of, or delete old documents.",
        discussion: "Each rule names a collection, an age and an action. Archived documents move to archive/<collection>/ in the same layout, out of queries. The whole run is one atomic change.",
        options: [now, dryRun, CommonOptions.quiet])

    static func run(_ context: CommandContext) throws -> Int32 {
        var day: CalendarDate?
        if let text = context.values.option(now) {
            guard let parsed = CalendarDate(text) else {
                throw context.usage("--now expects a date such as 2026-01-01, got '\(text)'")
            }
            day = parsed
        }
        let store = try context.openStore()
        let line = ProgressLine("retention run", context: context, quiet: CommonOptions.quiet)
        let report = try store.applyRetention(asOf: day, dryRun: context.values.flag(dryRun), progress: line?.handler)
        line?.finish()
        store.finishWriting()
        try context.print(report, text: text)
        return ExitCode.success
    }

    /// One line per rule, e.g. `usage-events: archive older than 90 days (before 2025-10-03): 12 documents`,
    /// then the first ids.
    static func text(_ report: RetentionReport) -> String {
        var lines: [String] = []
        let would = report.dryRun ? "would " : ""
        if report.rules.isEmpty { lines.append("the catalog has no retention rules.") }
        for entry in report.rules {
            let count = entry.ids.count
            lines.append("\(entry.collection): \(would)\(entry.rule.summary) (before \(entry.cutoff)): \(count) document\(count == 1 ? "" : "s")")
            if !entry.ids.isEmpty { lines.append("  " + Output.idList(entry.ids, limit: 8)) }
        }
        if report.dryRun {
            lines.append("dry run: nothing changed.")
        } else if !report.changedStore {
            lines.append("nothing changed: no document is old enough for a rule (as of \(report.asOf)).")
        }
        return lines.joined(separator: "\n")
    }
}
