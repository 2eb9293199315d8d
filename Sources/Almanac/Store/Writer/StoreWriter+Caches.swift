import Dispatch

/// The readers' caches as the writer changes them: only here, and only as the effect of a
/// commit (or of a failed one, or of recovery, which forget them). Readers fill them as they read.
extension StoreWriter {
    /// Records a commit this store made in the readers' caches, which move from clock value
    /// `before` to the value now; caches at any other value were another's and are dropped.
    func recordInCaches(_ change: AtomicChange, from before: UInt64, _ state: StoreState) {
        let now = clock.now()
        let written = writtenFolders(change, state)
        let archived = archiveWrittenFolders(change, state)
        reader.caches.withLock { caches in
            guard caches.clock == before else { return caches.invalidate() }
            caches.clock = now
            // Noted before the lock is let go: no read at the new value may miss them.
            for (name, folders) in written { caches.folderIndexes[name]?.noteWritten(folders) }
            for (name, folders) in archived { caches.archiveIndexes[name]?.noteWritten(folders) }
        }
    }

    /// Writes back the folder indexes this process's commits changed (after a large commit,
    /// `relisting` the folders it wrote, ``StoreReader/persistFolderIndexes(relisting:)``).
    ///
    /// - Parameter reading: the collections a large commit changed, each with the files it
    ///   wrote there (paths below the collection's folder) when this process had not read its
    ///   index (a retention run, a delete, `check --fix` or `resolve`, which found their
    ///   documents by listing folders). Such an index is read now, once the clock's tick has
    ///   passed, taking those files as filed, and written: else the next process would list
    ///   every folder the commit changed, work out the buckets again, and read those files.
    func writeFolderIndexes(_ state: StoreState, relisting: Bool = false, reading: [String: Set<String>] = [:]) {
        let committed = DocumentCache.now()
        reader.persistFolderIndexes(relisting: relisting)
        readIndexes(reading, afterTickOf: committed)
        state.indexesWritten = DispatchTime.now().uptimeNanoseconds
    }

    /// Reads (and so writes) the folder index of each collection of `reading` this process
    /// holds none of, taking the files given for it as filed where their dates say.
    ///
    /// - Parameter committed: when the commit was put in place; the listing then waits out the
    ///   clock's tick, so that it is sure of the folders (`nil`: they are listed again later).
    func readIndexes(_ reading: [String: Set<String>], afterTickOf committed: Int64? = nil) {
        let unread = reading.keys.compactMap { reader.catalog.collection(named: $0) }
            .filter { !$0.isSingleton && $0.partition != nil && !reader.hasLocationIndex(of: $0) }
        guard !unread.isEmpty else { return }
        if let committed { FolderSignature.waitOutTick(after: committed) }
        for descriptor in unread { _ = try? reader.folderIndex(of: descriptor, trusting: reading[descriptor.name] ?? []) }
    }

    /// What `change` did in each folder of the collections whose folder index this process
    /// holds, per collection and folder path: the files it wrote, with their inodes, the ones
    /// it removed, and each folder's signature now. One `fstat` per folder and one `fstatat`
    /// per file written, through the folders the commit opened.
    private func writtenFolders(_ change: AtomicChange, _ state: StoreState) -> [String: [String: WrittenFolder]] {
        let indexed = reader.caches.withLock { Set($0.folderIndexes.keys) }
        guard !indexed.isEmpty else { return [:] }
        var written: [String: [String: WrittenFolder]] = [:]
        let removed = change.removals + change.writes.compactMap(\.previous) + change.writes.flatMap(\.superseded)
        // A singleton (no id) is a file beside the collections' folders, in no index.
        for location in removed where location.id != nil && indexed.contains(location.collection) {
            written[location.collection, default: [:]][FolderIndex.path(location.folders), default: WrittenFolder()].removed.insert(location.fileName)
        }
        var opened: [[String]: Directory] = [:]
        var entries: [String: [String: [WrittenFiles.Entry]]] = [:]
        for write in change.writes where indexed.contains(write.collectionName) {
            let location = write.location
            guard let id = location.id else { continue }
            let path = FolderIndex.path(location.folders)
            let folder = opened[location.folderPath] ?? (try? existingFolder(location.folderPath, state)) ?? nil
            opened[location.folderPath] = folder
            let name = location.fileName
            // Without an inode the note is incomplete, and the folder is listed again.
            let inode = (folder.flatMap { try? $0.identity(of: name) })?.inode ?? 0
            let removedHere = written[location.collection]?[path]?.removed.remove(name) != nil
            // Changed in place: a copy of the list per file would copy its folder's files each time.
            entries[location.collection, default: [:]][path, default: []].append(WrittenFiles.Entry(
                file: IndexedFile(name: name, inode: inode, id: id, isCopy: false, state: .filed), mayBeStored: removedHere || !write.isNew))
        }
        file(&entries, into: &written)
        sign(&written, below: "data", opened: opened, state)
        return written
    }

