/// Which documents a delete removes.
public enum DeleteSelection: Sendable {
    /// Every document, attachment, archived document and pre-migration backup; the store stays
    /// usable at its version.
    case all
    /// The documents of a collection, optionally only those dated within `days` and matching `condition`.
    case collection(String, days: ClosedRange<CalendarDate>? = nil, where: Condition? = nil)
    /// One document.
    case document(String, id: String)
}

/// What a delete removed, or would remove with `dryRun`.
public struct DeleteReport: Sendable, Encodable {
    /// Whether nothing was changed.
    public var dryRun: Bool
    /// The documents removed (`collection/id`, or the collection for a singleton), sorted,
    /// including those removed by `cascade` references.
    public var deleted: [String]
    /// The documents whose reference to a deleted document was set to null: `collection/id field`.
    public var nullified: [String]
    /// Attachment files removed.
    public var attachments: Int
    /// For `.all`: whether archived documents and the pre-migration backup were removed too.
    public var removedArchiveAndBackup: Bool
}
