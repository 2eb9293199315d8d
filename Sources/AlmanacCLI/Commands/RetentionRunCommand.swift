import Almanac
import Foundation

/// `almanac retention run [--now DATE] [--dry-run]`: applies the catalog's retention rules.
enum RetentionRunCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        var day: CalendarDate?
        if let text = context.values.option("now") {
            guard let parsed = CalendarDate(text) else {
                throw context.usage("--now expects a date such as 2026-01-01, got '\(text)'")
            }
            day = parsed
        }
        let store = try context.openStore()
        let report = try store.applyRetention(asOf: day, dryRun: context.values.flag("dry-run"))
        store.finishWriting()
        if context.json {
            Output.json(json(report))
        } else {
            Output.write(text(report))
        }
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


    static func json(_ report: RetentionReport) -> JSONValue {
        .object([
            "asOf": .string(report.asOf.description),
            "dryRun": .bool(report.dryRun),
            "changedStore": .bool(report.changedStore),
            "archived": .number(JSONNumber(report.archived)),
            "cleared": .number(JSONNumber(report.cleared)),
            "deleted": .number(JSONNumber(report.deleted)),
            "rules": .array(report.rules.map { entry in
                var members: [String: JSONValue] = [
                    "collection": .string(entry.collection),
                    "index": .number(JSONNumber(entry.index)),
                    "action": .string(entry.rule.action.rawValue),
                    "olderThan": olderThan(entry.rule.olderThan),
                    "description": .string(entry.rule.description),
                    "before": .string(entry.cutoff.description),
                    "ids": .array(entry.ids.map { .string($0) }),
                ]
                if entry.rule.action == .clear { members["fields"] = .array(entry.rule.fields.map { .string($0) }) }
                return .object(members)
            }),
        ])
    }

    private static func olderThan(_ age: RetentionRule.Age) -> JSONValue {
        switch age {
        case .days(let count): .object(["days": .number(JSONNumber(count))])
        case .months(let count): .object(["months": .number(JSONNumber(count))])
        }
    }
}
