import Almanac
import Foundation

extension UsageEvent: ModelRules {
    /// Checks the data model's validation rules for a usage event.
    ///
    /// `eventType` is a closed enum and `timestamp` is not optional, so the type itself
    /// enforces "one of three valid values" and "cannot be nil"; this checks the rest.
    /// - Throws: `.ruleViolated` when `pauseDuration` is negative or longer than
    ///   `timerDuration` (rule `pause-within-timer`), or when a `proceed_to_app` event has
    ///   an empty `targetAppName`.
    public func validate() throws {
        if pauseDuration < 0 {
            throw AlmanacError.rule(
                "pauseDuration is \(pauseDuration) s but a pause cannot be negative; record 0 for an immediate action",
                in: Self.collection, id: id.uuidString, field: "pauseDuration")
        }
        if pauseDuration > timerDuration {
            throw AlmanacError.rule(
                "pause-within-timer: pauseDuration \(pauseDuration) s is longer than the \(timerDuration) s timer configured for this event; "
                    + "cap the pause at the timer or record the timer that was running",
                in: Self.collection, id: id.uuidString, field: "pauseDuration")
        }
        if eventType == .proceedToApp && !VisibleText.isVisible(targetAppName) {
            throw AlmanacError.rule(
                "a proceed_to_app event needs the targetAppName of the app the user went on to; it is empty",
                in: Self.collection, id: id.uuidString, field: "targetAppName")
        }
    }
}
