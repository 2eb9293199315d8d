import Almanac
import Foundation

/// The parent's reflection on one Monday-based week and the tweak chosen for the next.
public struct WeeklySummary: Document, Equatable, ModelRules {
    /// The collection in the app's catalog: `weekly-summaries`.
    public static let collection = "weekly-summaries"

    /// The decision for next week.
    public enum Tweak: String, Codable, Sendable, CaseIterable {
        /// Keep the plan as it is.
        case keep
        /// Smaller or easier actions.
        case scaleDown = "scale_down"
        /// Longer or harder actions.
        case scaleUp = "scale_up"
    }

    /// The summary's id (a UUID).
    public var id: UUID
    /// The Monday that starts the week.
    public var weekStart: CalendarDate
    /// What went well (may be auto-suggested).
    public var winText: String
    /// What was hard (may be auto-suggested).
    public var hardText: String
    /// The decision for next week.
    public var suggestedTweak: Tweak

    /// Creates a summary.
    public init(id: UUID = UUID(), weekStart: CalendarDate, winText: String, hardText: String, suggestedTweak: Tweak) {
        self.id = id
        self.weekStart = weekStart
        self.winText = winText
        self.hardText = hardText
        self.suggestedTweak = suggestedTweak
    }

    /// Checks the catalog rule `week-starts-monday`.
    ///
    /// - Throws: `.ruleViolated` pointing at `/weekStart`, naming the Monday of that week.
    public func validate() throws {
        let monday = ElaroWeek.monday(of: weekStart)
        guard monday == weekStart else {
            throw AlmanacError.rule("weekStart is a Monday (weeks are Monday-based), \(weekStart) is not; use \(monday), the Monday of its week",
                                    in: Self.collection, id: id.uuidString, field: "weekStart")
        }
    }
}
