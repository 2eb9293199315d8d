import Foundation

/// One of the three building blocks of a configured focus area: a micro-skill to practise,
/// a ritual to repeat or a support to set up.
public struct BuildingBlock: Codable, Sendable, Equatable {
    /// The closed set of building-block kinds.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A small skill practised in everyday moments.
        case microSkill
        /// A repeated routine; templates that serve it are protected while they streak.
        case ritual
        /// Something in the environment that helps.
        case support
    }

    /// The block's id (a UUID), when it has one.
    public var id: UUID?
    /// What kind of block it is.
    public var type: Kind
    /// Short, parent-friendly title.
    public var title: String
    /// Optional longer description.
    public var description: String?
    /// Tags matched against action templates, e.g. `choice_making`.
    public var tags: [String]

    /// Creates a building block.
    public init(id: UUID? = UUID(), type: Kind, title: String, description: String? = nil, tags: [String]) {
        self.id = id
        self.type = type
        self.title = title
        self.description = description
        self.tags = tags
    }
}
