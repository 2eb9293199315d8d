import Almanac
import Foundation

/// `almanac report miga kpis`: the Statistics Screen's headline figures over every usage
/// event in the store up to `now` (the seed's "all UsageEvent records"; after retention,
/// the last 90 days).
public struct MIGAKPIReport: AppReport {
    /// The report's day in the store's calendar.
    public var today: CalendarDate
    /// The local day of the first event counted.
    public var from: CalendarDate?
    /// The local day of the last event counted.
    public var to: CalendarDate?
    /// Events counted.
    public var totalEvents: Int
    /// `exit_to_focus` events.
    public var totalConsciousExits: Int
    /// `deepen_pause` events.
    public var deepens: Int
    /// `proceed_to_app` events.
    public var proceeds: Int
    /// The exits' pause time in hours, rounded to one decimal.
    public var hoursReclaimed: Double
    /// The mean pause over all events, in seconds, rounded to one decimal.
    public var averagePauseTime: Double
    /// Exits over all events, 0…1, rounded to three decimals (0 with no events).
    public var intentionalityScore: Double

    /// Builds the report from the store's events up to `context.now`.
    public static func make(store: Store, context: ReportContext) throws -> MIGAKPIReport {
        // All time: the events retention archived count too, so the figures never shrink.
        let events = try MIGAService(store: store).allTimeEvents(through: context.now)
        let kpis = StatisticsAggregator(calendar: context.calendar).calculateKPIs(from: events)
        let days = events.map { CalendarDate($0.timestamp, in: context.calendar) }
        return MIGAKPIReport(
            today: context.today, from: days.min(), to: days.max(), totalEvents: events.count,
            totalConsciousExits: kpis.totalConsciousExits,
            deepens: events.filter { $0.eventType == .deepenPause }.count,
            proceeds: events.filter { $0.eventType == .proceedToApp }.count,
            hoursReclaimed: kpis.hoursReclaimed,
            averagePauseTime: (kpis.averagePauseTime * 10).rounded() / 10,
            intentionalityScore: (kpis.intentionalityScore * 1000).rounded() / 1000)
    }

    /// The report for a terminal.
    public var text: String {
        guard let from, let to else { return "MIGA KPIs on \(today)\nNo usage events yet." }
        return [
            "MIGA KPIs on \(today) — \(totalEvents) gateway events, \(from) – \(to)",
            "Hours reclaimed:        \(String(format: "%.1f", hoursReclaimed)) h (pause time of the exits)",
            "Conscious exits:        \(totalConsciousExits)",
            "Pauses deepened:        \(deepens) (separate events, not part of the exits)",
            "Proceeded to the app:   \(proceeds) (separate events, not part of the exits)",
            "Average pause:          \(String(format: "%.1f", averagePauseTime)) s over all events",
            "Intentionality score:   \(String(format: "%.0f", intentionalityScore * 100)) % (\(totalConsciousExits) exits of \(totalEvents) events)",
        ].joined(separator: "\n")
    }
}
