import Foundation

extension Store {
    /// The documents whose date puts them in `query`'s date range but whose file sits in a
    /// folder outside it, because their date was edited by hand: a date query cannot find
    /// them on its own, since it opens only the folders of its range.
    ///
    /// A query already reports a misfiled document it meets inside its range's folders; this
    /// looks at every other folder of the collection. It reads only the files that changed
    /// since the last such look found the collection rightly filed (their change time is later
    /// than the mark kept in `.almanac/filed.json`), so a command pays a `stat` per file, and a
    /// read only for what changed. The mark is a hint for later runs: a store on a read-only
    /// volume still gets the answer, at the cost of reading every file.
    ///
    /// - Returns: one `.misfiled` error per such document, naming its file and the folder its
    ///   date files it in; empty for a query without a date range.
    package func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        try MisfiledScan(store: self).misfiledDocuments(dated: query)
    }
}

/// The per-collection change times through which every document was last seen in the
/// folder its date files it in: `.almanac/filed.json`, `{"<collection>": <nanoseconds>}`.
///
/// A hint, never a source of truth: a lost or stale mark only makes the next look read more.
struct FiledMarks {
    static let fileName = "filed.json"
    private let root: Directory

    init(root: Directory) {
        self.root = root
    }

    /// The mark of `collection`, or `nil` when none was recorded (or the file is unreadable).
    func mark(of collection: String) -> Int64? {
        guard case .number(let number)? = recorded()[collection] else { return nil }
        return Int64(number.text)
    }

    /// The marks on disk; none when the file is missing or unreadable, since a mark is only a hint.
    private func recorded() -> [String: JSONValue] {
        guard let bytes = try? root.openFolder(".almanac")?.readFile(Self.fileName) else { return [:] }
        return (try? JSONParser.parse(bytes).value.objectValue) ?? [:]
    }

    /// Records `mark` for `collection`, atomically. Failing to record it (a read-only volume, a
    /// full disk) costs the next look a read of more files, nothing else, so it is not an error.
    func record(_ mark: Int64, for collection: String) {
        do {
            guard let internalFolder = try root.openFolder(".almanac") else { return }
            var members = recorded()
            members[collection] = .number(JSONNumber(Int(mark)))
            try internalFolder.writeFile(Self.fileName, CanonicalJSON.prettyBytes(.object(members)), folderFlush: .barrier)
        } catch {
            return
        }
    }
}
