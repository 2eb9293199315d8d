import Almanac
import Foundation

extension CraveyService {
    /// Seeds the default messages on first launch, as the seed's `seedDefaultMessagesIfNeeded`:
    /// when the store has no default (non-custom) message yet, the 11 defaults are imported
    /// (``Store/importSeeds(_:dryRun:)``, recorded in `store.json`); otherwise nothing changes.
    ///
    /// - Parameters:
    ///   - seedFile: the seed file the app ships; `nil` uses ``MotivationalMessage/defaultSeedFile(createdAt:)``.
    ///   - now: the moment of seeding, the defaults' `createdAt` when no file is given.
    /// - Returns: the number of messages inserted (0 when already seeded).
    @discardableResult
    public func seedDefaultMessagesIfNeeded(from seedFile: SeedFile? = nil, now: Date) throws -> Int {
        let existing = try store.documents(MotivationalMessage.self) { !$0.isCustom }
        guard existing.isEmpty else { return 0 }
        let file = try seedFile ?? MotivationalMessage.defaultSeedFile(createdAt: now)
        return try store.importSeeds([file]).inserted
    }

    /// Picks the message for a log with `triggers` (``MotivationalMessageSelector``), counts
    /// the display (`timesShown` + 1, `lastShownAt` = `now`) and saves it.
    ///
    /// - Parameters:
    ///   - triggers: the log's triggers; none picks the `context` category.
    ///   - context: the category when there are no triggers (the seed's default: urge).
    ///   - now: the moment of display.
    /// - Returns: the message as saved, or `nil` when its category has no active message.
    @discardableResult
    public func showMessage(for triggers: [HAALTTrigger]?, context: MotivationalMessage.Category = .urge, now: Date) throws -> MotivationalMessage? {
        let category = MotivationalMessageSelector.determineCategory(triggers: triggers, context: context)
        // Read, count and save in one transaction: the app and its widget lose no display.
        return try store.write { db in
            // The seed's selectMessage as a query: the least shown active message of the
            // category, ties in priority order (then creation, then id).
            guard var message = try db.first(MotivationalMessage.self, matching: Self.leastShownQuery(category: category)) else { return nil }
            message.recordShown(at: now)
            try db.save(message)
            return message
        }
    }

    /// Saves a message the user wrote or edited, checked with ``MotivationalMessage/validate()``.
    ///
    /// - Throws: `.ruleViolated` for a broken rule, or the store's errors.
    public func save(_ message: MotivationalMessage) throws {
        try message.validate()
        try store.save(message)
    }

    /// Hides or shows again the message `id` (a user-owned choice; not an edit of its text).
    ///
    /// - Returns: the message as saved, or `nil` when there is none.
    @discardableResult
    public func setActive(_ isActive: Bool, message id: UUID) throws -> MotivationalMessage? {
        try store.write { db in
            guard var message = try db.document(MotivationalMessage.self, id: id) else { return nil }
            message.isActive = isActive
            try db.save(message)
            return message
        }
    }
}
