import Almanac
import Foundation

/// Pressure's data operations on a store: create, edit and check in today's commitment,
/// close the days, spend a restart shield, keep the escalation state.
///
/// Every operation takes the moment it happens as `now` (never the clock) and works in the
/// store's calendar (``Store/calendar``), the same days the store files by. It first runs ``closeDays(at:)``, so earlier days are settled and the
/// escalation tier is current before anything else happens.
///
/// **Commitments per day.** Schema 2 dropped the unique date; the service follows it: a day
/// may hold several commitments, each with the next free `sort_order` (0, 1, 2 …), all
/// created before that day's deadline. A day counts as YES only when every commitment ended
/// YES, and the worst outcome decides otherwise (``PressureDayOutcome``), which is the seed's
/// "worst-case tier across all commitments" with one global escalation state.
public struct PressureService: Sendable {
    /// The store, at the current schema.
    public let store: Store

    /// Creates a service on `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The store's days, whose midnights, deadlines and months count.
    public var calendar: StoreCalendar { store.calendar }

    /// The stored settings, or the seed's defaults with the store's calendar.
    public func settings() throws -> PressureSettings {
        try store.singleton(PressureSettings.self) ?? .defaults(timeZone: calendar.latestZone)
    }

    /// Validates and saves `settings`.
    ///
    /// - Throws: `.ruleViolated` from ``PressureSettings/validate()``.
    public func save(_ settings: PressureSettings) throws {
        try settings.validate()
        try store.save(settings)
    }

    /// Every commitment, oldest first.
    public func commitments() throws -> [Commitment] {
        try store.documents(Commitment.self)
    }

    /// The derived values (locked, window open, can check in, days since last YES) at `now`,
    /// without changing the store.
    public func today(at now: Date) throws -> PressureToday {
        let close = PressureDayClose(settings: try settings(), calendar: calendar)
        let commitments = try commitments()
        return PressureToday(settings: close.settings, commitments: PressureDayClose.merging(close.changes(to: commitments, at: now), into: commitments),
                             now: now, calendar: calendar)
    }

    /// What ``closeDays(at:)`` did.
    public struct DayCloseResult: Sendable, Equatable {
        /// The commitments created (no-commitment days) or changed (locked, MISSED), oldest first.
        public var changed: [Commitment]
        /// The escalation state saved afterwards.
        public var state: EscalationState
    }

    /// Locks and closes every day through `now` (``PressureDayClose``) and saves the
    /// escalation state derived from the result. Idempotent: a second run changes nothing,
    /// and a run after several days fills each missed day exactly once.
    ///
    /// - Parameter newID: makes the ids of no-commitment records.
    @discardableResult
    public func closeDays(at now: Date, newID: () -> UUID = { UUID() }) throws -> DayCloseResult {
        // One transaction: the closed days and the state derived from them, both or neither.
        try store.write { db in
            db.timeOfSave = now
            let settings = try settings(in: db)
            let stored = try db.documents(Commitment.self)
            let changed = PressureDayClose(settings: settings, calendar: calendar).changes(to: stored, at: now, newID: newID)
            for commitment in changed {
                try commitment.validate()
                try commitment.validate(against: settings, in: calendar)
            }
            try db.save(contentsOf: changed)
            let state = try saveState(from: PressureDayClose.merging(changed, into: stored), settings: settings, at: now, in: db)
            return DayCloseResult(changed: changed, state: state)
        }
    }

    /// The escalation state derived from the store at `now`, without changing the store.
    public func derivedState(at now: Date) throws -> EscalationState {
        let settings = try settings()
        let stored = try commitments()
        let all = PressureDayClose.merging(PressureDayClose(settings: settings, calendar: calendar).changes(to: stored, at: now), into: stored)
        return EscalationEngine(calendar: calendar).state(from: all, settings: settings, at: now)
    }

