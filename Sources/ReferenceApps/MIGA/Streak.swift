import Almanac
import Foundation

/// MIGA's streak record: the run of consecutive calendar days with at least one conscious exit.
public struct Streak: Document, Equatable {
    /// The collection in the catalog (`schema/miga/catalog.json`).
    public static let collection = "streaks"

    /// The record's id (a UUID).
    public var id: UUID
    /// The first exit of the current run.
    public var startDate: Date
    /// Consecutive days with an exit, the last being the day of `lastActivityDate`.
    public var currentDayCount: Int
    /// The latest exit.
    public var lastActivityDate: Date

    /// Creates a streak record.
    public init(id: UUID = UUID(), startDate: Date, currentDayCount: Int, lastActivityDate: Date) {
        self.id = id
        self.startDate = startDate
        self.currentDayCount = currentDayCount
        self.lastActivityDate = lastActivityDate
    }
}
