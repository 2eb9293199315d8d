/// One file of a leaf folder, as the folder index recorded it.
struct IndexedFile: Sendable, Equatable {
    /// What the index knows of the file beyond its place.
    enum State: Sendable, Equatable {
        /// Filed in the folder its date names (or a copy, which goes with its document).
        case filed
        /// Its date files it in another folder: the day it belongs to.
        case misfiled(CalendarDate)
        /// This process may not read it (`faccessat`): looked at again by every check of the index.
        case unreadable
        /// Its date is not known yet (a file new to the index, or one whose date could not be
        /// read: damaged, invalid, not downloaded): read when a date query asks for the
        /// misfiled documents (``FolderIndex/checkDates(reader:persisting:)``), not before, so a
        /// count or a put never reads the files another device or tool put there.
        case unchecked
    }

    var name: String
    var inode: UInt64
    /// The id, as the file's name (or, for an oddly named copy, its content) spells it.
    var id: String
    /// Whether the file is a sync tool's copy of the document rather than its own `<id>.json`.
    var isCopy: Bool
    var state: State

    /// Where the file is, for a reader.
    func location(collection: String, folders: [String]) -> DocumentLocation {
        DocumentLocation(collection: collection, folders: folders, id: id, copyName: isCopy ? name : nil)
    }
}