    /// Creates a commitment for today with the next free `sort_order`.
    ///
    /// - Parameters:
    ///   - text: the commitment; surrounding white space is trimmed.
    ///   - now: the moment it is made; it must be before today's deadline.
    /// - Throws: `.ruleViolated` at `/locked_at` after the deadline, at `/text` for an empty
    ///   or too long text.
    @discardableResult
    public func createCommitment(text: String, at now: Date, id: UUID = UUID()) throws -> Commitment {
        try closeDays(at: now)
        let settings = try settings()
        let all = try commitments()
        let today = PressureToday(settings: settings, commitments: all, now: now, calendar: calendar)
        if today.isCommitmentLocked {
            throw AlmanacError.rule("today's deadline \(settings.commitmentDeadline) has passed and \(today.date) is locked; commit to tomorrow before its deadline",
                                    in: Commitment.collection, field: Commitment.CodingKeys.lockedAt.rawValue)
        }
        let engine = EscalationEngine(calendar: calendar)
        let commitment = Commitment(id: id, date: today.date, text: VisibleText.trimmed(text),
                                    escalationTierSnap: engine.tier(on: today.date, history: engine.history(of: all)),
                                    sortOrder: (today.commitments.map(\.sortOrder).max() ?? -1) + 1)
        try commitment.validate()
        try Commitment.validateSortOrders(today.commitments + [commitment])
        try save(commitment, at: now)
        return commitment
    }

    /// Changes the text of today's commitment `id` before the deadline locks it.
    ///
    /// - Throws: `.notFound` for an unknown id; `.ruleViolated` at `/text` once it is locked
    ///   or for an empty or too long text.
    @discardableResult
    public func editCommitment(id: UUID, text: String, at now: Date) throws -> Commitment {
        try closeDays(at: now)
        let stored = try commitment(id)
        var edited = stored
        edited.text = VisibleText.trimmed(text)
        try edited.validate()
        try edited.validateChange(from: stored)
        try save(edited, at: now)
        return edited
    }

    /// The answer of a check-in.
    public enum CheckInAnswer: String, Sendable, CaseIterable {
        /// Did it.
        case yes = "YES"
        /// Did not.
        case no = "NO"

        /// The status it sets.
        public var status: Commitment.Status { self == .yes ? .yes : .no }
    }

    /// Checks in today's commitment `id` with YES or NO at `now`, inside the window, and
    /// saves the escalation state (the day counts once all its commitments are checked in).
    ///
    /// - Throws: `.notFound` for an unknown id; `.ruleViolated` at `/checked_in_at` outside
    ///   today's window or for another day's commitment, at `/status` when it is no longer
    ///   PENDING (irreversible).
    @discardableResult
    public func checkIn(id: UUID, answer: CheckInAnswer, at now: Date) throws -> Commitment {
        try closeDays(at: now)
        // One transaction: the check-in and the escalation state, both or neither.
        return try store.write { db in
            db.timeOfSave = now
            let settings = try settings(in: db)
            let all = try db.documents(Commitment.self)
            guard var commitment = try db.document(Commitment.self, id: id) else {
                throw AlmanacError(.notFound, "no commitment with id \(id.uuidString)", id: id.uuidString)
            }
            let today = PressureToday(settings: settings, commitments: all, now: now, calendar: calendar)
            try commitment.transition(to: answer.status)
            guard commitment.date == today.date, today.isWindowOpen else {
                let why = commitment.date != today.date
                    ? "the commitment is for \(commitment.date), not today \(today.date); only today's commitments can be checked in"
                    : "the check-in window of \(today.date) is \(settings.commitmentDeadline)–\(settings.checkinWindowClose) and it is not open now"
                throw AlmanacError.rule(why, in: Commitment.collection, id: id.uuidString, field: Commitment.CodingKeys.checkedInAt.rawValue)
            }
            let engine = EscalationEngine(calendar: calendar)
            commitment.checkedInAt = now
            commitment.lockedAt = today.deadline
            commitment.escalationTierSnap = engine.tier(on: today.date, history: engine.history(of: all))
            try commitment.validate()
            try commitment.validate(against: settings, in: calendar)
            try db.save(commitment)
            try saveState(from: PressureDayClose.merging([commitment], into: all), settings: settings, at: now, in: db)
            return commitment
        }
    }

