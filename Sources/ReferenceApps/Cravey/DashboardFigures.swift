import Almanac
import Foundation

/// The Dashboard's figures for one window of days (see ``CraveyDashboard``).
public struct DashboardFigures: Sendable, Equatable, Encodable {
    /// Cravings per intensity category.
    public struct IntensityCounts: Sendable, Equatable, Encodable {
        /// Intensity 1–3.
        public var mild = 0
        /// Intensity 4–6.
        public var moderate = 0
        /// Intensity 7–9.
        public var strong = 0
        /// Intensity 10.
        public var overwhelming = 0

        /// Counts one craving of `category`.
        mutating func add(_ category: CravingIntensity) {
            switch category {
            case .mild: mild += 1
            case .moderate: moderate += 1
            case .strong: strong += 1
            case .overwhelming: overwhelming += 1
            }
        }
    }

    /// The sessions and total amount of one route of administration.
    public struct MethodTotal: Sendable, Equatable, Encodable {
        /// The route.
        public var method: RouteOfAdministration
        /// Sessions by this route.
        public var sessions: Int
        /// Their amounts added up, in the route's unit.
        public var amount: Double
        /// The total with its unit ("7 joints", "45mg").
        public var display: String
    }

    /// How many logs named a trigger.
    public struct TriggerCount: Sendable, Equatable, Encodable {
        /// The trigger.
        public var trigger: HAALTTrigger
        /// Logs naming it.
        public var count: Int
    }

    /// The window's length in days, today included.
    public var days: Int
    /// Its first day.
    public var from: CalendarDate
    /// Its last day (today).
    public var to: CalendarDate
    /// Cravings logged.
    public var cravings: Int
    /// Cravings per day of the window, one decimal.
    public var cravingsPerDay: Double
    /// Mean intensity, one decimal; `nil` (left out of the JSON) without cravings.
    public var averageIntensity: Double?
    /// Cravings of intensity 7–10.
    public var highIntensityCravings: Int
    /// Cravings per intensity category.
    public var intensity: IntensityCounts
    /// Cravings that were met with a motivational recording (linked to one).
    public var cravingsWithRecording: Int
    /// Usage sessions logged.
    public var usageSessions: Int
    /// Usage sessions per day of the window, one decimal.
    public var usagePerDay: Double
    /// Days with at least one session.
    public var daysWithUsage: Int
    /// Days without a session (today counts, as far as it has gone).
    public var usageFreeDays: Int
    /// Sessions and amounts per route, in the picker's order, only routes used.
    public var methods: [MethodTotal]
    /// The cravings' three most frequent triggers.
    public var topCravingTriggers: [TriggerCount]
    /// The sessions' three most frequent triggers.
    public var topUsageTriggers: [TriggerCount]
}
