import Almanac
import Foundation

/// Cravey's data layer on an Almanac store: logging and editing with the model rules checked,
/// recordings with their files as attachments, the motivational messages, the seed's queries
/// and the delete behaviour of its Appendix B.
///
/// Every function takes the moment it acts at (`now`) instead of reading the clock.
public struct CraveyService: Sendable {
    /// The store, made from `schema/cravey/` (version 2).
    public let store: Store

    /// Wraps `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The time zone whose calendar days Cravey counts in (the store's).
    public var calendar: StoreCalendar { store.calendar }

    // MARK: Logging

    /// Checks `usage` (``UsageSession/validate()``) and saves it.
    ///
    /// - Throws: `.ruleViolated` for a broken rule, or the store's errors.
    public func log(_ usage: UsageSession) throws {
        try usage.validate()
        try store.save(usage)
    }

    /// Checks `craving` (``Craving/validate()``), that the recording it links exists, and saves it.
    ///
    /// - Throws: `.ruleViolated` for a broken rule or a link to a missing recording (pointer
    ///   `/recordingId`), or the store's errors.
    public func log(_ craving: Craving) throws {
        try craving.validate()
        if let recordingId = craving.recordingId, try store.document(Recording.self, id: recordingId) == nil {
            throw AlmanacError.rule(
                "recordingId \(recordingId.uuidString) names no recording; link a recording that exists, or leave recordingId out",
                in: Craving.collection, id: craving.id.uuidString, field: "recordingId")
        }
        try store.save(craving)
    }

    /// Saves an edit of a usage session: `modifiedAt` becomes `now`, then as ``log(_:)-(UsageSession)``.
    ///
    /// - Returns: the session as saved.
    @discardableResult
    public func edit(_ usage: UsageSession, now: Date) throws -> UsageSession {
        var edited = usage
        edited.modifiedAt = now
        try log(edited)
        return edited
    }

    /// Saves an edit of a craving: `modifiedAt` becomes `now`, then as ``log(_:)-(Craving)``.
    ///
    /// - Returns: the craving as saved.
    @discardableResult
    public func edit(_ craving: Craving, now: Date) throws -> Craving {
        var edited = craving
        edited.modifiedAt = now
        try log(edited)
        return edited
    }

    /// Deletes a craving (Appendix B, "Delete Craving"): the recording it links stays, and
    /// stays in the Recordings tab.
    ///
    /// - Returns: whether there was such a craving.
    @discardableResult
    public func deleteCraving(id: UUID) throws -> Bool {
        try store.delete(Craving.self, id: id)
    }

    /// Deletes a usage session.
    ///
    /// - Returns: whether there was such a session.
    @discardableResult
    public func deleteUsage(id: UUID) throws -> Bool {
        try store.delete(UsageSession.self, id: id)
    }

    /// "Delete All Data" (Appendix B): every recording with its files, every craving, and
    /// with them everything else the user logged — usage sessions and messages — so the app
    /// is as on first launch: the default messages are seeded again, never shown.
    ///
    /// The seed lists recordings, their files and cravings; a "delete all" that kept usage
    /// or the user's own messages would not be one, so this deletes the whole store
    /// (``Store/delete(_:dryRun:)`` with `.all`) and then reseeds.
    /// - Parameter now: the moment of the reseed (the defaults' `createdAt`).
    /// - Returns: what the delete removed.
    @discardableResult
    public func deleteAllData(now: Date) throws -> DeleteReport {
        let report = try store.delete(.all)
        try seedDefaultMessagesIfNeeded(now: now)
        return report
    }
}
