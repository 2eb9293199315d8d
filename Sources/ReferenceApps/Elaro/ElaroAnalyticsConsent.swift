import Foundation

/// The parent's answer to "may Elaro upload anonymous usage events?".
///
/// Elaro's catalog has no settings collection, so the app keeps this answer with its own
/// settings and passes it to ``ElaroAnalyticsQueue/drain(_:consent:limit:)``. Only an explicit
/// yes lets events leave the queue: not asked yet, declined and withdrawn all keep them local.
public struct ElaroAnalyticsConsent: Sendable, Equatable, Codable {
    /// Where the parent stands.
    public enum Decision: String, Codable, Sendable, CaseIterable {
        /// Never asked: events stay on the device.
        case notAsked
        /// Said yes explicitly: queued events may be uploaded.
        case granted
        /// Said no: events stay on the device.
        case declined
        /// Said yes, later took it back: events stay on the device from then on.
        case withdrawn
    }

    /// The current decision.
    public var decision: Decision
    /// When the parent made it (`nil` while not asked).
    public var decidedAt: Date?

    /// Creates a consent record.
    public init(decision: Decision, decidedAt: Date? = nil) {
        self.decision = decision
        self.decidedAt = decidedAt
    }

    /// No answer yet: the default.
    public static let notAsked = ElaroAnalyticsConsent(decision: .notAsked)

    /// An explicit yes given at `date`.
    public static func granted(at date: Date) -> ElaroAnalyticsConsent {
        ElaroAnalyticsConsent(decision: .granted, decidedAt: date)
    }

    /// Whether events may leave the queue.
    public var allowsUpload: Bool { decision == .granted }
}
