import Almanac
import Foundation

extension EscalationState: ModelRules {
    /// Checks the rules of the state on its own.
    ///
    /// - Throws: `.ruleViolated` at `/current_tier` outside 0–3; at a negative counter; at
    ///   `/consecutive_successes` when both run counters are positive (a YES resets the
    ///   misses, a miss the successes); at `/current_streak` above `longest_streak`; at
    ///   `/restart_shields_remaining` outside 0–1.
    public func validate() throws {
        func fail(_ message: String, _ key: CodingKeys) -> AlmanacError {
            AlmanacError.rule(message, in: Self.collection, field: key.rawValue)
        }
        guard (0...Self.maximumTier).contains(currentTier) else {
            throw fail("current_tier \(currentTier) is not a tier 0–3", .currentTier)
        }
        let counters: [(Int, CodingKeys)] = [(consecutiveMisses, .consecutiveMisses), (consecutiveSuccesses, .consecutiveSuccesses),
                                             (currentStreak, .currentStreak), (longestStreak, .longestStreak)]
        for (value, key) in counters where value < 0 {
            throw fail("\(key.rawValue) \(value) is negative; counters start at 0", key)
        }
        if consecutiveMisses > 0, consecutiveSuccesses > 0 {
            throw fail("consecutive_successes \(consecutiveSuccesses) with consecutive_misses \(consecutiveMisses): a miss resets the successes and a YES the misses, so one of them is 0", .consecutiveSuccesses)
        }
        guard currentStreak <= longestStreak else {
            throw fail("current_streak \(currentStreak) is above longest_streak \(longestStreak); the longest streak is the all-time high", .currentStreak)
        }
        guard (0...Self.maximumShields).contains(restartShieldsRemaining) else {
            throw fail("restart_shields_remaining \(restartShieldsRemaining) is not 0 or 1; paid users hold at most one shield", .restartShieldsRemaining)
        }
    }

    /// Checks the catalog rules that need the settings and the time zone:
    /// `shields-for-paid-users` and `shield-reset-first-of-month`.
    ///
    /// - Throws: `.ruleViolated` at `/restart_shields_remaining` when a user without paid
    ///   features at `now` holds a shield; at `/shield_reset_date` when it is not local
    ///   midnight on the 1st of a month in the store's `calendar` (whose latest zone settings
    ///   `timezone_identifier` names).
    public func validate(against settings: PressureSettings, in calendar: StoreCalendar, at now: Date) throws {
        if restartShieldsRemaining > 0, !settings.isPaid(at: now) {
            throw AlmanacError.rule("restart_shields_remaining is \(restartShieldsRemaining) but the subscription is \(settings.subscriptionTier.rawValue)\(settings.subscriptionTier == .paid ? " and expired" : ""); shields are for paid users only",
                                    in: Self.collection, field: CodingKeys.restartShieldsRemaining.rawValue)
        }
        if let shieldResetDate {
            let day = calendar.day(of: shieldResetDate)
            guard day.day == 1, calendar.start(of: day) == shieldResetDate else {
                throw AlmanacError.rule("shield_reset_date \(shieldResetDate) is not local midnight on the 1st of a month in \(calendar.zone(on: day).identifier)",
                                        in: Self.collection, field: CodingKeys.shieldResetDate.rawValue)
            }
        }
    }
}
