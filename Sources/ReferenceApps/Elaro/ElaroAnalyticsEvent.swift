import Almanac
import Foundation

/// A privacy-first analytics event, queued on the device until the parent consents to upload.
///
/// The payload is a closed set of shapes carrying ids, durations, enums and counts only: no
/// case has room for free text, so a note can never enter an event (the seed's "no raw note
/// text"); ``validate()`` also refuses a template id that is not shaped like one.
public struct ElaroAnalyticsEvent: Document, Equatable, ModelRules {
    /// The collection in the app's catalog: `analytics-events`.
    public static let collection = "analytics-events"

    /// The event names of the seed.
    public enum Name: String, Codable, Sendable, CaseIterable {
        /// A focus area was activated.
        case focusActivate = "focus.activate"
        /// Today's actions were shown.
        case todayShown = "today.shown"
        /// One of them was picked, with a variant.
        case todayPick = "today.pick"
        /// It was done.
        case todayComplete = "today.complete"
        /// It was put off.
        case todaySnooze = "today.snooze"
        /// It was skipped.
        case todaySkip = "today.skip"
        /// The parent said how hard it felt.
        case todayReflect = "today.reflect"
        /// The parent chose next week's tweak.
        case weekChoice = "week.choice"
        /// The parent accepted the month's building blocks.
        case monthAcceptBlocks = "month.accept_blocks"
    }

    /// What an event says, by name; ids, durations, enums and counts only.
    public enum Payload: Sendable, Equatable {
        /// `focus.activate { focusId }`.
        case focusActivate(focusId: FocusArea.Name)
        /// `today.shown { templateIds[] }`.
        case todayShown(templateIds: [String])
        /// `today.pick { templateId, variant }`.
        case todayPick(templateId: String, variant: VariantDuration)
        /// `today.complete { templateId }`.
        case todayComplete(templateId: String)
        /// `today.snooze { templateId }`.
        case todaySnooze(templateId: String)
        /// `today.skip { templateId }`.
        case todaySkip(templateId: String)
        /// `today.reflect { difficulty }`.
        case todayReflect(difficulty: ActionInstance.FeltDifficulty)
        /// `week.choice { decision }`.
        case weekChoice(decision: WeeklySummary.Tweak)
        /// `month.accept_blocks { count }`.
        case monthAcceptBlocks(count: Int)

        /// The event name this payload belongs to.
        public var name: Name {
            switch self {
            case .focusActivate: .focusActivate
            case .todayShown: .todayShown
            case .todayPick: .todayPick
            case .todayComplete: .todayComplete
            case .todaySnooze: .todaySnooze
            case .todaySkip: .todaySkip
            case .todayReflect: .todayReflect
            case .weekChoice: .weekChoice
            case .monthAcceptBlocks: .monthAcceptBlocks
            }
        }

        /// The template ids the payload names.
        public var templateIds: [String] {
            switch self {
            case .todayShown(let ids): ids
            case .todayPick(let id, _), .todayComplete(let id), .todaySnooze(let id), .todaySkip(let id): [id]
            default: []
            }
        }

        /// The outcome event for an action instance's status.
        public static func outcome(_ status: ActionInstance.Status, templateId: String) -> Payload {
            switch status {
            case .done: .todayComplete(templateId: templateId)
            case .snoozed: .todaySnooze(templateId: templateId)
            case .skipped: .todaySkip(templateId: templateId)
            }
        }
    }

    /// The event's id (a UUID).
    public var id: UUID
    /// What happened; its ``Payload/name`` is the event's name.
    public var payload: Payload
    /// When it happened.
    public var timestamp: Date
    /// Whether it has been uploaded (only ever with consent).
    public var uploaded: Bool

    /// Creates a queued, not yet uploaded event.
    public init(id: UUID = UUID(), payload: Payload, timestamp: Date, uploaded: Bool = false) {
        self.id = id
        self.payload = payload
        self.timestamp = timestamp
        self.uploaded = uploaded
    }

    /// The event's name.
    public var name: Name { payload.name }

    /// Checks what keeps the payload free of text: template ids shaped like ids, at least
    /// one shown template, a count of zero or more.
    ///
    /// - Throws: `.ruleViolated` pointing into `/payload`.
    public func validate() throws {
        for (index, templateId) in payload.templateIds.enumerated() where !Self.isTemplateID(templateId) {
            let field = payload.name == .todayShown ? "payload/templateIds/\(index)" : "payload/templateId"
            throw AlmanacError.rule("\(name.rawValue) carries template ids only, and \(templateId.debugDescription) is not one; never put text into an event",
                                    in: Self.collection, id: id.uuidString, field: field)
        }
        if case .todayShown(let ids) = payload, ids.isEmpty {
            throw AlmanacError.rule("today.shown names at least one template", in: Self.collection, id: id.uuidString, field: "payload/templateIds")
        }
        if case .monthAcceptBlocks(let count) = payload, count < 0 {
            throw AlmanacError.rule("month.accept_blocks counts 0 or more blocks, not \(count)", in: Self.collection, id: id.uuidString, field: "payload/count")
        }
    }

    /// Whether `text` is shaped like a template id: 1–128 ASCII letters, digits, `.`, `_`
    /// and `-`, not starting with `.` (so no spaces, which every sentence of a note has).
    static func isTemplateID(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard (1...128).contains(scalars.count), scalars[0] != "." else { return false }
        return scalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
            default: false
            }
        }
    }
}
