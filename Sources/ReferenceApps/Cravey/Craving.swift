import Almanac
import Foundation

/// One craving episode (the seed's CravingModel): when, how strong on the 1–10 scale and,
/// optionally, why, where, notes and the motivational recording it was met with.
///
/// No method or amount: a craving is about the urge, not consumption.
public struct Craving: Document, Equatable {
    /// The catalog's name of the collection.
    public static let collection = "cravings"

    /// The craving's id (a UUID).
    public var id: UUID
    /// When it happened: "now" by default, editable, any past moment.
    public var timestamp: Date
    /// Intensity on the 1–10 slider (see ``CravingIntensity``).
    public var intensity: Int
    /// What set it off; empty when none was picked.
    public var triggers: [HAALTTrigger]
    /// Where; `nil` when not given.
    public var location: LoggedLocation?
    /// Free text, at most 500 characters.
    public var notes: String?
    /// When the record was made.
    public var createdAt: Date
    /// When the record was last edited; `nil` until then.
    public var modifiedAt: Date?
    /// The linked recording's id (many cravings may link one recording); `nil` when none, and
    /// set to `nil` by the store when that recording is deleted (catalog: `nullify`).
    public var recordingId: UUID?

    /// Creates a craving; `createdAt` is the moment of logging (models never read the clock).
    public init(id: UUID = UUID(), timestamp: Date, intensity: Int, triggers: [HAALTTrigger] = [], location: LoggedLocation? = nil,
                notes: String? = nil, createdAt: Date, modifiedAt: Date? = nil, recordingId: UUID? = nil) {
        self.id = id
        self.timestamp = timestamp
        self.intensity = intensity
        self.triggers = triggers
        self.location = location
        self.notes = notes
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.recordingId = recordingId
    }

    /// The category of ``intensity``.
    public var category: CravingIntensity { CravingIntensity.category(for: intensity) }

    /// Whether the intensity is 7–10 (the seed's "high-intensity cravings").
    public var isHighIntensity: Bool { CravingIntensity.high.contains(intensity) }

    /// The location as the app shows it: the preset, "Current Location" or "Unknown".
    public var displayLocation: String { LoggedLocation.display(location) }

    /// The calendar day of ``timestamp`` in `timeZone` (the store's).
    public func day(in calendar: StoreCalendar) -> CalendarDate { CalendarDate(timestamp, in: calendar) }

    /// The Log Craving screen's warning when ``timestamp`` is more than 7 days before `now`;
    /// `nil` otherwise. A warning only: any past date is allowed.
    public func backdatingWarning(now: Date) -> String? { CraveyRecordRules.backdatingWarning(for: timestamp, now: now) }
}
