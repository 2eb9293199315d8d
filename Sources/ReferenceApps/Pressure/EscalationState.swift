import Almanac
import Foundation

/// The escalation engine's runtime state (UserDefaults in the app, the `escalation-state`
/// singleton here): a cache of what ``EscalationEngine`` derives from the commitment history.
///
/// - ``currentTier`` 0–3: how hard Pressure pushes; the rules are on ``EscalationEngine``.
/// - ``consecutiveMisses``: missed days in a row (NO or MISSED, shielded or not); 0 after any YES.
/// - ``consecutiveSuccesses``: YES days in a row; 0 after any NO or MISSED, shielded or not.
/// - ``currentStreak``: YES days in a row, where a shielded miss neither breaks nor extends it.
/// - ``longestStreak``: the all-time high of ``currentStreak``.
/// - ``restartShieldsRemaining``: 0 or 1; one a calendar month for paid users.
/// - ``shieldResetDate``: local midnight on the 1st of next month, when the shield is replenished.
///
/// The seed's diagram lists `restart_shields_used`; its table and the schema keep
/// `restart_shields_remaining` instead, and the table is followed.
public struct EscalationState: SingletonDocument, Equatable {
    /// The collection in the app's catalog: `escalation-state`.
    public static let collection = "escalation-state"

    /// The highest tier.
    public static let maximumTier = 3
    /// The most restart shields a paid user holds.
    public static let maximumShields = 1

    /// The current escalation tier, 0–3.
    public var currentTier: Int
    /// Missed days in a row.
    public var consecutiveMisses: Int
    /// YES days in a row since the last NO or MISSED.
    public var consecutiveSuccesses: Int
    /// Consecutive YES days, kept across shielded misses.
    public var currentStreak: Int
    /// The longest streak ever.
    public var longestStreak: Int
    /// Restart shields left this month (0 or 1).
    public var restartShieldsRemaining: Int
    /// When the shield is next replenished (local midnight on the 1st); `nil` for free users.
    public var shieldResetDate: Date?

    enum CodingKeys: String, CodingKey {
        case currentTier = "current_tier"
        case consecutiveMisses = "consecutive_misses"
        case consecutiveSuccesses = "consecutive_successes"
        case currentStreak = "current_streak"
        case longestStreak = "longest_streak"
        case restartShieldsRemaining = "restart_shields_remaining"
        case shieldResetDate = "shield_reset_date"
    }

    /// Creates a state; every figure defaults to the seed's default (0, no reset date).
    public init(currentTier: Int = 0, consecutiveMisses: Int = 0, consecutiveSuccesses: Int = 0, currentStreak: Int = 0,
                longestStreak: Int = 0, restartShieldsRemaining: Int = 0, shieldResetDate: Date? = nil) {
        self.currentTier = currentTier
        self.consecutiveMisses = consecutiveMisses
        self.consecutiveSuccesses = consecutiveSuccesses
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.restartShieldsRemaining = restartShieldsRemaining
        self.shieldResetDate = shieldResetDate
    }

    /// What the app shows as the streak (`streak_display`): ``currentStreak``.
    public var streakDisplay: Int { currentStreak }
}
