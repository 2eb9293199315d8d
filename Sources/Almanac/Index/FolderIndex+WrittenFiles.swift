import Foundation

/// Taking this process's own commits into the index without listing the folders they wrote:
/// a save costs its own files, not its folder's.
extension FolderIndex {
    /// Takes in the commits this process made in folders the index knows: their files as the
    /// writer left them, their signatures as it saw them after. Each such folder is still
    /// listed once by the next check of every folder, since its signature was taken as it
    /// changed. What cannot be taken in so (a new folder, one the commit removed, a file that
    /// could not be looked at) stays in `written`, to be listed again.
    ///
    /// - Parameter writer: where each month's segment goes once its folders are taken in (after
    ///   a large commit), so that they are not all held at once.
    func applyWrittenLocked(reader: StoreReader, edits: inout BucketEdits, writer: IndexWriter? = nil) throws {
        let paths = written.keys.sorted()
        for (position, path) in paths.enumerated() {
            if let change = written[path] {
                written[path] = nil  // let go as it is taken in (or kept, below)
                do {
                    if try !takeWrittenLocked(path, change, reader: reader, edits: &edits) { written[path] = change }
                } catch {
                    written[path] = change
                    throw error
                }
            }
            let segment = IndexFiles.segment(of: Self.components(path), depth: depth)
            if let writer, position + 1 == paths.count || IndexFiles.segment(of: Self.components(paths[position + 1]), depth: depth) != segment {
                writeSegmentLocked(segment, with: writer)
            }
        }
    }

    /// Takes in what this process's commits changed in the folder at `path`; returns false,
    /// changing nothing, when the note cannot be taken in so.
    private func takeWrittenLocked(_ path: String, _ change: WrittenFolder, reader: StoreReader, edits: inout BucketEdits) throws -> Bool {
        guard change.isComplete, let signature = change.signature, var record = folders[path], record.holdsDocuments else { return false }
        if try !changeFilesLocked(path, change, record: &record, reader: reader, edits: &edits) {
            let kept = try filesLocked(in: path, reader: reader).filter { change.files[$0.name] == nil && !change.removed.contains($0.name) }
            var files: [IndexedFile] = []
            files.reserveCapacity(kept.count + change.files.count)
            files += kept
            files += change.files.all
            files.sort { $0.name < $1.name }
            try replaceFilesLocked(path, with: files, reader: reader, edits: &edits)
            let primaries = files.filter { !$0.isCopy }
            // As a listing counts: each file a document, unless copies join some to their originals.
            record.documents = primaries.count == files.count ? files.count : Set(files.map { DocumentID.key($0.id) }).count
            record.unreadable = primaries.filter { $0.state == .unreadable }.count
            record.unchecked = primaries.filter { $0.state == .unchecked }.count
        }
        record.signature = signature
        record.markTakenWhileChanging()
        writtenUnsure.insert(path)
        folders[path] = record
        changed = true
        return true
    }

    /// Waits until the folders this process's commits changed are far enough in the past for a
    /// listing to be sure of them: the rest of the file system clock's tick, at most
    /// ``FolderSignature/racyFineNanoseconds``. Folders on a clock of whole seconds are not
    /// waited for (they stay unsure, and the next check of every folder lists them).
    func waitForWrittenLocked() {
        let fine = written.values.compactMap(\.signature).filter { !$0.hasWholeSeconds }
        guard let last = fine.map({ max($0.changed, $0.modified) }).max() else { return }
        FolderSignature.waitOutTick(after: last)
    }

    /// Lists again the folders of ``writtenUnsure`` whose last change is far enough in the past
    /// for a listing to be sure of them: their files are known by inode, so nothing is read.
    /// The others stay unsure, and the next check of every folder lists them.
    ///
    /// A change another made in the same tick of the file system's clock as this process's last
    /// one leaves the folder's times as they were, so only a listing after that tick is sure of
    /// the folder. Done here, by the writer of a large commit, so that the first read after it
    /// (an app's first screen) checks signatures only.
    func relistWrittenLocked(reader: StoreReader, writer: IndexWriter?) throws {
        guard !writtenUnsure.isEmpty else { return }
        let now = DocumentCache.now()
        let settled = writtenUnsure.filter { folders[$0]?.settles(at: now) == true }
        writtenUnsure = []
        guard !settled.isEmpty else { return }
        try validateLocked(reader: reader, writer: writer, only: settled)
    }

