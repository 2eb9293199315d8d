import Foundation

/// Where a craving or a usage session happened: one of the presets or the phone's GPS
/// position, never both (one `location` string holds either).
///
/// Encoded as the seed stores it: the preset's name ("Home") or "lat,long" in decimal
/// degrees ("41.8781,-87.6298"). A string with a comma is GPS, as the seed's `isGPS` says.
public enum LoggedLocation: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A preset the user tapped.
    case preset(LocationPreset)
    /// The position the phone reported.
    case gps(GPSCoordinate)

    /// Reads a stored location string, or returns `nil` for a string that is neither a preset
    /// nor a valid "lat,long".
    public init?(_ text: String) {
        if let preset = LocationPreset(rawValue: text) {
            self = .preset(preset)
        } else if Self.isGPS(text), let coordinate = GPSCoordinate(text) {
            self = .gps(coordinate)
        } else {
            return nil
        }
    }

    /// The stored string: the preset's name or "lat,long".
    public var description: String {
        switch self {
        case .preset(let preset): preset.rawValue
        case .gps(let coordinate): coordinate.description
        }
    }

    /// What the app shows: the preset's name, or "Current Location" for GPS.
    public var display: String {
        switch self {
        case .preset(let preset): preset.rawValue
        case .gps: "Current Location"
        }
    }

    /// Whether a stored location string is a GPS position (it has a comma), as the seed decides.
    public static func isGPS(_ location: String) -> Bool { location.contains(",") }

    /// The seed's `displayLocation`: "Unknown" when there is no location, "Current Location"
    /// for GPS, the preset otherwise.
    public static func display(_ location: LoggedLocation?) -> String { location?.display ?? "Unknown" }

    /// Decodes the stored string.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a string that is neither a preset nor "lat,long".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let location = LoggedLocation(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is neither a location preset (\(LocationPreset.allCases.map(\.rawValue).joined(separator: ", "))) nor GPS as \"lat,long\"")
        }
        self = location
    }

    /// Encodes the stored string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
