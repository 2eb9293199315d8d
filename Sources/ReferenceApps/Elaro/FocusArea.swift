import Almanac
import Foundation

/// One of the method's focus areas the parent works on, keyed by its name, with the three
/// building blocks it was configured with.
///
/// At most two focus areas are active at a time: a rule across documents, checked by
/// ``FocusArea/validateActiveLimit(_:)`` over the whole collection (``ElaroService`` calls it
/// before every save).
public struct FocusArea: Document, Equatable, ModelRules {
    /// The collection in the app's catalog: `focus-areas`.
    public static let collection = "focus-areas"
    /// The most focus areas that may be active at once (the seed's policy).
    public static let maximumActive = 2
    /// The number of building blocks of a configured area.
    public static let buildingBlockCount = 3

    /// The closed set of focus areas of the method.
    public enum Name: String, Codable, Sendable, CaseIterable, Comparable {
        /// Doing things on one's own: choices, routines, self-care.
        case independence
        /// Naming and handling feelings.
        case emotionSkills = "emotion_skills"
        /// Parent–child connection: attention, rituals, repair.
        case connection
        /// Planning, working memory and self-control.
        case executiveSkills = "executive_skills"

        /// The name a parent reads, such as "Emotion skills".
        public var displayName: String {
            switch self {
            case .independence: "Independence"
            case .emotionSkills: "Emotion skills"
            case .connection: "Connection"
            case .executiveSkills: "Executive skills"
            }
        }

        /// Orders by key, so that lists of areas print in a stable order.
        public static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The area's key; the same as ``name`` so that seeded templates can refer to it.
    public var id: Name
    /// The area's key.
    public var name: Name
    /// Whether the parent works on it now.
    public var active: Bool
    /// When the parent started it.
    public var startedAt: Date
    /// Exactly three once configured; an inactive area may have none yet.
    public var buildingBlocks: [BuildingBlock]

    /// Creates a focus area keyed by `name`.
    public init(name: Name, active: Bool, startedAt: Date, buildingBlocks: [BuildingBlock]) {
        self.id = name
        self.name = name
        self.active = active
        self.startedAt = startedAt
        self.buildingBlocks = buildingBlocks
    }

    /// Every tag of the area's building blocks.
    public var buildingBlockTags: Set<String> { Set(buildingBlocks.flatMap(\.tags)) }

    /// The area's ritual building block, if it has one.
    public var ritual: BuildingBlock? { buildingBlocks.first { $0.type == .ritual } }

    /// Checks that the id is the name and that the area has none or exactly three building
    /// blocks (three when active).
    ///
    /// - Throws: `.ruleViolated` pointing at `/id` or `/buildingBlocks`.
    public func validate() throws {
        guard id == name else {
            throw AlmanacError.rule("a focus area is keyed by its name, but id is \(id.rawValue) and name is \(name.rawValue); set id to \(name.rawValue)",
                                    in: Self.collection, id: id.rawValue, field: "id")
        }
        let count = buildingBlocks.count
        if active && count != Self.buildingBlockCount {
            throw AlmanacError.rule("an active focus area has exactly \(Self.buildingBlockCount) building blocks, \(name.rawValue) has \(count); configure its blocks before activating it",
                                    in: Self.collection, id: id.rawValue, field: "buildingBlocks")
        }
        if count != 0 && count != Self.buildingBlockCount {
            throw AlmanacError.rule("a focus area has no building blocks yet or exactly \(Self.buildingBlockCount), \(name.rawValue) has \(count)",
                                    in: Self.collection, id: id.rawValue, field: "buildingBlocks")
        }
    }

    /// Checks the catalog rule `at-most-two-active` over a whole collection of focus areas,
    /// and each area's own rules.
    ///
    /// - Parameter areas: every focus area of the store, as it would be after a save.
    /// - Throws: `.ruleViolated` pointing at `/active` of the third active area (by start
    ///   date), naming the active ones so the parent can pause one.
    public static func validateActiveLimit(_ areas: some Collection<FocusArea>) throws {
        for area in areas { try area.validate() }
        let active = areas.filter(\.active).sorted { ($0.startedAt, $0.name) < ($1.startedAt, $1.name) }
        guard active.count > maximumActive, let extra = active.last else { return }
        let names = active.map(\.name.rawValue).joined(separator: ", ")
        throw AlmanacError.rule("at most \(maximumActive) focus areas are active at a time, but \(active.count) would be (\(names)); pause one before activating \(extra.name.rawValue)",
                                in: collection, id: extra.id.rawValue, field: "active")
    }
}
