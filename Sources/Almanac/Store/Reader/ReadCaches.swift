/// What a ``Store``'s readers remember between calls: where each document is, and each
/// collection's compiled schema and field map (DESIGN §4, "Readers").
///
/// A store keeps it in a ``Guarded`` value of its own, apart from the writer's state: a
/// writer holds its lock only to look up or to record what its commit changed, never across
/// a transaction or a flush, so a read never waits for a writer.
final class ReadCaches {
    /// The commit clock (``CommitClock``) value the id indexes describe. Any commit moves the
    /// clock, so indexes built at another value are thrown away; a writer that records its
    /// own commit in them moves them to the value after it.
    var clock: UInt64?
    /// collection → its folder index, checked at ``clock``.
    var folderIndexes: [String: FolderIndex] = [:]
    /// collection → the folder index of its archive (`archive/<collection>/`), checked at ``clock``.
    var archiveIndexes: [String: FolderIndex] = [:]
    /// Collection schemas compiled so far, by collection name (they change only with a migration).
    var compiledSchemas: [String: JSONSchema] = [:]
    /// The fields each collection's schema declares, read on the first filtered read.
    var schemaFields: [String: SchemaFields] = [:]

    /// The folder indexes of `area`, by collection (a few: copied whole when changed).
    subscript(area: FolderIndex.Area) -> [String: FolderIndex] {
        get { area == .live ? folderIndexes : archiveIndexes }
        set { if area == .live { folderIndexes = newValue } else { archiveIndexes = newValue } }
    }

    /// Makes the id indexes those of clock value `now`: kept when they are, emptied when they
    /// are older. Returns false, keeping them, when they are newer (a reader that began before
    /// the last commit must not replace what describes the store after it).
    @discardableResult
    func settle(at now: UInt64) -> Bool {
        if let clock, clock > now { return false }
        if clock != now {
            invalidate()
            clock = now
        }
        return true
    }

    /// Forgets every id index (schemas stay: a store's schema copy changes only with a
    /// migration, after which the store refuses to be used).
    func invalidate() {
        folderIndexes.removeAll()
        archiveIndexes.removeAll()
        clock = nil
    }
}
