import Almanac
import Foundation

extension Commitment: ModelRules {
    /// Checks the rules of this one commitment.
    ///
    /// - Throws: `.ruleViolated` at
    ///   - `/text`: longer than 280 characters, or empty or blank while not MISSED (only a
    ///     no-commitment day has empty text);
    ///   - `/checked_in_at`: missing on YES or NO, present on PENDING or MISSED;
    ///   - `/locked_at`: missing once the status left PENDING, or after the check-in;
    ///   - `/escalation_tier_snap`: outside 0–3; `/sort_order`: negative;
    ///   - `/shield_used`: set on a commitment that did not end NO or MISSED.
    public func validate() throws {
        func fail(_ message: String, _ key: CodingKeys) -> AlmanacError {
            AlmanacError.rule(message, in: Self.collection, id: id.uuidString, field: key.rawValue)
        }
        let length = VisibleText.characterCount(text)
        guard length <= Self.maximumTextLength else {
            throw fail("text is \(length) characters, more than the \(Self.maximumTextLength) allowed; shorten it", .text)
        }
        if status != .missed, !VisibleText.isVisible(text) {
            throw fail("text is empty or blank on a \(status.rawValue) commitment; only a no-commitment day (MISSED) has empty text", .text)
        }
        switch (status, checkedInAt) {
        case (.yes, nil), (.no, nil):
            throw fail("a \(status.rawValue) commitment needs checked_in_at, the moment of the check-in", .checkedInAt)
        case (.pending, .some), (.missed, .some):
            throw fail("a \(status.rawValue) commitment has no check-in; remove checked_in_at", .checkedInAt)
        default:
            break
        }
        if status.isFinal, lockedAt == nil {
            throw fail("a \(status.rawValue) commitment needs locked_at, the deadline that locked it", .lockedAt)
        }
        if let lockedAt, let checkedInAt, checkedInAt < lockedAt {
            throw fail("checked_in_at \(checkedInAt) is before locked_at \(lockedAt); check-ins open at the deadline", .checkedInAt)
        }
        guard (0...EscalationState.maximumTier).contains(escalationTierSnap) else {
            throw fail("escalation_tier_snap \(escalationTierSnap) is not a tier 0–3", .escalationTierSnap)
        }
        guard sortOrder >= 0 else {
            throw fail("sort_order \(sortOrder) is negative; the first commitment of a day has 0", .sortOrder)
        }
        if shieldUsed, status != .no, status != .missed {
            throw fail("shield_used is set on a \(status.rawValue) commitment; a restart shield only covers a day that ended NO or MISSED", .shieldUsed)
        }
    }

    /// Checks the catalog rules that need the settings: `locked-at-deadline` and
    /// `check-in-inside-window`, by the store's `calendar`.
    ///
    /// - Throws: `.ruleViolated` at `/locked_at` when it is not the commitment deadline on
    ///   ``date``, at `/checked_in_at` when it is not within [deadline, window close) on ``date``.
    public func validate(against settings: PressureSettings, in calendar: StoreCalendar) throws {
        let deadline = settings.deadline(on: date, in: calendar)
        let close = settings.windowClose(on: date, in: calendar)
        if let lockedAt, lockedAt != deadline {
            throw AlmanacError.rule("locked_at \(lockedAt) is not the commitment deadline \(settings.commitmentDeadline) of \(date) (\(deadline)) in \(calendar.zone(on: date).identifier)",
                                    in: Self.collection, id: id.uuidString, field: CodingKeys.lockedAt.rawValue)
        }
        if let checkedInAt, !(deadline..<close).contains(checkedInAt) {
            throw AlmanacError.rule("checked_in_at \(checkedInAt) is outside the check-in window of \(date), \(settings.commitmentDeadline)–\(settings.checkinWindowClose) in \(calendar.zone(on: date).identifier)",
                                    in: Self.collection, id: id.uuidString, field: CodingKeys.checkedInAt.rawValue)
        }
    }

    /// Checks that saving `self` over `stored` keeps the one-way rules: the date and id stay,
    /// a final status never changes, a locked text never changes, the tier, lock and check-in
    /// of a final commitment never change, a shield is never removed (the catalog's
    /// `frozen` and `transitions` rules, which the store checks too).
    ///
    /// - Throws: `.ruleViolated` at `/status`, `/text`, `/date`, `/escalation_tier_snap`,
    ///   `/locked_at`, `/checked_in_at` or `/shield_used`.
    public func validateChange(from stored: Commitment) throws {
        func fail(_ message: String, _ key: CodingKeys) -> AlmanacError {
            AlmanacError.rule(message, in: Self.collection, id: id.uuidString, field: key.rawValue)
        }
        if status != stored.status {
            var copy = stored
            try copy.transition(to: status)
        }
        if date != stored.date {
            throw fail("date cannot change from \(stored.date) to \(date); make a new commitment for another day", .date)
        }
        if stored.lockedAt != nil, text != stored.text {
            throw fail("text is locked since \(stored.lockedAt!) and cannot change", .text)
        }
        if let locked = stored.lockedAt, lockedAt != locked {
            // Clearing the lock would free the text again (the catalog's text-locked-at-deadline).
            throw fail("locked_at is \(locked) and cannot change once set", .lockedAt)
        }
        if stored.status.isFinal {
            // The catalog's final-commitment-fixed: what locked and settled the day stays.
            if escalationTierSnap != stored.escalationTierSnap {
                throw fail("escalation_tier_snap is fixed once the commitment is \(stored.status.rawValue); it stays \(stored.escalationTierSnap)", .escalationTierSnap)
            }
            if lockedAt != stored.lockedAt {
                throw fail("locked_at is fixed once the commitment is \(stored.status.rawValue)", .lockedAt)
            }
            if checkedInAt != stored.checkedInAt {
                throw fail("checked_in_at is fixed once the commitment is \(stored.status.rawValue)", .checkedInAt)
            }
        }
        if stored.shieldUsed, !shieldUsed {
            throw fail("a restart shield applied to \(date) cannot be taken back", .shieldUsed)
        }
    }

    /// Checks the rule `distinct-sort-order-per-day` over `commitments` (any dates).
    ///
    /// - Throws: `.ruleViolated` at `/sort_order` of the second commitment that repeats a
    ///   date's sort_order.
    public static func validateSortOrders(_ commitments: [Commitment]) throws {
        var seen: [CalendarDate: [Int: UUID]] = [:]
        for commitment in commitments {
            if let other = seen[commitment.date]?[commitment.sortOrder] {
                throw AlmanacError.rule("sort_order \(commitment.sortOrder) on \(commitment.date) is already taken by \(other.uuidString); commitments of one date need distinct sort_order values",
                                        in: collection, id: commitment.id.uuidString, field: CodingKeys.sortOrder.rawValue)
            }
            seen[commitment.date, default: [:]][commitment.sortOrder] = commitment.id
        }
    }
}
