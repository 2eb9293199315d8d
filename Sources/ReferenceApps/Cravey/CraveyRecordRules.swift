import Almanac
import Foundation

/// The catalog rules Cravey's collections share: `timestamp-not-in-future` and
/// `modified-after-created`.
enum CraveyRecordRules {
    /// A logged moment is about 7 days old or more when the UI warns (the seed's "warning if
    /// > 7 days old"); it is a warning, never a refusal, as any past date is allowed.
    static let backdatingWarningAge: TimeInterval = 7 * 24 * 3600

    /// Rule `timestamp-not-in-future`: the moment logged is not later than the save, which is
    /// `modifiedAt` for an edit and `createdAt` otherwise (models never read the clock).
    static func checkTimestamp(_ timestamp: Date, createdAt: Date, modifiedAt: Date?, collection: String, id: UUID) throws {
        let savedAt = modifiedAt ?? createdAt
        guard timestamp <= savedAt else {
            throw AlmanacError.rule(
                "timestamp-not-in-future: timestamp \(timestamp) is later than the save at \(savedAt) (\(modifiedAt == nil ? "createdAt" : "modifiedAt")); "
                    + "a log is about the past, so use a moment at or before now",
                in: collection, id: id.uuidString, field: "timestamp")
        }
    }

    /// Rule `modified-after-created`: an edit comes after the record was made.
    static func checkModified(_ modifiedAt: Date?, createdAt: Date, collection: String, id: UUID) throws {
        guard let modifiedAt, modifiedAt < createdAt else { return }
        throw AlmanacError.rule(
            "modified-after-created: modifiedAt \(modifiedAt) is earlier than createdAt \(createdAt); "
                + "set modifiedAt to the moment of the edit, at or after createdAt",
            in: collection, id: id.uuidString, field: "modifiedAt")
    }

    /// The UI's warning for a moment logged more than 7 days before `now`, or `nil`.
    static func backdatingWarning(for timestamp: Date, now: Date) -> String? {
        let age = now.timeIntervalSince(timestamp)
        guard age > backdatingWarningAge else { return nil }
        let days = Int(age / 86_400)
        return "This is \(days) days ago. Logging something older than a week is fine; check the date is right."
    }
}
