import Almanac
import Foundation

/// A Cravey craving episode (`schema/cravey`, month-partitioned by its timestamp).
struct Craving: BenchDocument, Equatable {
    static let collection = "cravings"
    static let app = "cravey"
    static let dateField = "timestamp"
    static let partitionDepth = 2

    /// The HAALT triggers and the other causes the app offers.
    enum Trigger: String, Codable, Sendable, CaseIterable {
        case hungry = "Hungry", angry = "Angry", anxious = "Anxious", lonely = "Lonely", tired = "Tired"
        case sad = "Sad", bored = "Bored", social = "Social", habit = "Habit", paraphernalia = "Paraphernalia"
    }

    var id: UUID
    var timestamp: Date
    var intensity: Int
    var triggers: [Trigger]
    var location: String?
    var notes: String?
    var recordingId: UUID?
    var createdAt: Date
    var modifiedAt: Date?

    var filingDay: CalendarDate { CalendarDate(timestamp, in: .gmt) }
    var sortDate: Double { timestamp.timeIntervalSince1970 }
}
