import Foundation

/// One collection of a catalog: where its documents live and what ties them to others.
public struct CollectionDescriptor: Sendable, Equatable {
    /// The collection's name, also its folder under `data/`.
    public var name: String
    /// What a document of this collection is, for people.
    public var description: String?
    /// The JSON Schema file, relative to the catalog's folder.
    public var schema: String
    /// How documents are filed; `nil` for a singleton.
    public var partition: Partition?
    /// The field whose date decides the folder (day/month/year partitions only).
    public var dateField: String?
    /// Whether the collection holds exactly one document, stored at `data/<name>.json`.
    public var isSingleton: Bool
    /// Top-level fields whose values must be unique within the collection.
    public var unique: [String]
    /// The fields of ``unique`` whose text is compared ignoring case (catalog
    /// `{"field": "appName", "ignoringCase": true}`): "instagram" is then taken by "Instagram".
    public var uniqueIgnoringCase: Set<String> = []
    /// The fields of ``unique`` whose text is compared without the white space and invisible
    /// characters around it (catalog `"trimming": true`): "Instagram " and "Instagram\u{200B}"
    /// are then taken by "Instagram".
    public var uniqueTrimming: Set<String> = []
    /// Fields that hold the id of a document of another collection.
    public var references: [Reference]
    /// Whether documents may own attachment files.
    public var attachments: Bool
    /// Fields that belong to the user and survive seed updates.
    public var userOwnedFields: [String]
    /// Rules JSON Schema cannot express, enforced by the app's Swift models.
    public var rules: [Rule] = []
    /// What happens to documents once they are old (catalog `retention`), applied by
    /// ``Store/applyRetention(asOf:dryRun:progress:)``.
    public var retention: [RetentionRule] = []
    /// Whether the app ships content for the collection in seed files (catalog `seeded`).
    public var isSeeded = false
    /// Which stored documents the user made (e.g. `{"field": "isCustom", "equals": true}`):
    /// a seed import never touches them.
    public var userCreated: Condition?

    /// What a seed import does with a seeded document the user deleted (catalog
    /// `seeded.whenUserDeletes`).
    public var whenUserDeletes: SeedDeletePolicy = .keepDeleted
    /// Which of a seed file's documents the store does not hold a seed import adds (catalog
    /// `seeded.addNew`).
    public var addNew: SeedAddPolicy = .always

    /// What a seed import does with a seeded document the user deleted; either way the
    /// deletion is recorded in `store.json`, so every device decides the same.
    public enum SeedDeletePolicy: String, Sendable, Equatable, CaseIterable {
        /// It never comes back (Elaro: "never duplicate"; Cravey's default messages).
        case keepDeleted = "keep-deleted"
        /// It comes back when a seed file holds it at a higher `contentVersion` than the one
        /// deleted: content the app ships and updates (a library of quotes).
        case addAgain = "add-again"
    }

    /// Which new documents of a seed file an import adds.
    public enum SeedAddPolicy: String, Sendable, Equatable, CaseIterable {
        /// Every document the store does not hold (and the user did not delete).
        case always
        /// Only while the collection holds no seeded document: Cravey's
        /// `seedDefaultMessagesIfNeeded`, which seeds a first launch and never adds to the set.
        case whenNoneSeeded = "when-none-seeded"
    }

    /// The field that holds when a document was last changed (catalog `merge.modifiedField`),
    /// which orders the versions of a document two devices changed: the newer is read.
    public var modifiedField: String?
    /// What resolving a conflict does with a field both versions changed (catalog `merge.policy`).
    public var mergePolicy: MergePolicy = .newerWins

    /// What a merge does with a field two devices changed differently.
    public enum MergePolicy: String, Sendable, Equatable, CaseIterable {
        /// The version read first wins: the newer by ``CollectionDescriptor/modifiedField``,
        /// else the one a sync tool kept as the file, else by content (the same on every device).
        case newerWins = "newer-wins"
        /// The winner keeps the id; every other version is saved as a document of its own,
        /// with an id derived from the original and the version's content.
        case keepBoth = "keep-both"
        /// Nothing both sides changed is chosen for a person: resolving needs a version named.
        case manual
    }

