import Almanac
import Foundation

/// One decision at MIGA's gateway: the user paused before opening a distracting app, then
/// left (`exitToFocus`), paused longer (`deepenPause`) or went on (`proceedToApp`).
public struct UsageEvent: Document, Equatable {
    /// The collection in the catalog (`schema/miga/catalog.json`).
    public static let collection = "usage-events"

    /// What the user chose at the gateway.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Left the app: a conscious exit.
        case exitToFocus = "exit_to_focus"
        /// Asked for a longer pause.
        case deepenPause = "deepen_pause"
        /// Went on to the app.
        case proceedToApp = "proceed_to_app"
    }

    /// The event's id (a UUID).
    public var id: UUID
    /// What the user chose.
    public var eventType: Kind
    /// When, as an instant; its calendar day depends on the time zone the app reports in.
    public var timestamp: Date
    /// The app the user was about to open.
    public var targetAppName: String
    /// How long the user actually paused, in seconds.
    public var pauseDuration: Double
    /// The timer the gateway ran, in seconds.
    public var timerDuration: Double

    /// Creates an event.
    public init(id: UUID = UUID(), eventType: Kind, timestamp: Date, targetAppName: String, pauseDuration: Double, timerDuration: Double) {
        self.id = id
        self.eventType = eventType
        self.timestamp = timestamp
        self.targetAppName = targetAppName
        self.pauseDuration = pauseDuration
        self.timerDuration = timerDuration
    }
}
