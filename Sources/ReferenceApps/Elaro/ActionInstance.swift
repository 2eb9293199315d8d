import Almanac
import Foundation

/// One action picked for a local day, with its outcome and the parent's reflection.
///
/// The catalog rule `variant-of-template` needs the template as well, so it is checked by
/// ``validate(against:)`` rather than a context-free `validate()`.
public struct ActionInstance: Document, Equatable {
    /// The collection in the app's catalog: `action-instances`.
    public static let collection = "action-instances"

    /// The outcome of the action.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Done: a success for the adaptation rules.
        case done
        /// Put off to later.
        case snoozed
        /// Skipped: two skips in the last four attempts step the template down.
        case skipped
    }

    /// How hard the action felt.
    public enum FeltDifficulty: String, Codable, Sendable, CaseIterable {
        /// Easy.
        case light
        /// About right.
        case ok
        /// Hard: feeds the friction index and the step rules.
        case hard
    }

    /// The instance's id (a UUID).
    public var id: UUID
    /// The local day the action belongs to.
    public var date: CalendarDate
    /// The action template.
    public var templateId: String
    /// The chosen variant.
    public var variantDuration: VariantDuration
    /// The outcome.
    public var status: Status
    /// How hard it felt.
    public var feltDifficulty: FeltDifficulty
    /// An optional mood key such as `calm`; an open set, so a string.
    public var mood: String?
    /// The parent's private note: stays on the device, never enters an analytics event,
    /// and is cleared by retention after 12 months.
    public var note: String?

    /// Creates an instance.
    public init(id: UUID = UUID(), date: CalendarDate, templateId: String, variantDuration: VariantDuration, status: Status,
                feltDifficulty: FeltDifficulty, mood: String? = nil, note: String? = nil) {
        self.id = id
        self.date = date
        self.templateId = templateId
        self.variantDuration = variantDuration
        self.status = status
        self.feltDifficulty = feltDifficulty
        self.mood = mood
        self.note = note
    }

    /// Creates an instance for an action answered at `instant`, bucketed into its local day:
    /// the calendar day of `instant` on the wall clocks of `timeZone` (23:30 in New York stays
    /// on that day although it is the next one in UTC), whatever the daylight-saving offset.
    public init(id: UUID = UUID(), at instant: Date, in calendar: StoreCalendar, templateId: String, variantDuration: VariantDuration,
                status: Status, feltDifficulty: FeltDifficulty, mood: String? = nil, note: String? = nil) {
        self.init(id: id, date: CalendarDate(instant, in: calendar), templateId: templateId, variantDuration: variantDuration,
                  status: status, feltDifficulty: feltDifficulty, mood: mood, note: note)
    }

    /// Whether the action was done (a success).
    public var isSuccess: Bool { status == .done }

    /// Checks the catalog rule `variant-of-template`: the template exists and offers the
    /// chosen duration.
    ///
    /// - Parameter templates: the store's templates by id.
    /// - Throws: `.ruleViolated` pointing at `/templateId` (unknown template) or
    ///   `/variantDuration` (a duration the template does not offer).
    public func validate(against templates: [String: ActionTemplate]) throws {
        guard let template = templates[templateId] else {
            throw AlmanacError.rule("templateId \(templateId) names no action template; pick one of the store's templates",
                                    in: Self.collection, id: id.uuidString, field: "templateId")
        }
        guard template.variant(variantDuration) != nil else {
            let offered = template.durations.map { "\($0.minutes)" }.joined(separator: ", ")
            throw AlmanacError.rule("variantDuration \(variantDuration.minutes) is not a variant of \(templateId), which offers \(offered) minutes; choose one of those",
                                    in: Self.collection, id: id.uuidString, field: "variantDuration")
        }
    }
}
