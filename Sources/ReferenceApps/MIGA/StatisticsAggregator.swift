import Almanac
import Foundation

/// MIGA's statistics (service contract, StatisticsAggregator): the KPIs of a history and
/// daily trends, with days in the device's time zone.
public struct StatisticsAggregator: Sendable {
    /// The time zone whose calendar days the trends use.
    public var calendar: StoreCalendar

    /// Creates an aggregator for the device's time zone.
    public init(calendar: StoreCalendar) {
        self.calendar = calendar
    }

    /// The headline figures.
    public struct KPIStats: Sendable, Equatable {
        /// The exits' pause time, in hours, rounded to one decimal.
        public var hoursReclaimed: Double
        /// The number of `exitToFocus` events.
        public var totalConsciousExits: Int
        /// The mean pause of all events, in seconds (0 with no events).
        public var averagePauseTime: TimeInterval
        /// Exits over all events, 0…1 (0 with no events).
        public var intentionalityScore: Double
    }

    /// One day of the trends.
    public struct DailyTrend: Sendable, Equatable {
        /// The calendar day.
        public var date: CalendarDate
        /// `exitToFocus` events that day.
        public var consciousExits: Int
        /// All events that day.
        public var totalAttempts: Int
        /// The mean pause that day, in seconds (0 on a day without events).
        public var averagePauseTime: TimeInterval
    }

    /// The KPIs of `events`.
    public func calculateKPIs(from events: [UsageEvent]) -> KPIStats {
        let exits = events.filter { $0.eventType == .exitToFocus }
        let hours = exits.reduce(0) { $0 + $1.pauseDuration } / 3600
        return KPIStats(
            hoursReclaimed: (hours * 10).rounded() / 10,
            totalConsciousExits: exits.count,
            averagePauseTime: events.isEmpty ? 0 : events.reduce(0) { $0 + $1.pauseDuration } / Double(events.count),
            intentionalityScore: events.isEmpty ? 0 : Double(exits.count) / Double(events.count))
    }

    /// One entry per day for the `days` days ending with `today` (included), oldest first;
    /// days without events have zeros.
    public func generateTrends(from events: [UsageEvent], days: Int = 30, today: CalendarDate) -> [DailyTrend] {
        guard days > 0 else { return [] }
        let first = today.adding(days: -(days - 1))
        var byDay: [CalendarDate: [UsageEvent]] = [:]
        for event in events {
            let day = CalendarDate(event.timestamp, in: calendar)
            if day >= first && day <= today { byDay[day, default: []].append(event) }
        }
        return (0..<days).map { offset in
            let day = first.adding(days: offset)
            let dayEvents = byDay[day] ?? []
            return DailyTrend(
                date: day,
                consciousExits: dayEvents.filter { $0.eventType == .exitToFocus }.count,
                totalAttempts: dayEvents.count,
                averagePauseTime: dayEvents.isEmpty ? 0 : dayEvents.reduce(0) { $0 + $1.pauseDuration } / Double(dayEvents.count))
        }
    }
}
