import Almanac
import Foundation

/// One day of the Dashboard's chart.
public struct DashboardDay: Sendable, Equatable, Encodable {
    /// The calendar day (the store's calendar).
    public var date: CalendarDate
    /// Cravings that day.
    public var cravings: Int
    /// Their mean intensity, one decimal; `nil` without cravings.
    public var averageIntensity: Double?
    /// Usage sessions that day.
    public var usageSessions: Int
}
