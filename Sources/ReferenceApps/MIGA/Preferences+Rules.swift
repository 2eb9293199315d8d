import Almanac
import Foundation

extension Preferences: ModelRules {
    /// Checks the value ranges: the timer 15–45 s, the determination level 1–10, and each
    /// interest tag well-formed and chosen once.
    ///
    /// - Throws: `.ruleViolated` naming the field at fault.
    public func validate() throws {
        if !Self.gatewayTimerRange.contains(gatewayTimerDuration) {
            throw Self.violation("gatewayTimerDuration is \(gatewayTimerDuration) s; the gateway timer is 15 to 45 seconds (default 30)",
                                 field: "gatewayTimerDuration")
        }
        if !Self.determinationLevelRange.contains(onboardingDeterminationLevel) {
            throw Self.violation("onboardingDeterminationLevel is \(onboardingDeterminationLevel); the level is 1 to 10 (default 5)",
                                 field: "onboardingDeterminationLevel")
        }
        var seen: Set<InterestTag> = []
        for (index, tag) in selectedInterestTags.enumerated() {
            if !tag.isWellFormed {
                throw Self.violation(
                    "selectedInterestTags[\(index)] \"\(tag)\" is not an interest tag; use lower-case letters, digits, _ and - starting with a letter",
                    field: "selectedInterestTags/\(index)")
            }
            if !seen.insert(tag).inserted {
                throw Self.violation("selectedInterestTags lists \"\(tag)\" twice; choose each interest once",
                                     field: "selectedInterestTags/\(index)")
            }
        }
    }

    /// These preferences with the timer set to `seconds`.
    ///
    /// - Throws: `.ruleViolated` when `seconds` is outside 15–45.
    public func settingGatewayTimer(_ seconds: Double) throws -> Preferences {
        var next = self
        next.gatewayTimerDuration = seconds
        try next.validate()
        return next
    }

    /// These preferences with the onboarding answers (screens 7 and 8) and onboarding completed.
    ///
    /// Tags chosen twice are kept once, in the order first chosen.
    /// - Throws: `.ruleViolated` for a level outside 1–10 or a malformed tag.
    public func completingOnboarding(determinationLevel: Int, interests: [InterestTag]) throws -> Preferences {
        var next = self
        next.onboardingDeterminationLevel = determinationLevel
        var seen: Set<InterestTag> = []
        next.selectedInterestTags = interests.filter { seen.insert($0).inserted }
        next.hasCompletedOnboarding = true
        try next.validate()
        return next
    }

    /// These preferences moved on to `phase` of the First Run Experience.
    ///
    /// The phases only move forward, one at a time: phase 2 (hiding the apps) needs the apps
    /// chosen in phase 1. Moving to the phase already reached changes nothing (the screen may
    /// be completed twice, e.g. after a relaunch).
    /// - Throws: `.ruleViolated` for a step back or a skipped phase.
    public func advancingFRE(to phase: FREPhase) throws -> Preferences {
        guard phase != frePhase else { return self }
        if phase < frePhase {
            throw Self.violation("frePhase is \(frePhase.rawValue) and cannot go back to \(phase.rawValue); the First Run Experience only moves forward",
                                 field: "frePhase")
        }
        if phase == .appsHidden && frePhase == .notStarted {
            throw Self.violation("frePhase cannot reach appsHidden from notStarted; complete phase 1 (choose the apps, appsSelected) first",
                                 field: "frePhase")
        }
        var next = self
        next.frePhase = phase
        return next
    }

    private static func violation(_ message: String, field: String) -> AlmanacError {
        AlmanacError.rule(message, in: collection, field: field)
    }
}
