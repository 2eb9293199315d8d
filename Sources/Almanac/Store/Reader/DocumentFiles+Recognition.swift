/// Which files of a collection's folder hold a version of which document: by name when the
/// name says (`<id>.json`, a known tool's copy), else by what the file holds.
///
/// Sync tools name the copies they keep in ways no list covers (unison's `x (conflict_on_…).json`,
/// rclone's `x.json..path1`, OneDrive's `x-LAPTOP.json`, a person's `x copy.json`). A copy is
/// never a second document and never dropped, so a file whose name does not say is read: one
/// that holds a JSON object with a valid `"id"` is a version of that document.
extension DocumentFiles {
    /// Calls `body` for each file among `entries` (a leaf folder's listing) that holds a version
    /// of a document, with the id and, for a copy, who made it:
    ///
    /// - `<id>.json` is the document's own file, read by nobody here — unless its name decorates
    ///   another id of the folder (`x-LAPTOP.json` beside `x.json`) and it holds that id;
    /// - a known tool's copy (``SyncConflict/documentFile(named:)``), by its name alone;
    /// - any other file, but hidden files (a tool's or Almanac's temporary files), Finder's
    ///   and Explorer's files and editors' files (``ForeignFile``: an autosave `#x.json#` or a
    ///   backup `x.json~` is no version a sync made), is read from `folder`: a JSON object whose `"id"` is a document
    ///   of the folder, or the id its name decorates (`x (1).json`, `x.json..path1`), is a
    ///   version of that document; one that does not parse but begins like JSON is a (damaged)
    ///   version of the document its name decorates when that document's file is in the
    ///   folder, so that reads name it instead of passing it over; anything else holds no
    ///   document (`check` names it).
    ///
    /// With `folder` `nil`, names alone decide. A folder of plain `<id>.json` names whose ids
    /// all have one length costs nothing more and opens nothing.
    static func forEachDocumentFile(
        in entries: [Directory.Entry], folder: Directory?, _ body: (_ name: String, _ id: String, _ copy: SyncConflict.Copy?) -> Void
    ) {
        var plain: [(name: String, id: String)] = []
        plain.reserveCapacity(entries.count)
        var others: [String] = []
        for entry in entries where entry.kind == .file {
            if let (id, copy) = SyncConflict.documentFile(named: entry.name) {
                if let copy { body(entry.name, id, copy) } else { plain.append((entry.name, id)) }
            } else if !entry.name.hasPrefix("."), !SystemFile.isSystemFile(entry.name), !ForeignFile.isEditorFile(entry.name) {
                others.append(entry.name)
            }
        }
        let decorating = folder == nil ? [:] : decoratedIDs(plain)
        for (name, id) in plain {
            if !decorating.isEmpty, let original = decorating[id], let held = folder.flatMap({ read(name, in: $0)?.heldID }),
               DocumentID.key(held) == DocumentID.key(original) {
                body(name, original, SyncConflict.Copy(originalName: DocumentID.fileName(original), tool: SyncConflict.unknownTool))
            } else {
                body(name, id, nil)
            }
        }
        guard !others.isEmpty, let folder else { return }
        let names = Set(entries.lazy.filter { $0.kind == .file }.map(\.name))
        let ids = Set(plain.map { DocumentID.key($0.id) })
        for name in others {
            guard let content = read(name, in: folder) else { continue }
            // Held by a file whose name neither begins with it nor says anything, an id is a
            // copy only of a document of this folder: a stray JSON file is no phantom document.
            if let held = content.heldID, ids.contains(DocumentID.key(held)) || begins(name, with: held) {
                body(name, held, SyncConflict.Copy(originalName: DocumentID.fileName(held), tool: SyncConflict.unknownTool))
            } else if content.looksLikeJSON, let original = SyncConflict.decoratedOriginal(of: name), names.contains(original),
                      let id = DocumentID.id(fromFileName: original) {
                body(name, id, SyncConflict.Copy(originalName: original, tool: SyncConflict.unknownTool))
            }
        }
    }

