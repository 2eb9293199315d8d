import Almanac
import Foundation

/// `almanac report miga trends`: the Statistics Screen's daily trend for the last 30 days
/// (the contract's default), today included even when it has only begun, oldest first,
/// days without events as zeros.
public struct MIGATrendReport: AppReport {
    /// The number of days shown.
    public static let days = 30

    /// One day of the trend.
    public struct Day: Encodable, Sendable, Equatable {
        /// The local day.
        public var date: CalendarDate
        /// `exit_to_focus` events that day.
        public var consciousExits: Int
        /// All events that day.
        public var totalAttempts: Int
        /// The mean pause that day, in seconds, rounded to one decimal (0 without events).
        public var averagePauseTime: Double
    }

    /// The first day shown.
    public var from: CalendarDate
    /// The last day shown: the report's day.
    public var to: CalendarDate
    /// Exits over the days shown.
    public var consciousExits: Int
    /// Events over the days shown.
    public var totalAttempts: Int
    /// Days shown with at least one exit.
    public var daysWithExits: Int
    /// The days, oldest first.
    public var trend: [Day]

    /// Builds the report from the events of the 30 days ending on `context.today`, up to `context.now`.
    public static func make(store: Store, context: ReportContext) throws -> MIGATrendReport {
        let trend = try MIGAService(store: store).trends(days: days, now: context.now).map {
            Day(date: $0.date, consciousExits: $0.consciousExits, totalAttempts: $0.totalAttempts,
                averagePauseTime: ($0.averagePauseTime * 10).rounded() / 10)
        }
        return MIGATrendReport(
            from: trend.first?.date ?? context.today, to: context.today,
            consciousExits: trend.reduce(0) { $0 + $1.consciousExits }, totalAttempts: trend.reduce(0) { $0 + $1.totalAttempts },
            daysWithExits: trend.filter { $0.consciousExits > 0 }.count, trend: trend)
    }

    /// The report for a terminal: one line per day with a bar of exits (█) and other attempts (·).
    public var text: String {
        var lines = ["MIGA trends, \(from) – \(to): \(consciousExits) exits of \(totalAttempts) attempts, exits on \(daysWithExits) of \(trend.count) days",
                     "date        exits  attempts  avg pause"]
        for day in trend {
            let pause = day.totalAttempts == 0 ? "        -" : String(format: "%8.1fs", day.averagePauseTime)
            let bar = String(repeating: "█", count: day.consciousExits) + String(repeating: "·", count: day.totalAttempts - day.consciousExits)
            lines.append("\(day.date)  \(Self.pad(day.consciousExits, 5))  \(Self.pad(day.totalAttempts, 8))  \(pause)  \(bar)")
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
