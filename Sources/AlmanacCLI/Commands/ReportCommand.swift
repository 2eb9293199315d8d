import Almanac
import Foundation
import ReferenceApps

/// `almanac report <app> <view> [--now DATE|TIMESTAMP]`: prints a reference app's derived
/// view of a store (streaks, KPIs, today's plan, a dashboard), computed by `ReferenceApps`.
enum ReportCommand: AlmanacCommand {
    static let now = OptionSpec.option(
        "now", valueName: "DATE|TIMESTAMP",
        help: "Compute as at TIMESTAMP (RFC 3339), or at the end of DATE in the store's calendar (default: the current time).")
    static let keepGoing = OptionSpec.flag(
        "keep-going", help: "Compute over every readable document and report the files that cannot be read (exit 3), instead of stopping at the first.")

    /// The `report` group: one subgroup per app, one leaf per view.
    static let spec = CommandSpec(
        name: "report", abstract: "Derived views of a reference app's store: streaks, KPIs, plans, dashboards.",
        discussion: "The store must be at the schema version the app's models read; migrate an older store (or a copy of it) first.",
        subcommands: ReferenceApp.all.map { app in
            CommandSpec(
                name: app.name, abstract: "Reports of the \(app.name) reference app (schema version \(app.schemaVersion)).",
                subcommands: app.views.map { view in
                    CommandSpec(name: view.name, abstract: view.summary, options: [now, keepGoing])
                })
        })

    /// What `report --json` prints: the view's value and what it was computed for.
    struct Printed: Encodable {
        var app: String
        var view: String
        var now: Date
        var timeZone: String
        var report: any AppReport

        private enum CodingKeys: String, CodingKey { case app, view, now, timeZone, report }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(app, forKey: .app)
            try container.encode(view, forKey: .view)
            try container.encode(now, forKey: .now)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(report, forKey: .report)
        }
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        let path = context.values.commandPath
        guard path.count == 3, let app = ReferenceApp.named(path[1]), let view = app.view(named: path[2]) else {
            throw context.usage("unknown report '\(path.dropFirst().joined(separator: " "))'; see almanac report --help")
        }
        let store = try context.openStore()
        try app.checkCanRead(store)
        let calendar = store.calendar
        let reportContext = ReportContext(now: try instant(context, calendar: calendar), calendar: calendar)
        let (report, problems) = context.values.flag(keepGoing)
            ? try store.collectingReadProblems { try view.make(store, reportContext) }
            : (try view.make(store, reportContext), [])
        let printed = Printed(app: app.name, view: view.name, now: reportContext.now, timeZone: reportContext.timeZone.identifier, report: report)
        try context.print(printed) { $0.report.text }
        guard problems.isEmpty else {
            Output.problems(problems, json: context.json)
            Output.error("\(problems.count) file\(problems.count == 1 ? "" : "s") could not be read and \(problems.count == 1 ? "is" : "are") left out of the report (above)")
            return ExitCode.problemsFound
        }
        return ExitCode.success
    }

    /// `--now`: a timestamp as given, a date as its last instant in the store's calendar.
    static func instant(_ context: CommandContext, calendar: StoreCalendar) throws -> Date {
        guard let text = context.values.option(now) else { return Date() }
        if let moment = Timestamp.parse(text) { return moment }
        if let day = CalendarDate(text) { return calendar.lastInstant(of: day) }
        throw context.usage("--now expects a date such as 2025-02-02 or a timestamp such as 2025-02-02T20:00:00Z, got '\(text)'")
    }
}
