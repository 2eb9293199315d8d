/// The documents a listing of a collection's folders found, in folder and id order, held
/// compactly: a document in one file is its folder's number and its id's bytes, and becomes a
/// ``DocumentFiles`` only when asked for.
///
/// A whole collection's listing is a hundred thousand documents or more, listed before the
/// first is read: as separate values with an id string each it took twice the memory of the
/// decoded documents of a typed scan.
struct DocumentListing: RandomAccessCollection, Sendable {
    let collection: String
    /// The folders below the collection, by number.
    private var folders: [[String]] = []
    /// The ids of the documents in one file, back to back.
    private var ids: [UInt8] = []
    private var entries: [Entry] = []
    /// The documents a sync left in several files (or whose id cannot be held as bytes).
    private var grouped: [DocumentFiles] = []

    private struct Entry {
        /// The folder's number, or `-1` for a document of ``grouped``.
        var folder: Int32
        /// The id's bytes in ``ids``, or the position in ``grouped``.
        var start: UInt32
        var end: UInt32
    }

    init(collection: String) {
        self.collection = collection
    }

    /// A listing of `documents`, as they are.
    init(collection: String, documents: [DocumentFiles]) {
        self.collection = collection
        for files in documents { appendGrouped(files) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    subscript(position: Int) -> DocumentFiles {
        let entry = entries[position]
        guard entry.folder >= 0 else { return grouped[Int(entry.start)] }
        let id = String(decoding: ids[Int(entry.start)..<Int(entry.end)], as: UTF8.self)
        return DocumentFiles(id: id, first: DocumentLocation(collection: collection, folders: folders[Int(entry.folder)], id: id))
    }

    /// Adds the documents of the leaf folder at `path` (``DocumentFiles/group(_:collection:folders:in:)``).
    mutating func append(_ documents: [DocumentFiles], in path: [String]) {
        guard !documents.isEmpty else { return }
        let folder = Int32(folders.count)
        folders.append(path)
        for files in documents {
            guard !files.hasVersions, files.first.copyName == nil, let id = files.first.id, id == files.id,
                  files.first.collection == collection, ids.count + id.utf8.count < UInt32.max
            else {
                appendGrouped(files)
                continue
            }
            let start = UInt32(ids.count)
            ids.append(contentsOf: id.utf8)
            entries.append(Entry(folder: folder, start: start, end: UInt32(ids.count)))
        }
    }

    private mutating func appendGrouped(_ files: DocumentFiles) {
        entries.append(Entry(folder: -1, start: UInt32(grouped.count), end: 0))
        grouped.append(files)
    }

    /// The listing with the documents found in several folders joined by id (``DocumentFiles/joined(_:)``).
    ///
    /// The ids' hashes are compared first, in a sorted array of them: only when two meet are the
    /// documents made whole and matched up.
    func joined() -> DocumentListing {
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        for entry in entries {
            if entry.folder >= 0 {
                hashes.append(ids.withUnsafeBufferPointer { DocumentID.foldedHash(bytes: $0[Int(entry.start)..<Int(entry.end)]) })
            } else {
                hashes.append(grouped[Int(entry.start)].hash)
            }
        }
        hashes.sort()
        guard zip(hashes, hashes.dropFirst()).contains(where: { $0 == $1 }) else { return self }
        return DocumentListing(collection: collection, documents: DocumentFiles.joined(Array(self)))
    }
}
