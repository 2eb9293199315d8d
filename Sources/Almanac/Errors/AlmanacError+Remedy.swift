extension AlmanacError {
    /// What to do about an error, as a value: the CLI renders it as the flag or command a person
    /// types, an app shows the library's words for it, which the message holds (``api``).
    ///
    /// The remedies are listed once, below, like the codes; the `almanac` tool keeps its own
    /// table of how each is typed at a terminal.
    ///
    /// ```swift
    /// catch let error as AlmanacError where error.remedy == .longerLockTimeout {
    ///     options.lockTimeout = 30      // the message said "retry with a longer lock timeout"
    /// }
    /// ```
    public struct Remedy: Sendable, Hashable, Encodable, CustomStringConvertible {
        /// A stable name, e.g. `longer-lock-timeout`.
        public let name: String
        /// The remedy in the library's terms, as the message spells it.
        public let api: String
        /// What the remedy applies to, for a remedy about one thing: the collection and the id
        /// of ``resolve(_:in:)``. Empty for the others.
        public let arguments: [String]

        /// Creates a remedy.
        public init(name: String, api: String, arguments: [String] = []) {
            self.name = name
            self.api = api
            self.arguments = arguments
        }

        /// The remedy's stable name.
        public var description: String { name }

        /// Every remedy the library's errors carry, but the two about one thing (``resolve(_:in:)``, ``newSchema(_:)``).
        public static var all: [Remedy] {
            [.longerLockTimeout, .rollbackForce, .withoutRedaction, .overrideFinalStates, .withoutDateRange, .dateRange, .takeOneVersion,
             .createStore, .checkStore, .fixStore, .resolveConflicts, .backupStore, .exportStore,
             .deleteDocuments, .migrationStatus, .migrationPlan, .rollBack, .repairMigrations, .migrateThenCheck, .takeSchemaVersion, .restoreOverwrittenEdits, .writeMigration, .migrateStore]
        }

        /// Wait longer for the lock (``Store/Options/lockTimeout``).
        public static let longerLockTimeout = Remedy(name: "longer-lock-timeout", api: "a longer lock timeout")
        /// Roll back anyway, losing what was written since (`rollback(force: true)`).
        public static let rollbackForce = Remedy(name: "rollback-force", api: "roll back with force")
        /// Import an export made without redaction.
        public static let withoutRedaction = Remedy(name: "without-redaction", api: "without redacted fields")
        /// Delete a document in a final state anyway (`overridingFinalStates: true`).
        public static let overrideFinalStates = Remedy(
            name: "override-final-states",
            api: "Delete it anyway by overriding final states (store.delete(_:overridingFinalStates: true)); deleting everything and retention remove it too")
        /// Read an undated collection without a date range.
        public static let withoutDateRange = Remedy(name: "without-date-range", api: "read it without one")
        /// Select whole days with a date range (``Query/dated(from:through:)``) instead of comparing a timestamp with a day.
        public static let dateRange = Remedy(name: "date-range", api: "select whole days with a date range (Query.dated(from:through:))")
        /// Resolve a conflict by taking one version whole (`resolve(…, taking:)`).
        public static let takeOneVersion = Remedy(name: "take-one-version", api: "by taking one of them (taking: one of")

        // Remedies that are another operation: the library names the call, the tool its command.

        /// Create a store (``Store/create(at:schema:timeZone:options:)``).
        public static let createStore = Remedy(name: "create-store", api: "Store.create(at:schema:)")
        /// Check the store (``Store/check(schemaFolder:progress:)``).
        public static let checkStore = Remedy(name: "check", api: "Store.check()")
        /// Repair what a check found (``Store/fix(dryRun:schemaFolder:progress:)``).
        public static let fixStore = Remedy(name: "fix", api: "Store.fix()")
        /// Merge every version a sync left (``Store/resolve(_:in:policy:taking:dryRun:)`` and the other resolve calls).
        public static let resolveConflicts = Remedy(name: "resolve-conflicts", api: "the Store.resolve… calls")
        /// Merge the versions of one document a sync left.
        public static func resolve(_ id: String, in collection: String) -> Remedy {
            Remedy(name: "resolve", api: "Store.resolve(\"\(id)\", in: \"\(collection)\")", arguments: [collection, id])
        }
        /// Keep one version of a schema file a sync left in several (``Store/resolveSchemaCopies(taking:dryRun:)``).
        public static let takeSchemaVersion = Remedy(name: "take-schema-version", api: "Store.resolveSchemaCopies(taking:) with its path")
        /// Bring back edits a last-writer-wins sync replaced (``Store/restoreOverwrittenEdits(dryRun:)``).
        public static let restoreOverwrittenEdits = Remedy(name: "restore-overwritten-edits", api: "Store.restoreOverwrittenEdits()")
        /// Back the store up (``Store/backup(to:progress:)``).
        public static let backupStore = Remedy(name: "backup", api: "Store.backup(to:)")
        /// Export the store (``Store/export(to:options:progress:)``).
        public static let exportStore = Remedy(name: "export", api: "Store.export(to:)")
        /// Delete documents (``Store/delete(_:dryRun:overridingFinalStates:)``).
        public static let deleteDocuments = Remedy(name: "delete", api: "Store.delete(_:)")
        /// List the migrations' state and problems (``Migrator/status(of:)``).
        public static let migrationStatus = Remedy(name: "migration-status", api: "Migrator.status(of:)")
        /// List what a migration would change (``Migrator/plan(for:to:)``).
        public static let migrationPlan = Remedy(name: "migration-plan", api: "Migrator.plan(for:)")
        /// Roll the store back a version (``Migrator/rollback(storeAt:force:options:)``).
        public static let rollBack = Remedy(name: "rollback", api: "Migrator.rollback(storeAt:)")
        /// Accept edited or missing migration files (``Migrator/repair(storeAt:options:)``).
        public static let repairMigrations = Remedy(name: "repair-migrations", api: "Migrator.repair(storeAt:)")
        /// Bring the documents forward to the store's version, then check the store.
        public static let migrateThenCheck = Remedy(
            name: "migrate-then-check", api: "Migrator.migrate(storeAt:) to bring the documents forward, then Store.check()")
        /// Make a schema change through a new migration, then migrate (``SchemaDrift``).
        public static let writeMigration = Remedy(
            name: "write-migration",
            api: "write a migration that makes the change (it moves the catalog to the next version), then Migrator.migrate(storeAt:)")
        /// Migrate the store to the app's latest version (``Migrator/migrate(storeAt:to:options:progress:)``).
        public static let migrateStore = Remedy(name: "migrate", api: "Migrator.migrate(storeAt:)")
        /// Start an app's schema folder.
        public static func newSchema(_ app: String) -> Remedy {
            Remedy(name: "new-schema", api: "AppProject(app: \"\(app)\").create()", arguments: [app])
        }
    }

    /// The message with its remedy's words replaced by `words` (the tool's, say).
    package func message(withRemedyAs words: String) -> String {
        guard let remedy else { return message }
        return remedy.replacing(in: message, with: words)
    }

    /// A copy that carries `remedy` (its message already holds the remedy's library words).
    func with(_ remedy: Remedy?) -> AlmanacError {
        var copy = self
        copy.remedy = remedy
        return copy
    }
}

extension AlmanacError.Remedy {
    /// The remedy when `text` (a problem a list reports, which carries no remedy) names it.
    func appearing(in text: String) -> Self? {
        text.contains(api) ? self : nil
    }

    /// `text` with the last occurrence of this remedy's words replaced by `words`.
    package func replacing(in text: String, with words: String) -> String {
        guard let range = text.range(of: api, options: .backwards) else { return text }
        return text.replacingCharacters(in: range, with: words)
    }
}
