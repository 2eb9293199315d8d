import Almanac
import Foundation

/// The Dashboard as a report: the figures of the 7-, 30- and 90-day windows ending at `now`,
/// and the last 7 days one by one.
public struct CraveyDashboardReport: AppReport {
    /// The moment the figures are taken at, RFC 3339 in UTC.
    public var now: String
    /// The store's time zone, whose days the windows count.
    public var timeZone: String
    /// The day of `now` in that time zone.
    public var today: CalendarDate
    /// The windows, shortest first.
    public var windows: [DashboardFigures]
    /// The last 7 days, oldest first.
    public var lastSevenDays: [DashboardDay]

    /// Builds the report from `store` (range queries for each window) for `context`.
    ///
    /// - Throws: the store's errors.
    public init(store: Store, context: ReportContext) throws {
        let dashboard = CraveyDashboard(calendar: context.calendar)
        var windows: [DashboardFigures] = []
        var week: [DashboardDay] = []
        for days in CraveyDashboard.windows {
            let (usage, cravings) = try dashboard.load(days: days, now: context.now, from: store)
            windows.append(dashboard.figures(days: days, now: context.now, usage: usage, cravings: cravings))
            if days == 7 { week = dashboard.daily(days: 7, now: context.now, usage: usage, cravings: cravings) }
        }
        self.init(now: context.now, calendar: context.calendar, windows: windows, lastSevenDays: week)
    }

    /// A report of figures already computed.
    public init(now: Date, calendar: StoreCalendar, windows: [DashboardFigures], lastSevenDays: [DashboardDay]) {
        self.now = Self.utcTimestamp(now)
        self.timeZone = calendar.zone(at: now).identifier
        self.today = CalendarDate(now, in: calendar)
        self.windows = windows
        self.lastSevenDays = lastSevenDays
        localTime = Self.localTime(now, in: calendar.zone(at: now))
    }

    private var localTime: String

    private enum CodingKeys: String, CodingKey {
        case now, timeZone, today, windows, lastSevenDays
    }

    /// The dashboard as a table for a terminal.
    public var text: String {
        var lines = ["Cravey dashboard for \(today) (\(timeZone)), as of \(localTime)", ""]
        func row(_ label: String, _ values: [String]) {
            lines.append(label.padding(toLength: 30, withPad: " ", startingAt: 0) + values.map { $0.leftPadded(to: 16) }.joined())
        }
        row("", windows.map { "\($0.days) days" })
        row("", windows.map { "from \(Self.monthDay($0.from))" })
        row("Cravings", windows.map { "\($0.cravings)" })
        row("  per day", windows.map { Self.decimal($0.cravingsPerDay) })
        row("  average intensity", windows.map { $0.averageIntensity.map(Self.decimal) ?? "–" })
        row("  mild 1–3", windows.map { "\($0.intensity.mild)" })
        row("  moderate 4–6", windows.map { "\($0.intensity.moderate)" })
        row("  strong 7–9", windows.map { "\($0.intensity.strong)" })
        row("  overwhelming 10", windows.map { "\($0.intensity.overwhelming)" })
        row("  met with a recording", windows.map { "\($0.cravingsWithRecording)" })
        row("Usage sessions", windows.map { "\($0.usageSessions)" })
        row("  per day", windows.map { Self.decimal($0.usagePerDay) })
        row("  usage-free days", windows.map { "\($0.usageFreeDays) of \($0.days)" })
        lines.append("  amount (sessions) by method")
        for method in RouteOfAdministration.allCases where windows.contains(where: { $0.methods.contains { $0.method == method } }) {
            row("    \(method.rawValue)", windows.map { figures in
                figures.methods.first { $0.method == method }.map { "\($0.display) (\($0.sessions))" } ?? "–"
            })
        }
        lines.append("")
        for figures in windows {
            lines.append("Top triggers, \(figures.days) days: cravings \(Self.triggers(figures.topCravingTriggers)); usage \(Self.triggers(figures.topUsageTriggers))")
        }
        lines.append("")
        lines.append("Last 7 days")
        for day in lastSevenDays {
            let intensity = day.averageIntensity.map { ", average intensity \(Self.decimal($0))" } ?? ""
            lines.append("  \(Self.weekday(day.date)) \(day.date)   \(Self.count(day.cravings, "craving"))\(intensity); \(Self.count(day.usageSessions, "usage session"))")
        }
        return lines.joined(separator: "\n")
    }

    static func triggers(_ counts: [DashboardFigures.TriggerCount]) -> String {
        counts.isEmpty ? "none" : counts.map { "\($0.trigger.rawValue) \($0.count)" }.joined(separator: ", ")
    }

    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    static func decimal(_ value: Double) -> String { String(format: "%.1f", value) }

    static func monthDay(_ date: CalendarDate) -> String { String(date.description.dropFirst(5)) }

    static func weekday(_ date: CalendarDate) -> String {
        // 1970-01-01 was a Thursday.
        ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((date.daysSinceEpoch % 7) + 7) % 7]
    }

    static func utcTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func localTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
