import Almanac
import Foundation

/// MIGA's lightweight preferences (kept in `UserDefaults` by the original app): the First
/// Run Experience state, onboarding answers and the gateway timer. One per store.
///
/// A store without a saved preferences document reads as ``default``, the seed's defaults.
public struct Preferences: SingletonDocument, Equatable {
    /// The collection in the catalog (`schema/miga/catalog.json`).
    public static let collection = "preferences"

    /// First Run Experience progress (schema 3 names; `phase1Complete` and `phase2Complete`
    /// before it, renamed by migration 0003).
    public enum FREPhase: String, Codable, Sendable, CaseIterable, Comparable {
        /// The user has not finished phase 1.
        case notStarted
        /// Phase 1 done: the user chose the apps for the Hub.
        case appsSelected
        /// Phase 2 done: the user hid those apps by hand.
        case appsHidden

        /// Orders the phases as the user goes through them.
        public static func < (lhs: FREPhase, rhs: FREPhase) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The allowed gateway timer, in seconds.
    public static let gatewayTimerRange: ClosedRange<Double> = 15...45
    /// The allowed onboarding determination level.
    public static let determinationLevelRange: ClosedRange<Int> = 1...10

    /// First Run Experience progress; default `notStarted`.
    public var frePhase: FREPhase
    /// Whether the user finished the 12-screen onboarding; default `false`.
    public var hasCompletedOnboarding: Bool
    /// The Gateway Screen timer in seconds, 15–45; default 30.
    public var gatewayTimerDuration: Double
    /// The readiness level from onboarding screen 7, 1–10; default 5.
    public var onboardingDeterminationLevel: Int
    /// The content interests from onboarding screen 8, each once; default none (all content).
    public var selectedInterestTags: [InterestTag]

    /// Creates preferences; every argument defaults to the seed's default.
    public init(frePhase: FREPhase = .notStarted, hasCompletedOnboarding: Bool = false, gatewayTimerDuration: Double = 30,
                onboardingDeterminationLevel: Int = 5, selectedInterestTags: [InterestTag] = []) {
        self.frePhase = frePhase
        self.hasCompletedOnboarding = hasCompletedOnboarding
        self.gatewayTimerDuration = gatewayTimerDuration
        self.onboardingDeterminationLevel = onboardingDeterminationLevel
        self.selectedInterestTags = selectedInterestTags
    }

    /// The seed's defaults: `notStarted`, onboarding not completed, a 30 s timer,
    /// determination 5, no interests.
    public static let `default` = Preferences()
}
