import Almanac
import Foundation

/// The length of an action in minutes: every template comes in 5, 10 and/or 20 minutes.
public enum VariantDuration: Int, Codable, Sendable, CaseIterable, Comparable {
    /// Five minutes.
    case five = 5
    /// Ten minutes.
    case ten = 10
    /// Twenty minutes.
    case twenty = 20

    /// The minutes.
    public var minutes: Int { rawValue }

    /// Orders shorter before longer.
    public static func < (lhs: VariantDuration, rhs: VariantDuration) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One time variant of an action template: its duration and steps.
public struct TemplateVariant: Codable, Sendable, Equatable {
    /// 5, 10 or 20 minutes.
    public var durationMinutes: VariantDuration
    /// The steps of this variant.
    public var steps: [String]

    /// Creates a variant.
    public init(durationMinutes: VariantDuration, steps: [String]) {
        self.durationMinutes = durationMinutes
        self.steps = steps
    }
}

/// A seeded action a parent can do today within a focus area, with 5/10/20-minute variants.
public struct ActionTemplate: Document, Equatable, ModelRules {
    /// The collection in the app's catalog: `action-templates`.
    public static let collection = "action-templates"
    /// The source of Elaro's own content.
    public static let elaroSource = "Elaro"

    /// The template's id, e.g. `A-EMO-001`.
    public var id: String
    /// The focus area it serves.
    public var focusId: FocusArea.Name
    /// The action's title.
    public var title: String
    /// One-line rationale.
    public var whyLine: String
    /// Tags used by signals and scoring.
    public var tags: [String]
    /// Relative difficulty 1…5.
    public var difficulty: Int
    /// At most one variant per duration.
    public var variants: [TemplateVariant]
    /// When not to suggest it, e.g. `skip_if_dysregulated`.
    public var contraindications: [String]
    /// The seed content version of this template.
    public var contentVersion: Int
    /// `Elaro` or a partner's name, for auditability.
    public var source: String

    /// Creates a template.
    public init(id: String, focusId: FocusArea.Name, title: String, whyLine: String, tags: [String], difficulty: Int,
                variants: [TemplateVariant], contraindications: [String] = [], contentVersion: Int = 1, source: String = elaroSource) {
        self.id = id
        self.focusId = focusId
        self.title = title
        self.whyLine = whyLine
        self.tags = tags
        self.difficulty = difficulty
        self.variants = variants
        self.contraindications = contraindications
        self.contentVersion = contentVersion
        self.source = source
    }

    private enum CodingKeys: String, CodingKey {
        case id, focusId, title, whyLine, tags, difficulty, variants, contraindications, contentVersion, source
    }

    /// Reads a template; one written before schema 2 (without `source`) reads as Elaro's, as
    /// migration 0002 does for stored ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        focusId = try container.decode(FocusArea.Name.self, forKey: .focusId)
        title = try container.decode(String.self, forKey: .title)
        whyLine = try container.decode(String.self, forKey: .whyLine)
        tags = try container.decode([String].self, forKey: .tags)
        difficulty = try container.decode(Int.self, forKey: .difficulty)
        variants = try container.decode([TemplateVariant].self, forKey: .variants)
        contraindications = try container.decode([String].self, forKey: .contraindications)
        contentVersion = try container.decode(Int.self, forKey: .contentVersion)
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? Self.elaroSource
    }

    /// The durations this template offers, shortest first.
    public var durations: [VariantDuration] { variants.map(\.durationMinutes).sorted() }

    /// The variant of `duration`, if the template has one.
    public func variant(_ duration: VariantDuration) -> TemplateVariant? {
        variants.first { $0.durationMinutes == duration }
    }

    /// The offered duration nearest to `target`; the shorter one on a tie (a smaller ask is
    /// the gentler default).
    public func duration(nearest target: VariantDuration) -> VariantDuration {
        durations.min { abs($0.minutes - target.minutes) < abs($1.minutes - target.minutes) } ?? target
    }

    /// Checks what the schema cannot: difficulty 1…5 and one variant per duration (both also
    /// in the schema, repeated here so an app sees them before a save).
    ///
    /// - Throws: `.ruleViolated` pointing at `/difficulty` or `/variants`.
    public func validate() throws {
        guard (1...5).contains(difficulty) else {
            throw AlmanacError.rule("difficulty is 1…5, \(id) has \(difficulty)", in: Self.collection, id: id, field: "difficulty")
        }
        let minutes = variants.map(\.durationMinutes.minutes)
        guard !minutes.isEmpty, Set(minutes).count == minutes.count else {
            throw AlmanacError.rule("a template has one to three variants, at most one per duration; \(id) has \(minutes)",
                                    in: Self.collection, id: id, field: "variants")
        }
    }
}
