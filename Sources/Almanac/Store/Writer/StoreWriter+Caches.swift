import Dispatch

/// The readers' caches as the writer changes them: only here, and only as the effect of a
/// commit (or of a failed one, or of recovery, which forget them). Readers fill them as they read.
extension StoreWriter {
    /// Records a commit this store made in the readers' caches, which move from clock value
    /// `before` to the value now; caches at any other value were another's and are dropped.
    func recordInCaches(_ change: AtomicChange, from before: UInt64, _ state: StoreState) {
        let now = clock.now()
        let archives = change.archiveCollections
        let written = writtenFolders(change, state)
        reader.caches.withLock { caches in
            guard caches.clock == before else { return caches.invalidate() }
            caches.clock = now
            // An archive the change wrote into or removed from is listed afresh on its next read.
            for name in archives { caches.archived[name] = nil }
            // Noted before the lock is let go: no read at the new value may miss them.
            for (name, folders) in written { caches.folderIndexes[name]?.noteWritten(folders) }
        }
    }

    /// Writes back the folder indexes this process's commits changed (after a large commit,
    /// `relisting` the folders it wrote, ``StoreReader/persistFolderIndexes(relisting:)``).
    ///
    /// - Parameter reading: the collections a large commit changed. One whose index this
    ///   process had not read (a retention run or a delete that found its documents by listing
    ///   folders) is read now, once the clock's tick has passed, and written: else the next
    ///   process would list every folder the commit changed, and work out the buckets again.
    func writeFolderIndexes(_ state: StoreState, relisting: Bool = false, reading: Set<String> = []) {
        let committed = DocumentCache.now()
        reader.persistFolderIndexes(relisting: relisting)
        let unread = reading.compactMap { reader.catalog.collection(named: $0) }
            .filter { !$0.isSingleton && $0.partition != nil && !reader.hasLocationIndex(of: $0) }
        if !unread.isEmpty {
            FolderSignature.waitOutTick(after: committed)
            for descriptor in unread { _ = try? reader.folderIndex(of: descriptor) }
        }
        state.indexesWritten = DispatchTime.now().uptimeNanoseconds
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
        for write in change.writes where indexed.contains(write.collection.name) {
            let location = write.location
            guard let id = location.id else { continue }
            let path = FolderIndex.path(location.folders)
            let folder = opened[location.folderPath] ?? (try? existingFolder(location.folderPath, state)) ?? nil
            opened[location.folderPath] = folder
            let name = location.fileName  // made once: the note's key and its file share it
            // Without an inode the note is incomplete, and the folder is listed again.
            let inode = (folder.flatMap { try? $0.identity(of: name) })?.inode ?? 0
            // Changed in place: a copy of the note per file would copy its folder's files each time.
            if written[location.collection, default: [:]][path, default: WrittenFolder()].removed.remove(name) != nil || !write.isNew {
                written[location.collection, default: [:]][path, default: WrittenFolder()].stored.insert(name)
            }
            written[location.collection, default: [:]][path, default: WrittenFolder()].files[name] =
                IndexedFile(name: name, inode: inode, id: id, isCopy: false, state: .filed)
        }
        for (collection, folders) in written {
            for path in folders.keys {
                let names = ["data", collection] + FolderIndex.components(path)
                let folder = opened[names] ?? (try? existingFolder(names, state)) ?? nil
                written[collection]?[path]?.signature = folder.flatMap { try? FolderSignature.of($0) }
            }
        }
        return written
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