    /// Spends this month's restart shield on the most recent settled day, which must be a
    /// miss in the current month: its NO and MISSED commitments get `shield_used`, the streak
    /// survives it (``EscalationEngine``), and the saved state shows no shield left until the 1st.
    ///
    /// The shield is the user's choice, never applied by the day close; it covers only the
    /// latest settled day (today once checked in NO, else yesterday), so a shield never
    /// rewrites older history.
    /// - Throws: `.ruleViolated` at `/restart_shields_remaining` for a user without paid
    ///   features or with the shield spent, at `/shield_used` when the latest settled day is
    ///   not an unshielded miss of this month.
    @discardableResult
    public func applyRestartShield(at now: Date) throws -> EscalationState {
        try closeDays(at: now)
        // The checks and the spend in one transaction: two calls cannot both spend this month's shield.
        return try store.write { db in
            db.timeOfSave = now
            let settings = try settings(in: db)
            let all = try db.documents(Commitment.self)
            let state = EscalationEngine(calendar: calendar).state(from: all, settings: settings, at: now)
            let field = EscalationState.CodingKeys.restartShieldsRemaining.rawValue
            guard settings.isPaid(at: now) else {
                throw AlmanacError.rule("restart shields are for paid users; the subscription is \(settings.subscriptionTier.rawValue)\(settings.subscriptionTier == .paid ? ", expired" : "")",
                                        in: EscalationState.collection, field: field)
            }
            guard state.restartShieldsRemaining > 0 else {
                throw AlmanacError.rule("this month's restart shield is spent; the next one comes \(state.shieldResetDate.map { "\(CalendarDate($0, in: calendar))" } ?? "next month")",
                                        in: EscalationState.collection, field: field)
            }
            let today = CalendarDate(now, in: calendar)
            guard let target = EscalationEngine(calendar: calendar).history(of: all).last, target.outcome == .miss,
                  target.date.year == today.year, target.date.month == today.month else {
                throw AlmanacError.rule("a restart shield covers the most recent settled day when it was an unshielded miss in this month; there is none at \(today)",
                                        in: Commitment.collection, field: Commitment.CodingKeys.shieldUsed.rawValue)
            }
            var shielded: [Commitment] = []
            for var commitment in all where commitment.date == target.date && (commitment.status == .no || commitment.status == .missed) {
                commitment.shieldUsed = true
                try commitment.validate()
                shielded.append(commitment)
            }
            try db.save(contentsOf: shielded)
            return try saveState(from: PressureDayClose.merging(shielded, into: all), settings: settings, at: now, in: db)
        }
    }

    /// Saves `commitment` with `now` as the time of the save, the moment the store's rules
    /// judge by (a settled day, the check-in window): the service's clock, not the system's.
    func save(_ commitment: Commitment, at now: Date) throws {
        try store.write { db in
            db.timeOfSave = now
            try db.save(commitment)
        }
    }

    /// The stored commitment `id`.
    func commitment(_ id: UUID) throws -> Commitment {
        guard let commitment = try store.document(Commitment.self, id: id) else {
            throw AlmanacError(.notFound, "no commitment with id \(id.uuidString)", id: id.uuidString)
        }
        return commitment
    }

    /// Derives the escalation state from `commitments`, validates it and saves it when it differs.
    @discardableResult
    func saveState(from commitments: [Commitment], settings: PressureSettings, at now: Date, in db: Transaction) throws -> EscalationState {
        // The write's calendar: a move changes it in the same write (``move(to:at:)``).
        let state = EscalationEngine(calendar: db.calendar).state(from: commitments, settings: settings, at: now)
        try state.validate()
        try state.validate(against: settings, in: db.calendar, at: now)
        if try db.singleton(EscalationState.self) != state { try db.save(state) }
        return state
    }

    /// The settings as the transaction `db` sees them.
    func settings(in db: ReadTransaction) throws -> PressureSettings {
        try db.singleton(PressureSettings.self) ?? .defaults(timeZone: calendar.latestZone)
    }
}
