import Almanac
import Foundation

/// The parent's settings that Elaro's store reads (the singleton `settings`): how long
/// private notes are kept before the retention run purges them.
public struct ElaroSettings: SingletonDocument, Equatable {
    /// The collection in the app's catalog: `settings`.
    public static let collection = "settings"

    /// The seed's default: notes are purged after 12 months.
    public static let defaultNotePurgeMonths = 12

    /// Months after which a note is purged (the instance stays); `nil` keeps notes. A store
    /// without the document, or without the field, purges after ``defaultNotePurgeMonths``.
    public var notePurgeMonths: Int?

    /// Creates settings; notes are purged after `notePurgeMonths` months, or kept with `nil`.
    public init(notePurgeMonths: Int? = ElaroSettings.defaultNotePurgeMonths) {
        self.notePurgeMonths = notePurgeMonths
    }

    enum CodingKeys: String, CodingKey { case notePurgeMonths }

    /// Decodes the settings; a missing `notePurgeMonths` is the default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notePurgeMonths = container.contains(.notePurgeMonths)
            ? try container.decodeIfPresent(Int.self, forKey: .notePurgeMonths) : Self.defaultNotePurgeMonths
    }

    /// Encodes the settings, writing `null` when notes are kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notePurgeMonths, forKey: .notePurgeMonths)
    }
}
