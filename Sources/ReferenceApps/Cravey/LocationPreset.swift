import Foundation

/// The places the location picker offers.
public enum LocationPreset: String, Codable, Sendable, CaseIterable {
    /// At home.
    case home = "Home"
    /// At work.
    case work = "Work"
    /// Out with people.
    case social = "Social"
    /// Outdoors.
    case outside = "Outside"
    /// In the car.
    case car = "Car"
}
