import Foundation

/// The category of a craving's 1–10 intensity: 1–3 mild, 4–6 moderate, 7–9 strong, 10 overwhelming.
public enum CravingIntensity: String, Codable, Sendable, CaseIterable {
    /// 1–3: manageable, in the background.
    case mild
    /// 4–6: uncomfortable, needs coping.
    case moderate
    /// 7–9: urgent, high risk.
    case strong
    /// 10: a crisis.
    case overwhelming

    /// The intensities the slider offers.
    public static let scale: ClosedRange<Int> = 1...10
    /// Intensities the seed calls high (its "high-intensity cravings" query): 7–10.
    public static let high: ClosedRange<Int> = 7...10

    /// The category of `intensity`; as in the seed, a value off the scale counts as mild.
    public static func category(for intensity: Int) -> CravingIntensity {
        switch intensity {
        case 4...6: .moderate
        case 7...9: .strong
        case 10: .overwhelming
        default: .mild
        }
    }

    /// The intensities of this category.
    public var range: ClosedRange<Int> {
        switch self {
        case .mild: 1...3
        case .moderate: 4...6
        case .strong: 7...9
        case .overwhelming: 10...10
        }
    }

    /// The label the app shows: "Mild (manageable)", "Moderate (uncomfortable)",
    /// "Strong (urgent)", "Overwhelming (crisis)".
    public var description: String {
        switch self {
        case .mild: "Mild (manageable)"
        case .moderate: "Moderate (uncomfortable)"
        case .strong: "Strong (urgent)"
        case .overwhelming: "Overwhelming (crisis)"
        }
    }

    /// The SwiftUI colour name of the category: green, yellow, orange, red.
    public var color: String {
        switch self {
        case .mild: "green"
        case .moderate: "yellow"
        case .strong: "orange"
        case .overwhelming: "red"
        }
    }

    /// ``description`` of the category of `intensity`.
    public static func description(for intensity: Int) -> String { category(for: intensity).description }
    /// ``color`` of the category of `intensity`.
    public static func color(for intensity: Int) -> String { category(for: intensity).color }
}
