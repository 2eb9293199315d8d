import Almanac
import Foundation

/// One of the user's commitments for a calendar day and how it ended (Pressure's primary
/// record), with the seed's snake_case keys.
///
/// Schema 1 allowed one commitment per date; schema 2 allows several, listed by
/// ``sortOrder``. What the service enforces now is described on ``PressureService``.
public struct Commitment: Document, Equatable {
    /// The collection in the app's catalog: `commitments`.
    public static let collection = "commitments"

    /// The outcome of a commitment. It moves one way only: PENDING → YES, NO or MISSED,
    /// and never changes again (see ``Commitment/transition(to:)``).
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Waiting for the evening check-in (the default).
        case pending = "PENDING"
        /// The user checked in YES before the window closed.
        case yes = "YES"
        /// The user checked in NO before the window closed.
        case no = "NO"
        /// The window closed without a check-in, or no commitment was entered by the deadline.
        case missed = "MISSED"

        /// Whether this status may become `next`: only PENDING moves, and only to YES, NO or MISSED.
        public func canTransition(to next: Status) -> Bool {
            self == .pending && next != .pending
        }

        /// Whether the status is final (anything but PENDING).
        public var isFinal: Bool { self != .pending }
    }

    /// The commitment's id (a UUID).
    public var id: UUID
    /// The calendar day the commitment is for (no time component).
    public var date: CalendarDate
    /// The commitment, at most 280 characters; `""` only on a no-commitment day (MISSED).
    public var text: String
    /// When the commitment deadline passed and the text locked.
    public var lockedAt: Date?
    /// How the commitment ended, or PENDING.
    public var status: Status
    /// When YES or NO was submitted.
    public var checkedInAt: Date?
    /// The escalation tier in force on ``date`` (0–3): set at creation, refreshed at check-in
    /// and at day close.
    public var escalationTierSnap: Int
    /// Whether a restart shield was applied to this day.
    public var shieldUsed: Bool
    /// Position among the commitments of the same date, from 0.
    public var sortOrder: Int

    enum CodingKeys: String, CodingKey {
        case id, date, text, status
        case lockedAt = "locked_at"
        case checkedInAt = "checked_in_at"
        case escalationTierSnap = "escalation_tier_snap"
        case shieldUsed = "shield_used"
        case sortOrder = "sort_order"
    }

    /// The most characters a text may have, counted as people see them (extended grapheme
    /// clusters, the schema's `maxCharacters`): "👍🏽" is one.
    public static let maximumTextLength = 280

    /// Creates a commitment; a new one is PENDING, unlocked, unshielded, first of its day.
    public init(id: UUID = UUID(), date: CalendarDate, text: String, lockedAt: Date? = nil, status: Status = .pending,
                checkedInAt: Date? = nil, escalationTierSnap: Int = 0, shieldUsed: Bool = false, sortOrder: Int = 0) {
        self.id = id
        self.date = date
        self.text = text
        self.lockedAt = lockedAt
        self.status = status
        self.checkedInAt = checkedInAt
        self.escalationTierSnap = escalationTierSnap
        self.shieldUsed = shieldUsed
        self.sortOrder = sortOrder
    }

    /// The record of a no-commitment day: empty text, MISSED, locked at the deadline.
    public static func noCommitment(on date: CalendarDate, deadline: Date, tier: Int, id: UUID = UUID()) -> Commitment {
        Commitment(id: id, date: date, text: "", lockedAt: deadline, status: .missed, escalationTierSnap: tier)
    }

    /// Moves the status from PENDING to `next` (YES, NO or MISSED).
    ///
    /// - Throws: `.ruleViolated` at `/status` for any other change: leaving YES, NO or
    ///   MISSED (irreversible), or "moving" PENDING to PENDING.
    public mutating func transition(to next: Status) throws {
        guard status.canTransition(to: next) else {
            let why = status.isFinal
                ? "status is \(status.rawValue) and cannot become \(next.rawValue): once it has left PENDING it never changes"
                : "status PENDING can only become YES, NO or MISSED, not \(next.rawValue)"
            throw AlmanacError.rule(why, in: Self.collection, id: id.uuidString, field: CodingKeys.status.rawValue)
        }
        status = next
    }
}
