import Foundation

/// A GPS position in decimal degrees.
public struct GPSCoordinate: Sendable, Hashable, CustomStringConvertible {
    /// Latitude, −90…90.
    public var latitude: Double
    /// Longitude, −180…180.
    public var longitude: Double

    /// A position, or `nil` when a coordinate is out of range or not finite.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses "lat,long", e.g. "41.8781,-87.6298".
    public init?(_ text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") } }),
              let latitude = Double(parts[0]), let longitude = Double(parts[1])
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// "lat,long" as the seed's `formatGPS` writes it, in plain decimals (never exponent
    /// notation, which the schema's pattern refuses), to at most 6 places (about 10 cm).
    public var description: String { Self.decimal(latitude) + "," + Self.decimal(longitude) }

    private static func decimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
