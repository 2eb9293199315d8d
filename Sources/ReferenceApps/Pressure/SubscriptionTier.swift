import Foundation

/// What the user pays for; restart shields come with ``paid``.
public enum SubscriptionTier: String, Codable, Sendable, CaseIterable {
    /// The free tier: no restart shields.
    case free = "FREE"
    /// The paid tier: one restart shield a month.
    case paid = "PAID"
}