    /// What `change` did in the archives whose folder index this process holds, as
    /// ``writtenFolders(_:_:)`` for the live folders: the files retention archived, the ones it
    /// replaced, and the archived files a save of their id took back into `data/`. An archived
    /// file's document may be one the index holds already (retention replaces an older
    /// archived copy of its id), so each is looked up when the note is taken in.
    private func archiveWrittenFolders(_ change: AtomicChange, _ state: StoreState) -> [String: [String: WrittenFolder]] {
        let indexed = reader.caches.withLock { Set($0.archiveIndexes.keys) }
        guard !indexed.isEmpty else { return [:] }
        var written: [String: [String: WrittenFolder]] = [:]
        for removal in change.fileRemovals {
            let parts = removal.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 2, parts[0] == "archive", indexed.contains(parts[1]) else { continue }
            let path = FolderIndex.path(Array(parts[2..<(parts.count - 1)]))
            written[parts[1], default: [:]][path, default: WrittenFolder()].removed.insert(parts[parts.count - 1])
        }
        var opened: [[String]: Directory] = [:]
        var entries: [String: [String: [WrittenFiles.Entry]]] = [:]
        for file in change.files where file.folder.count > 1 && file.folder[0] == "archive" && indexed.contains(file.folder[1]) {
            // Only a document file is indexed (an attachment's folder is no date folder).
            guard let (id, copy) = SyncConflict.documentFile(named: file.name), copy == nil else { continue }
            let collection = file.folder[1]
            let path = FolderIndex.path(Array(file.folder.dropFirst(2)))
            let folder = opened[file.folder] ?? (try? existingFolder(file.folder, state)) ?? nil
            opened[file.folder] = folder
            let inode = (folder.flatMap { try? $0.identity(of: file.name) })?.inode ?? 0
            written[collection]?[path]?.removed.remove(file.name)
            entries[collection, default: [:]][path, default: []].append(WrittenFiles.Entry(
                file: IndexedFile(name: file.name, inode: inode, id: id, isCopy: false, state: .filed), mayBeStored: true))
        }
        file(&entries, into: &written)
        sign(&written, below: "archive", opened: opened, state)
        return written
    }

    /// Moves the files written (`entries`, per collection and folder) into the notes of their
    /// folders, one folder at a time: a batch's notes are never held twice.
    private func file(_ entries: inout [String: [String: [WrittenFiles.Entry]]], into written: inout [String: [String: WrittenFolder]]) {
        for collection in Array(entries.keys) {
            guard var folders = entries.removeValue(forKey: collection) else { continue }
            for path in Array(folders.keys) {
                guard let list = folders.removeValue(forKey: path) else { continue }
                written[collection, default: [:]][path, default: WrittenFolder()].files = WrittenFiles(list)
            }
        }
    }

    /// Takes the signature of every folder of `written` (below `<top>/<collection>/`) as the
    /// commit left it, through the folders it opened.
    private func sign(_ written: inout [String: [String: WrittenFolder]], below top: String, opened: [[String]: Directory], _ state: StoreState) {
        for (collection, folders) in written {
            for path in folders.keys {
                let names = [top, collection] + FolderIndex.components(path)
                let folder = opened[names] ?? (try? existingFolder(names, state)) ?? nil
                written[collection]?[path]?.signature = folder.flatMap { try? FolderSignature.of($0) }
            }
        }
    }

    /// Forgets what this store's writer and readers remember of the files (a migration or
    /// rollback swapped them), and moves the clock so other stores on the folder forget too.
    func dropCaches(_ state: StoreState) {
        state.folders.removeAll()
        forgetCaches()
        _ = try? clock.advance()
        _ = try? clock.advance()
    }

    /// Forgets every cache of this store's readers: after a change that failed part way, or a
    /// recovery, nothing they remember can be trusted.
    func forgetCaches() {
        reader.caches.withLock { $0.invalidate() }
    }
}
