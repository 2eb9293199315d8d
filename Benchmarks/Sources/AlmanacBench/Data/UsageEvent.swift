import Almanac
import Foundation

/// A MIGA usage event: one interaction with the Gateway Screen (MIGA's version-1 schema,
/// `samples/miga/store/schema`: day-partitioned; version 3 files them by month).
struct UsageEvent: BenchDocument, Equatable {
    static let collection = "usage-events"
    static let app = "miga"
    static let dateField = "timestamp"
    static let partitionDepth = 3

    /// What the user chose on the Gateway Screen.
    enum EventType: String, Codable, Sendable, CaseIterable {
        case exitToFocus = "exit_to_focus"
        case deepenPause = "deepen_pause"
        case proceedToApp = "proceed_to_app"
    }

    var id: UUID
    var eventType: EventType
    var timestamp: Date
    var targetAppName: String
    var pauseDuration: Double
    var timerDuration: Double

    var filingDay: CalendarDate { CalendarDate(timestamp, in: .gmt) }
    var sortDate: Double { timestamp.timeIntervalSince1970 }
}
