/// What differs between two stores (or a store and a backup or an export): their app, schema
/// version and schema files, and document by document, field by field.
///
/// Made by ``Store/diff(_:_:options:)``. Its JSON form (`Encodable`) is what `almanac diff
/// --json` prints.
public struct StoreDiff: Sendable, Equatable, Encodable {
    /// A property of the stores themselves that differs: `app`, `schemaVersion`, `timeZone`.
    public var properties: [PropertyChange] = []
    /// Schema files added, removed or changed, by name (`schema/<name>`).
    public var schemaFiles: [FileChange] = []
    /// Documents added, removed or changed, in collection and id order.
    public var documents: [DocumentChange] = []
    /// Attachment files added, removed or changed.
    public var attachments: [FileChange] = []

    /// Whether the two sides hold the same.
    public var isEqual: Bool { properties.isEmpty && schemaFiles.isEmpty && documents.isEmpty && attachments.isEmpty }

    /// How many differences there are in all.
    public var count: Int { properties.count + schemaFiles.count + documents.count + attachments.count }

    /// A store property with its value on each side.
    public struct PropertyChange: Sendable, Equatable, Encodable {
        /// `app`, `schemaVersion` or `timeZone`.
        public var name: String
        /// The value in the first store.
        public var old: JSONValue
        /// The value in the second store.
        public var new: JSONValue
    }

    /// How a file or document differs: only in the second store, only in the first, or in both but changed.
    public enum Kind: String, Sendable, Encodable { case added, removed, changed }

    /// A file that differs (a schema file or an attachment).
    public struct FileChange: Sendable, Equatable, Encodable {
        /// What happened to it.
        public var kind: Kind
        /// Its path from the store root.
        public var path: String
    }

    /// A document that differs, with each field that does.
    public struct DocumentChange: Sendable, Equatable, Encodable {
        /// What happened to it.
        public var kind: Kind
        /// Its collection.
        public var collection: String
        /// Its id (`nil` for a singleton).
        public var id: String?
        /// Its path in the first store (removed or changed documents).
        public var oldPath: String?
        /// Its path in the second store (added or changed documents).
        public var newPath: String?
        /// For a changed document, each value that differs.
        public var fields: [FieldChange]
    }

    /// One value that differs inside a document.
    public struct FieldChange: Sendable, Equatable, Encodable {
        /// The value's JSON pointer, e.g. `/intensity` or `/triggers/1`.
        public var pointer: String
        /// The value in the first store (`nil`: absent there).
        public var old: JSONValue?
        /// The value in the second store (`nil`: absent there).
        public var new: JSONValue?
    }
}

/// What ``Store/diff(_:_:options:)`` compares.
public struct DiffOptions: Sendable, Equatable {
    /// Only these collections (empty: every collection of either store).
    public var collections: [String]
    /// Only documents dated within these days, in collections with a date field (the others
    /// are compared whole).
    public var days: ClosedRange<CalendarDate>?

    /// Creates diff options.
    ///
    /// - Parameters:
    ///   - collections: the collections to compare; empty for all.
    ///   - days: the days of the documents to compare in dated collections; `nil` for all.
    public init(collections: [String] = [], days: ClosedRange<CalendarDate>? = nil) {
        self.collections = collections
        self.days = days
    }
}
