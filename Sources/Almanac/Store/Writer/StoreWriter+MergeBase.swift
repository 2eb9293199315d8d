/// Merge bases: the version of each document that this device last received from elsewhere
/// (a sync, a merge, a hand edit) before changing it, kept in
/// `.almanac/base/<collection>/<lowercased id>.json`, so that resolving a conflict copy can tell
/// a field one device changed from a field both changed: a three-way merge, as git does with
/// the common ancestor.
///
/// Every file this device writes that replaces another is also copied to `<lowercased
/// id>.mine.json` in the same folder. A file about to be replaced that still holds those bytes
/// is this device's own write, so the base stays the version it started from (unless there is
/// none yet); any other file came from elsewhere (a sync, an editor) and a copy of it becomes
/// the base. A base is thus never newer than the version both devices had: an older one only
/// makes more fields count as changed on both sides (decided by the policy), never takes back
/// a change. Bases and marks are copies, never second names of a document's file: an edit in
/// place cannot reach them, and a copy tool without hard links (exFAT) loses nothing. The folders they change are flushed
/// once the commit is durable. They are device-local (`.almanac/` is not synced) and only a
/// hint: without a base, a merge takes members only one version has and decides every other
/// difference by the collection's policy.
extension StoreWriter {
    /// Before `change` commits: keeps each replaced file that came from elsewhere as its
    /// document's merge base.
    func keepMergeBases(_ change: AtomicChange, _ state: StoreState) {
        for write in change.writes where !write.isNew {
            guard let id = write.location.id else { continue }
            let replaced = write.previous ?? write.location
            // A copy saved under its document's name (resolving a copy that is all of its
            // document) is no version both devices had: as a base it would make the copy look
            // unchanged, and a later merge take an older version's values over it.
            guard replaced.copyName == nil else { continue }
            let key = DocumentID.key(id)
            let name = DocumentID.fileName(key)
            guard let source = try? existingFolder(replaced.folderPath, state),
                  let bases = baseFolder(write.collection.name, state),
                  let bytes = try? source.readFile(replaced.fileName)
            else { continue }
            let own = (try? bases.readFile(key + Self.ownWriteMark)) == bytes
            guard !own || (try? bases.entryKind(of: name)) == .some(nil) else { continue }
            _ = try? bases.removeFile(name)
            try? bases.createFile(name, bytes, flush: nil)
        }
    }

    /// The suffix of the copy of this device's last write of a document.
    static let ownWriteMark = ".mine.json"

    /// After `change` committed: copies each replacing file it wrote as this device's own
    /// write, and forgets the documents it removed.
    func markOwnWrites(_ change: AtomicChange, _ state: StoreState) {
        // A new document needs no mark: its first replacement finds no base and makes the
        // replaced file the base either way. So inserts (imports, seeds, a day's events)
        // cost nothing here.
        for write in change.writes where !write.isNew {
            guard let id = write.location.id, let bases = baseFolder(write.collection.name, state) else { continue }
            let mine = DocumentID.key(id) + Self.ownWriteMark
            // (Of an earlier version, this was a second name of the document's file: removing it cuts the link.)
            _ = try? bases.removeFile(mine)
            try? bases.createFile(mine, write.bytes, flush: nil)
        }
        var touched = Set(change.writes.filter { !$0.isNew }.map(\.collection.name))
        for removed in change.removals {
            guard let id = removed.id, let bases = try? existingFolder([".almanac", StoreReader.mergeBaseFolder, removed.collection], state) else { continue }
            _ = try? bases.removeFile(DocumentID.key(id) + Self.ownWriteMark)
            _ = try? bases.removeFile(DocumentID.fileName(DocumentID.key(id)))
            touched.insert(removed.collection)
        }
        // Once the commit is durable, the base folders it changed are flushed too (a lost
        // base only makes a later merge ask more; a failed flush is no failure of the commit).
        for collection in touched.sorted() {
            try? existingFolder([".almanac", StoreReader.mergeBaseFolder, collection], state)?.synchronize(.barrier)
        }
        for path in state.foldersToFlush.sorted(by: { $0.count > $1.count }) {
            try? (path.isEmpty ? root : existingFolder(path, state))?.synchronize(.barrier)
        }
        state.foldersToFlush.removeAll()
    }

    /// The base folder of `collection`, created when missing without flushing anything: a
    /// base is a hint, and a flush here would also make the commit's renames durable before
    /// their own flush, hiding a missing one from the crash tests.
    private func baseFolder(_ collection: String, _ state: StoreState) -> Directory? {
        let path = [".almanac", StoreReader.mergeBaseFolder, collection]
        if let open = try? existingFolder(path, state) { return open }
        var folder = root
        for (depth, name) in path.enumerated() {
            guard let (next, created) = try? folder.openOrCreateFolder(name, synchronize: false) else { return nil }
            if created { state.foldersToFlush.insert(Array(path.prefix(depth))) }
            folder = next
        }
        state.folders.insert(folder, at: path)
        return folder
    }
}
