import Almanac
import Foundation

/// The Dashboard's figures over the last 7, 30 and 90 days.
///
/// A window of N days is N calendar days in the store's calendar ending with today: from
/// local midnight N − 1 days before today up to and including `now` (a log later today is
/// not counted yet). Calendar days, not 24-hour blocks, so a window across a daylight-saving
/// change still starts at midnight.
public struct CraveyDashboard: Sendable {
    /// The windows the Dashboard shows, in days.
    public static let windows = [7, 30, 90]

    /// The time zone whose calendar days the windows count (the store's).
    public var calendar: StoreCalendar

    /// Creates a dashboard for `timeZone`.
    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// The span of a window.
    public struct Window: Sendable, Equatable {
        /// Its length in calendar days, today included.
        public var days: Int
        /// Its first day.
        public var from: CalendarDate
        /// Its last day: today.
        public var to: CalendarDate
        /// Local midnight at the start of `from`.
        public var start: Date
        /// The moment the figures are taken at (`now`); included.
        public var end: Date

        /// Whether `moment` falls in the window.
        public func contains(_ moment: Date) -> Bool { moment >= start && moment <= end }
    }

    /// The window of `days` days ending with the day of `now`.
    public func window(days: Int, now: Date) -> Window {
        let today = CalendarDate(now, in: calendar)
        let from = today.adding(days: -(max(days, 1) - 1))
        return Window(days: max(days, 1), from: from, to: today, start: from.startDate(in: calendar), end: now)
    }

    /// The figures of the `days`-day window ending at `now`, from `usage` and `cravings`
    /// (anything outside the window is ignored, so the whole history may be passed).
    public func figures(days: Int, now: Date, usage: [UsageSession], cravings: [Craving]) -> DashboardFigures {
        let window = window(days: days, now: now)
        let usage = usage.filter { window.contains($0.timestamp) }
        let cravings = cravings.filter { window.contains($0.timestamp) }
        let usageDays = Set(usage.map { $0.day(in: calendar) })
        var intensity = DashboardFigures.IntensityCounts()
        for craving in cravings { intensity.add(craving.category) }
        let methods = RouteOfAdministration.allCases.compactMap { method -> DashboardFigures.MethodTotal? in
            let sessions = usage.filter { $0.method == method }
            guard !sessions.isEmpty else { return nil }
            let amount = sessions.reduce(0.0) { $0 + $1.amount }
            return .init(method: method, sessions: sessions.count, amount: amount, display: method.displayAmount(amount))
        }
        return DashboardFigures(
            days: window.days, from: window.from, to: window.to,
            cravings: cravings.count,
            cravingsPerDay: Self.oneDecimal(Double(cravings.count) / Double(window.days)),
            averageIntensity: Self.averageIntensity(of: cravings),
            highIntensityCravings: cravings.filter(\.isHighIntensity).count,
            intensity: intensity,
            cravingsWithRecording: cravings.filter { $0.recordingId != nil }.count,
            usageSessions: usage.count,
            usagePerDay: Self.oneDecimal(Double(usage.count) / Double(window.days)),
            daysWithUsage: usageDays.count,
            usageFreeDays: window.days - usageDays.count,
            methods: methods,
            topCravingTriggers: Self.topTriggers(cravings.map(\.triggers)),
            topUsageTriggers: Self.topTriggers(usage.map(\.triggers)))
    }

    /// One entry per day of the `days`-day window ending at `now`, oldest first, zero-filled
    /// (the Dashboard's chart).
    public func daily(days: Int, now: Date, usage: [UsageSession], cravings: [Craving]) -> [DashboardDay] {
        let window = window(days: days, now: now)
        var cravingsByDay: [CalendarDate: [Craving]] = [:]
        var usageByDay: [CalendarDate: Int] = [:]
        for craving in cravings where window.contains(craving.timestamp) { cravingsByDay[craving.day(in: calendar), default: []].append(craving) }
        for session in usage where window.contains(session.timestamp) { usageByDay[session.day(in: calendar), default: 0] += 1 }
        return (0..<window.days).map { offset in
            let day = window.from.adding(days: offset)
            let dayCravings = cravingsByDay[day] ?? []
            return DashboardDay(date: day, cravings: dayCravings.count, averageIntensity: Self.averageIntensity(of: dayCravings),
                                usageSessions: usageByDay[day] ?? 0)
        }
    }

    /// The figures of every window in ``windows`` for `now`, read from `store` with one date
    /// range query per window and collection (only the days in range are read).
    public static func figures(in store: Store, now: Date) throws -> [DashboardFigures] {
        let dashboard = CraveyDashboard(calendar: store.calendar)
        return try windows.map { days in
            let (usage, cravings) = try dashboard.load(days: days, now: now, from: store)
            return dashboard.figures(days: days, now: now, usage: usage, cravings: cravings)
        }
    }

    /// The usage and cravings of the `days`-day window ending at `now`, by range queries.
    public func load(days: Int, now: Date, from store: Store) throws -> (usage: [UsageSession], cravings: [Craving]) {
        let window = window(days: days, now: now)
        // The store's instant ranges are half-open; the window includes `now`.
        let end = now.addingTimeInterval(0.001)
        return (try store.documents(UsageSession.self, matching: Query(UsageSession.self).dated(from: window.start, before: end)),
                try store.documents(Craving.self, matching: Query(Craving.self).dated(from: window.start, before: end)))
    }

    /// The mean intensity rounded to one decimal, `nil` without cravings. The seed's example
    /// divides integers (truncating 4.6 to 4); the Dashboard keeps the decimal.
    static func averageIntensity(of cravings: [Craving]) -> Double? {
        guard !cravings.isEmpty else { return nil }
        return oneDecimal(Double(cravings.reduce(0) { $0 + $1.intensity }) / Double(cravings.count))
    }

    /// The three most frequent triggers, most frequent first; ties in the picker's order.
    static func topTriggers(_ lists: [[HAALTTrigger]], limit: Int = 3) -> [DashboardFigures.TriggerCount] {
        var counts: [HAALTTrigger: Int] = [:]
        for list in lists { for trigger in Set(list) { counts[trigger, default: 0] += 1 } }
        return HAALTTrigger.all.compactMap { trigger in counts[trigger].map { DashboardFigures.TriggerCount(trigger: trigger, count: $0) } }
            .enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
            .prefix(limit).map(\.element)
    }

    static func oneDecimal(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
