import Almanac
import Foundation

/// A seeded developmental milestone of a focus area, which the parent can mark as achieved.
public struct Milestone: Document, Equatable {
    /// The collection in the app's catalog: `milestones`.
    public static let collection = "milestones"

    /// The milestone's id, e.g. `M-EMO-001`.
    public var id: String
    /// The focus area it belongs to.
    public var focusId: FocusArea.Name
    /// What the child can do.
    public var title: String
    /// Optional detail for the parent.
    public var description: String?
    /// Tags linking it to building blocks and templates.
    public var tags: [String]
    /// Its order within the focus area, from 1.
    public var sequence: Int
    /// The seed content version.
    public var contentVersion: Int
    /// `Elaro` or a partner's name.
    public var source: String?
    /// When the parent marked it achieved (user-owned: a newer seed leaves it alone).
    public var achievedAt: Date?

    /// Creates a milestone.
    public init(id: String, focusId: FocusArea.Name, title: String, description: String? = nil, tags: [String], sequence: Int,
                contentVersion: Int = 1, source: String? = ActionTemplate.elaroSource, achievedAt: Date? = nil) {
        self.id = id
        self.focusId = focusId
        self.title = title
        self.description = description
        self.tags = tags
        self.sequence = sequence
        self.contentVersion = contentVersion
        self.source = source
        self.achievedAt = achievedAt
    }
}
