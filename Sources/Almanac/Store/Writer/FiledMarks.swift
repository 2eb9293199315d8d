import Foundation

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
