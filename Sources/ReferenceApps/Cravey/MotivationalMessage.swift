import Almanac
import Foundation

/// A motivational text message (the seed's MotivationalMessageModel): one of the defaults
/// seeded on first launch, or one the user wrote.
///
/// `timesShown`, `lastShownAt` and `isActive` belong to the user (the catalog's
/// `userOwnedFields`): a newer seed never overwrites them.
public struct MotivationalMessage: Document, Equatable {
    /// The catalog's name of the collection.
    public static let collection = "motivational-messages"

    /// The moment a message is meant for.
    public enum Category: String, Codable, Sendable, CaseIterable {
        /// A craving in general: "You've resisted before. You can do it again."
        case urge
        /// Anxiety: "This feeling is temporary. Breathe."
        case anxiety
        /// Boredom: "Boredom isn't an emergency. Find something else."
        case boredom
        /// Social pressure: "You can have fun without using."
        case social
        /// Progress: "You're making progress. Keep going."
        case celebration
    }

    /// The message's id (a UUID; fixed for the defaults, see ``defaultMessages(createdAt:)``).
    public var id: UUID
    /// The text, 1–500 characters.
    public var content: String
    /// The moment it is meant for.
    public var category: Category
    /// Whether the user wrote it (`false` for the seeded defaults).
    public var isCustom: Bool
    /// Display order within its category: lower comes first; 0 or more.
    public var priority: Int
    /// Times displayed.
    public var timesShown: Int
    /// The latest display; `nil` until the first.
    public var lastShownAt: Date?
    /// Whether it may be shown (the user can hide a message).
    public var isActive: Bool
    /// When the record was made.
    public var createdAt: Date
    /// When the text was last edited; `nil` until then (being shown is not an edit).
    public var modifiedAt: Date?
    /// The seed content version of a default message; `nil` for the user's own.
    public var contentVersion: Int?

    /// Creates a message; a default carries its seed `contentVersion`, a custom one none.
    public init(id: UUID = UUID(), content: String, category: Category, isCustom: Bool = false, priority: Int = 0,
                timesShown: Int = 0, lastShownAt: Date? = nil, isActive: Bool = true, createdAt: Date, modifiedAt: Date? = nil,
                contentVersion: Int? = nil) {
        self.id = id
        self.content = content
        self.category = category
        self.isCustom = isCustom
        self.priority = priority
        self.timesShown = timesShown
        self.lastShownAt = lastShownAt
        self.isActive = isActive
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.contentVersion = contentVersion
    }

    /// Counts one display at `moment`: `timesShown` goes up by one and `lastShownAt` becomes `moment`.
    public mutating func recordShown(at moment: Date) {
        timesShown += 1
        lastShownAt = moment
    }
}