    /// `value` of the unique field `field` as uniqueness compares it: text folded to one case
    /// when the field ignores case and without the invisible characters at its ends
    /// (``VisibleText/trimmed(_:)``) when it is trimmed, anything else as it is.
    func uniqueValue(_ value: JSONValue, of field: String) -> JSONValue {
        guard case .string(var text) = value else { return value }
        if uniqueTrimming.contains(field) { text = VisibleText.trimmed(text) }
        if uniqueIgnoringCase.contains(field) { text = text.folding(options: [.caseInsensitive], locale: nil) }
        return .string(text)
    }

    /// How uniqueness compares `field`, for a message: "", ", compared ignoring case", ….
    func uniqueComparison(of field: String) -> String {
        switch (uniqueIgnoringCase.contains(field), uniqueTrimming.contains(field)) {
        case (true, true): ", compared ignoring case and the white space and invisible characters around it"
        case (true, false): ", compared ignoring case"
        case (false, true): ", compared without the white space and invisible characters around it"
        case (false, false): ""
        }
    }

    /// A rule a schema cannot say (a field ≤ another, at most two active focus areas),
    /// recorded in the catalog so that people and tools know it exists.
    public struct Rule: Sendable, Equatable {
        /// A short lowercase-dashed name, e.g. `pause-within-timer`.
        public var name: String
        /// The rule in one sentence.
        public var description: String
        /// The fields it involves.
        public var fields: [String]
        /// What the store checks on every write and in `check`, when the rule can be stated that way.
        public var check: RuleCheck?
        /// Why the app's Swift code checks the rule instead of the store (it needs what a
        /// document does not hold: the user's time zone, settings, another document's list).
        public var checkedByApp: String?
        /// What a catalog written before the store's calendar named as a calendar check's time
        /// zone (`"timeZone": {"singleton": "settings", "field": "timezone_identifier"}`). Kept so
        /// that such a catalog still opens, and unused: every rule counts days in the store's
        /// calendar (``StoreCalendar``), the one the app's days are filed in.
        public var timeZone: SingletonField?

        /// Every setting the rule names: a `timeOfDay`'s or a `settled`'s clock times, and an
        /// older catalog's ``timeZone`` (checked to name a singleton's field, as it always was).
        var settings: [SingletonField] {
            var found = timeZone.map { [$0] } ?? []
            if case .timeOfDay(_, _, let from, let before)? = check {
                for case .setting(let named) in [from] + (before.map { [$0] } ?? []) { found.append(named) }
            }
            if case .settled(_, .setting(let named), _)? = check { found.append(named) }
            return found
        }
    }

    /// A field of a singleton document, e.g. the user's time zone in `settings`.
    public struct SingletonField: Sendable, Equatable {
        /// The singleton collection.
        public var collection: String
        /// The field of its document.
        public var field: String
    }

    /// A field that refers to a document of another collection.
    public struct Reference: Sendable, Equatable {
        /// The referring field.
        public var field: String
        /// The collection referred to.
        public var collection: String
        /// What deleting the referred-to document does to the referring ones.
        public var onDelete: DeleteRule
        /// Whether a document may name one that does not exist (saved later, or kept elsewhere);
        /// otherwise a save naming a missing document is refused.
        public var allowsDangling = false
    }

    /// What happens to referring documents when a referred-to document is deleted.
    public enum DeleteRule: String, Sendable, Equatable {
        /// The referring field is set to `null`.
        case nullify
        /// The referring documents are deleted too.
        case cascade
        /// The delete is refused while references exist.
        case restrict
    }
}

extension CollectionDescriptor {
    /// Whether `location` is a folder of an older layout (a day folder under a month
    /// partition, a file above its level): what a device still on the previous version wrote
    /// after another moved the collection. Reads include such documents; `check --fix` moves
    /// them, and so does the next save of one.
    ///
    /// ```swift
    /// let stale = results.documents.filter { descriptor.isOlderLayout($0.location) }
    /// ```
    /// - Parameter location: where a read of this collection found a document.
    /// - Returns: true when its folders are not the collection's partition levels.
    public func isOlderLayout(_ location: DocumentLocation) -> Bool {
        !isSingleton && location.folders.count != (partition?.depth ?? 0)
    }
}
