import Almanac
import Foundation

extension NotificationRecord: ModelRules {
    /// Checks the tier range and that a tapped notification was delivered.
    ///
    /// - Throws: `.ruleViolated` at `/tier` outside 0–3, at `/delivered` when `tapped` is
    ///   set without it.
    public func validate() throws {
        guard (0...EscalationState.maximumTier).contains(tier) else {
            throw AlmanacError.rule("tier \(tier) is not a tier 0–3", in: Self.collection, id: id.uuidString, field: CodingKeys.tier.rawValue)
        }
        if tapped, !delivered {
            throw AlmanacError.rule("tapped is set but delivered is not; a notification is delivered before it can be tapped",
                                    in: Self.collection, id: id.uuidString, field: CodingKeys.delivered.rawValue)
        }
    }
}
