import Almanac
import Foundation

/// A content interest tag, such as `stoicism` or `productivity`: the category of a
/// ``MindfulnessContent`` item and what the user picks on onboarding screen 8.
///
/// An open set rather than an enum: the bundled content library defines its categories and
/// a newer content version may add one, which an older app must still read. A tag is lower
/// case, starts with a letter and holds letters, digits, `_` and `-` (at most 40
/// characters), as the schema's pattern says; ``isWellFormed`` checks it.
public struct InterestTag: RawRepresentable, Codable, Hashable, Sendable, Comparable, CustomStringConvertible,
                           ExpressibleByStringLiteral {
    /// The tag as stored, e.g. `"stoicism"`.
    public var rawValue: String

    /// Creates a tag from its stored text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a tag from a literal, e.g. `let tag: InterestTag = "stoicism"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Stoic philosophy (Marcus Aurelius, Seneca, Epictetus).
    public static let stoicism: InterestTag = "stoicism"
    /// Being present; breathing; noticing.
    public static let mindfulness: InterestTag = "mindfulness"
    /// Focus and priorities.
    public static let productivity: InterestTag = "productivity"
    /// Kindness towards oneself after a lapse.
    public static let selfCompassion: InterestTag = "self-compassion"

    /// The tags the bundled library (content version 1) has content for.
    public static let bundled: [InterestTag] = [.stoicism, .mindfulness, .productivity, .selfCompassion]

    /// Whether the text matches the schema's tag pattern `^[a-z][a-z0-9_-]*$`, at most 40 characters.
    public var isWellFormed: Bool {
        let scalars = Array(rawValue.unicodeScalars)
        guard let first = scalars.first, scalars.count <= 40, ("a"..."z").contains(first) else { return false }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// The tag's text.
    public var description: String { rawValue }

    /// Orders tags by their text.
    public static func < (lhs: InterestTag, rhs: InterestTag) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes the tag from a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the tag as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
