import Almanac
import Foundation

/// The parts of a template's `priorityScore`, each 0…1 before its weight.
public struct ElaroScoreComponents: Sendable, Equatable, Codable {
    /// Tags overlap with the active focus area and its building blocks.
    public var focusMatch: Double
    /// How recent actions with these tags went.
    public var successProbability: Double
    /// How well the variant matches the preferred 5/10/20 minutes.
    public var bandwidthFit: Double
    /// How well this time of day has gone.
    public var timeOfDayFit: Double
    /// A gentle boost for something new when novelty tolerance is at least `med`.
    public var noveltyBoost: Double
    /// A streaking ritual's momentum.
    public var streakMomentum: Double
    /// How often it felt hard lately (subtracted).
    public var frictionRisk: Double

    /// The seed's weights, in the order of the formula.
    public static let weights = (focusMatch: 0.35, successProbability: 0.20, bandwidthFit: 0.15, timeOfDayFit: 0.10,
                                 noveltyBoost: 0.10, streakMomentum: 0.10, frictionRisk: 0.10)

    /// The weighted contribution of each part, named as in the formula (friction negative).
    public var contributions: [(name: String, value: Double)] {
        let w = Self.weights
        return [("focusMatch", w.focusMatch * focusMatch), ("successProbability", w.successProbability * successProbability),
                ("bandwidthFit", w.bandwidthFit * bandwidthFit), ("timeOfDayFit", w.timeOfDayFit * timeOfDayFit),
                ("noveltyBoost", w.noveltyBoost * noveltyBoost), ("streakMomentum", w.streakMomentum * streakMomentum),
                ("frictionRisk", -w.frictionRisk * frictionRisk)]
    }

    /// `priorityScore = 0.35·FocusMatch + 0.20·SuccessProbability + 0.15·BandwidthFit + 0.10·TimeOfDayFit
    /// + 0.10·NoveltyBoost + 0.10·StreakMomentum − 0.10·FrictionRisk`.
    public var priorityScore: Double { contributions.reduce(0) { $0 + $1.value } }
}

/// An adaptation rule that shaped a recommendation.
public enum ElaroAdaptation: Sendable, Equatable {
    /// Proposed as the slightly harder cousin of the template that went well.
    case stepUp(ElaroStep)
    /// Swapped in as the easier cousin of the template that was hard, until `through`.
    case stepDown(ElaroStep)
    /// The week's bandwidth bias chose this variant.
    case bandwidthBias(VariantDuration)
    /// A streaking ritual kept in place.
    case ritualProtection(streakDays: Int)
    /// Offered from the Coping Kit while the friction dampener pauses scoring.
    case frictionDampener(ElaroDampener)
}

/// One recommended action for a day: a template at a variant, its score and why.
public struct ElaroRecommendation: Sendable, Equatable {
    /// The template.
    public var templateId: String
    /// Its title.
    public var title: String
    /// Its focus area.
    public var focusId: FocusArea.Name
    /// The variant to do.
    public var duration: VariantDuration
    /// The parts of the score; `nil` while the friction dampener pauses scoring.
    public var components: ElaroScoreComponents?
    /// The adaptation rules that shaped this pick.
    public var adaptations: [ElaroAdaptation]
    /// Each reason in a sentence, the strongest first.
    public var reasons: [String]
    /// The reasons in one sentence for the parent.
    public var whySummary: String

    /// The priority score (0 while scoring is paused).
    public var score: Double { components?.priorityScore ?? 0 }
}

/// The day's plan: the top 2–3 actions, or the Coping Kit while the friction dampener holds.
public struct ElaroTodayPlan: Sendable, Equatable {
    /// How the plan was made.
    public enum Mode: String, Sendable, Codable {
        /// Ranked by `priorityScore`.
        case scored
        /// Scoring paused by the friction dampener: easy, familiar actions from the Coping Kit.
        case copingKit
    }

    /// The day planned.
    public var day: CalendarDate
    /// How the plan was made.
    public var mode: Mode
    /// The recommended actions, best first.
    public var recommendations: [ElaroRecommendation]
    /// The signals as of the end of the day before.
    public var signals: ElaroSignals
    /// The variant duration the plan aims at (bias, else preference), if any.
    public var targetDuration: VariantDuration?
    /// The week's bandwidth bias, if any.
    public var bandwidthBias: VariantDuration?
    /// The hours that have gone best (timing bias), best first.
    public var bestHours: [Int]
    /// The friction dampener, when it holds.
    public var dampener: ElaroDampener?
    /// The step-down swaps holding today for templates of the active areas, picked or not.
    public var stepDowns: [ElaroStep] = []
}
