import Almanac
import Foundation

/// One cannabis usage session (the seed's UsageModel): when, by which route, how much in the
/// route's unit (bowls, joints and blunts in steps of 0.5, vape pulls and dabs whole, edibles
/// in steps of 5 mg) and, optionally, why, where, notes and mood.
///
/// Independent of cravings and recordings, as the clinical spec asks.
public struct UsageSession: Document, Equatable {
    /// The catalog's name of the collection.
    public static let collection = "usage"

    /// The session's id (a UUID).
    public var id: UUID
    /// When they used: "now" by default, editable, any past moment.
    public var timestamp: Date
    /// The route of administration.
    public var method: RouteOfAdministration
    /// The quantity in the unit of `method` (see ``RouteOfAdministration/amountRange``): half
    /// steps for bowls, joints and blunts.
    public var amount: Double
    /// What set it off; empty when none was picked.
    public var triggers: [HAALTTrigger]
    /// Where; `nil` when not given.
    public var location: LoggedLocation?
    /// Free text, at most 500 characters.
    public var notes: String?
    /// How the user felt, in their own words (1–50 characters); `nil` when not given and for
    /// sessions logged before schema version 2.
    public var mood: String?
    /// When the record was made.
    public var createdAt: Date
    /// When the record was last edited; `nil` until then.
    public var modifiedAt: Date?

    /// Creates a session; `createdAt` is the moment of logging (models never read the clock).
    public init(id: UUID = UUID(), timestamp: Date, method: RouteOfAdministration, amount: Double, triggers: [HAALTTrigger] = [],
                location: LoggedLocation? = nil, notes: String? = nil, mood: String? = nil, createdAt: Date, modifiedAt: Date? = nil) {
        self.id = id
        self.timestamp = timestamp
        self.method = method
        self.amount = amount
        self.triggers = triggers
        self.location = location
        self.notes = notes
        self.mood = mood
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }

    /// The amount with its unit: "2 joints", "6 pulls", "20mg".
    public var displayAmount: String { method.displayAmount(amount) }

    /// The location as the app shows it: the preset, "Current Location" or "Unknown".
    public var displayLocation: String { LoggedLocation.display(location) }

    /// The calendar day of ``timestamp`` in `timeZone` (the store's).
    public func day(in calendar: StoreCalendar) -> CalendarDate { CalendarDate(timestamp, in: calendar) }

    /// The Log Usage screen's warning when ``timestamp`` is more than 7 days before `now`;
    /// `nil` otherwise. A warning only: any past date is allowed.
    public func backdatingWarning(now: Date) -> String? { CraveyRecordRules.backdatingWarning(for: timestamp, now: now) }
}