    /// The usual case of ``applyWrittenLocked(reader:edits:)`` in place, in time proportional to
    /// the folder's files but without hashing or copying them: a few documents written or
    /// removed in a folder holding no sync copies, each id its own. Returns false, changing
    /// nothing, for anything else.
    private func changeFilesLocked(
        _ path: String, _ change: WrittenFolder, record: inout IndexedFolder, reader: StoreReader, edits: inout BucketEdits
    ) throws -> Bool {
        guard change.files.count + change.removed.count <= 16 else { return false }
        let segmentName = IndexFiles.segment(of: Self.components(path), depth: depth)
        // Decided before anything changes, so that nothing need be undone (and in a function
        // of its own, so that no copy of the folder's files is alive once they change).
        _ = try segmentLocked(segmentName, reader: reader)
        guard let (removedAt, replacedAt, added, removedIDs) = try plan(change, in: segmentCache[segmentName]?[path] ?? [], at: path, reader: reader)
        else { return false }
        // The plan read buckets, and a read lets go of the segments not changed: this one is
        // read again if it went (the same generation, so the positions hold), and kept.
        _ = try segmentLocked(segmentName, reader: reader)
        changedSegments.insert(segmentName)
        // Moved out of the cache, so that changing it copies nothing.
        var files = segmentCache[segmentName]?.removeValue(forKey: path) ?? []
        defer { segmentCache[segmentName, default: [:]][path] = files.isEmpty ? nil : files }
        for at in removedAt + Array(replacedAt.values) {
            if files[at].state == .unreadable { record.unreadable -= 1 }
            if files[at].state == .unchecked { record.unchecked -= 1 }
            if case .misfiled = files[at].state { misfiled[path]?.removeAll { $0.name == files[at].name } }
        }
        if misfiled[path]?.isEmpty == true { misfiled[path] = nil }
        for (name, at) in replacedAt { files[at] = change.files[name] ?? files[at] }
        for at in removedAt.sorted(by: >) { files.remove(at: at) }
        files += added
        // In name order, as a listing records them: a listing that finds the same files changes nothing.
        if !added.isEmpty { files.sort { $0.name < $1.name } }
        record.documents += added.count - removedAt.count
        let escapedPath = IndexFiles.escaped(path)
        for file in added {
            let key = DocumentID.key(file.id)
            edits.added[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []] += Array("\(IndexFiles.escaped(key))\t\(escapedPath)\n".utf8)
            if !edits.everyKey { edits.keys.insert(key) }
        }
        for id in removedIDs {
            let key = DocumentID.key(id)
            edits.removed[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []].insert(Array("\(IndexFiles.escaped(key))\t\(escapedPath)".utf8))
            if !edits.everyKey { edits.keys.insert(key) }
        }
        return true
    }

    /// Where `change` falls in `current` (a folder's files): the positions of the files it
    /// removes and replaces, the files it adds, and the ids it removes; `nil` when the folder
    /// holds copies, or an id ignoring case is in it twice (counted as a listing would).
    ///
    /// A new document costs no look at the folder's files, nor at its id's bucket: the writer
    /// knew that no document had its id. Another's bucket says whether any file of the folder
    /// has that id.
    private func plan(_ change: WrittenFolder, in current: [IndexedFile], at path: String, reader: StoreReader) throws
        -> (removedAt: [Int], replacedAt: [String: Int], added: [IndexedFile], removedIDs: [String])? {
        guard !current.contains(where: \.isCopy) else { return nil }
        var removedAt: [Int] = []
        for name in change.removed where change.files[name] == nil {
            guard let at = current.firstIndex(where: { $0.name == name }) else { continue }
            let id = current[at].id
            if current.indices.contains(where: { $0 != at && DocumentID.sameKey(current[$0].id, id) }) { return nil }
            removedAt.append(at)
        }
        var replacedAt: [String: Int] = [:]
        var added: [IndexedFile] = []
        for entry in change.files.entries {
            let file = entry.file
            if try !entry.mayBeStored || !foldersLocked(holding: DocumentID.key(file.id), reader: reader).contains(path) {
                added.append(file)
            } else if let at = current.firstIndex(where: { $0.name == file.name }) {
                replacedAt[file.name] = at
            } else {
                if current.contains(where: { DocumentID.sameKey($0.id, file.id) }) { return nil }
                added.append(file)
            }
        }
        return (removedAt, replacedAt, added, removedAt.map { current[$0].id })
    }
}