    /// The entries of a folder's listing that may hold a version of document `id`: its own
    /// file and known tools' copies of it (by name), names that begin with it, and files whose
    /// name says nothing (read by ``forEachDocumentFile(in:folder:_:)``). A lookup of one
    /// document groups these, not the whole folder.
    static func candidates(for id: String, among entries: [Directory.Entry]) -> [Directory.Entry] {
        let key = DocumentID.key(id)
        return entries.filter { entry in
            guard entry.kind == .file else { return false }
            if let named = SyncConflict.documentFile(named: entry.name) {
                return DocumentID.key(named.id) == key || begins(entry.name, with: id)
            }
            return !entry.name.hasPrefix(".") && !SystemFile.isSystemFile(entry.name) && !ForeignFile.isEditorFile(entry.name)
        }
    }

    /// The ids among `ids` whose name begins with another of them followed by `.`, `_` or `-`
    /// (`x-LAPTOP` and `x`), each with the longest such other id.
    ///
    /// Only the lengths other ids have are tried as prefixes, so a folder whose ids all have
    /// one length (UUIDs, the common case) costs one pass over the lengths and no string built.
    private static func decoratedIDs(_ files: [(name: String, id: String)]) -> [String: String] {
        guard files.count > 1 else { return [:] }
        let first = files[0].id.utf8.count
        guard files.contains(where: { $0.id.utf8.count != first }) else { return [:] }
        let lengths = Set(files.map { $0.id.utf8.count })
        let ids = files.map(\.id)
        let tried = lengths.sorted(by: >)
        var keys: Set<String>?
        var found: [String: String] = [:]
        for id in ids {
            let bytes = id.utf8
            for length in tried where length > 0 && length < bytes.count {
                let next = bytes[bytes.index(bytes.startIndex, offsetBy: length)]
                guard next == UInt8(ascii: ".") || next == UInt8(ascii: "_") || next == UInt8(ascii: "-") else { continue }
                let prefix = String(Substring(bytes.prefix(length)))
                if keys == nil { keys = Set(ids.map(DocumentID.key)) }
                if keys?.contains(DocumentID.key(prefix)) == true {
                    found[id] = prefix
                    break
                }
            }
        }
        return found
    }

    /// Whether `name` begins with `id` (ignoring case) followed by a character that cannot go
    /// on an id's letters and digits: `x (1).json`, `x-LAPTOP`, `x.json..path1` begin with `x`.
    /// Every lookup of one document asks it of each file of the folder: nothing is allocated.
    private static func begins(_ name: String, with id: String) -> Bool {
        var rest = name.utf8[...]
        for b in id.utf8 {
            guard let a = rest.popFirst(), a == b || a | 0x20 == b | 0x20 else { return false }
        }
        guard let next = rest.first else { return false }
        return !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next))
    }

    /// The largest file a listing reads to learn which document it holds: 16 MiB.
    static let largestCopyRead: Int64 = 16 << 20

    /// What the file `name` of `folder` holds, read once: the valid id of a JSON object (either
    /// side of git's merge markers), and whether it begins like a JSON object or holds merge
    /// markers — a damaged version of a document, which reads must name, rather than a file that
    /// holds no document (`x.json.gz`, an empty `x.json.lock`). `nil` when it cannot be read or
    /// is larger than ``largestCopyRead`` (a video dropped among the documents is not read at
    /// every listing).
    private static func read(_ name: String, in folder: Directory) -> (heldID: String?, looksLikeJSON: Bool)? {
        guard let size = try? folder.identity(of: name)?.size, size <= largestCopyRead, let bytes = try? folder.readFile(name) else { return nil }
        let markers = MergeMarkers(bytes)
        let value = (try? JSONParser.parse(bytes))?.value ?? markers.flatMap { try? JSONParser.parse($0.ours).value }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let looksLikeJSON = markers != nil || start.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
        guard case .string(let id)? = value?["id"], DocumentID.isValid(id) else { return (nil, looksLikeJSON) }
        return (id, looksLikeJSON)
    }
}
