/// Where a document lives in a store: its collection, date folders and id.
public struct DocumentLocation: Sendable, Hashable, CustomStringConvertible {
    /// The collection.
    public var collection: String
    /// The date folders under the collection folder (`["2025", "01", "27"]`), empty when unpartitioned.
    public var folders: [String]
    /// The document id; `nil` for a singleton, stored at `data/<collection>.json`.
    public var id: String?
    /// The file's name when it is a sync tool's conflict copy of `<id>.json`
    /// (`<id>.sync-conflict-….json`, `<id> 2.json`): one version of the document.
    var copyName: String?

    init(collection: String, folders: [String], id: String?, copyName: String? = nil) {
        self.collection = collection
        self.folders = folders
        self.id = id
        self.copyName = copyName
    }

    /// The file's path relative to the store root, e.g. `data/usage-events/2025/01/27/1F0C….json`.
    public var relativePath: String {
        guard id != nil else { return "data/" + fileName }
        return (["data", collection] + folders + [fileName]).joined(separator: "/")
    }

    /// The relative path.
    public var description: String { relativePath }

    /// The folders from the store root to the file's folder.
    var folderPath: [String] {
        id == nil ? ["data"] : ["data", collection] + folders
    }

    /// The file name inside its folder.
    var fileName: String {
        copyName ?? id.map(DocumentID.fileName) ?? "\(collection).json"
    }
}

/// A document read from a store, untyped.
public struct StoredDocument: Sendable, Equatable {
    /// Where the document was read from.
    public var location: DocumentLocation
    /// The document's JSON.
    public var value: JSONValue
    /// Whether the file starts with a UTF-8 byte order mark (tolerated, reported by `check`).
    public var hadByteOrderMark: Bool
    /// The other versions a sync left of this document, when there are any: this is the one
    /// every device reads (see ``DocumentConflict``), and `resolve` merges them.
    public var conflict: DocumentConflict? {
        get { conflictBox?.conflict }
        set { conflictBox = newValue.map(ConflictBox.init) }
    }
    /// Boxed: almost every document has none, and a scan copies each document several times,
    /// which an inline conflict (its arrays and strings) would make slower.
    private var conflictBox: ConflictBox?
    /// Where the store's document cache keeps this document, when it does: a value decoded
    /// from it is kept there too (``DocumentCache/rememberDecoded(_:in:)``).
    var cached: DocumentCache.Entry?

    init(location: DocumentLocation, value: JSONValue, hadByteOrderMark: Bool, conflict: DocumentConflict? = nil) {
        self.location = location
        self.value = value
        self.hadByteOrderMark = hadByteOrderMark
        conflictBox = conflict.map(ConflictBox.init)
    }

    /// Equal when they hold the same document from the same place (however it was read).
    public static func == (a: StoredDocument, b: StoredDocument) -> Bool {
        a.location == b.location && a.value == b.value && a.hadByteOrderMark == b.hadByteOrderMark && a.conflictBox == b.conflictBox
    }

    private final class ConflictBox: Sendable, Equatable {
        let conflict: DocumentConflict
        init(_ conflict: DocumentConflict) { self.conflict = conflict }
        static func == (a: ConflictBox, b: ConflictBox) -> Bool { a.conflict == b.conflict }
    }
}
