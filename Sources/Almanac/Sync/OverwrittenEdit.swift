/// An edit this device made that a sync replaced with an older version of the document: what
/// a last-writer-wins tool (`unison -prefer newer`, a service that keeps no conflict copy) does
/// when the other device's file is newer on disk but its content predates this edit.
///
/// Found by comparing the version this device last wrote (kept in `.almanac/base/`) with the
/// document as it is now, by the collection's ``CollectionDescriptor/modifiedField``: without
/// one, an older version cannot be told from a later revert, and nothing is reported.
/// ``Store/restoreOverwrittenEdits(dryRun:)`` brings such edits back as a new change.
public struct OverwrittenEdit: Sendable, Equatable {
    /// The collection.
    public var collection: String
    /// The document's id.
    public var id: String
    /// The document's file, relative to the store root.
    public var path: String
    /// The version this device wrote.
    public var mine: JSONValue
    /// The version that replaced it.
    public var current: JSONValue
    /// The modification field's value in this device's version (when the edit was made).
    public var madeAt: String
    /// The modification field's value in the version that replaced it (older).
    public var replacedBy: String
    /// The values this device changed that the current version lacks, by JSON pointer.
    public var fields: [String]
}
