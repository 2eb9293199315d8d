import Foundation

/// The tone of Pressure's notifications.
public enum PersonalityMode: String, Codable, Sendable, CaseIterable {
    /// Firm and polite (the default).
    case professional = "PROFESSIONAL"
    /// Blunt.
    case brutal = "BRUTAL"
}
