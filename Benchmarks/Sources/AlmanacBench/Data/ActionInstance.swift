import Almanac
import Foundation

/// An Elaro action instance: an action done, snoozed or skipped on a day (`schema/elaro`,
/// month-partitioned by its calendar date).
struct ActionInstance: BenchDocument, Equatable {
    static let collection = "action-instances"
    static let app = "elaro"
    static let dateField = "date"
    static let partitionDepth = 2

    /// The outcome of the action.
    enum Status: String, Codable, Sendable, CaseIterable {
        case done, snoozed, skipped
    }

    /// How hard the action felt.
    enum Difficulty: String, Codable, Sendable, CaseIterable {
        case light, ok, hard
    }

    var id: UUID
    var date: CalendarDate
    var templateId: String
    var variantDuration: Int
    var status: Status
    var feltDifficulty: Difficulty
    var mood: String?
    var note: String?

    var filingDay: CalendarDate { date }
    var sortDate: Double { Double(date.daysSinceEpoch) * 86_400 }
}
