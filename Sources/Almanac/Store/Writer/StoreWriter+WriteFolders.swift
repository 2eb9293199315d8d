/// The write path's open folders (``StoreState/folders``), so a run of saves into one day
/// folder opens it once.
extension StoreWriter {
    /// Opens the folders `names` for writing, creating missing ones, through the cache of
    /// open folders.
    func writableFolder(_ names: [String], _ state: StoreState) throws -> Directory {
        if let open = try existingFolder(names, state) { return open }
        var folder = root
        for (index, name) in names.enumerated() {
            if let existing = try folder.openFolder(name) {
                folder = existing
                continue
            }
            do {
                let (next, created) = try folder.openOrCreateFolder(name)
                if created { state.madeFolders.append(Array(names[...index])) }
                folder = next
            } catch {
                // Made, then not opened, chmodded or flushed (too many open files, a failing disk): still this change's to remove.
                if (try? folder.entryKind(of: name)) == .folder { state.madeFolders.append(Array(names[...index])) }
                throw error
            }
        }
        state.folders.insert(folder, at: names)
        return folder
    }

    /// Removes the folders a change that failed before its commit point created, deepest
    /// first, where they are empty: a failed write leaves the store as it found it. What cannot
    /// be removed now is an empty folder, which no read minds.
    func removeMadeFolders(_ state: StoreState) {
        defer { state.madeFolders.removeAll() }
        for path in state.madeFolders.sorted(by: { $0.count > $1.count }) {
            guard let name = path.last, let parent = try? reader.openFolders(Array(path.dropLast())), parent.removeFolderIfEmpty(name) else { continue }
            state.folders.forget(under: path)
            try? parent.synchronize(.barrier)
        }
    }

    /// The folders `names` opened through the cache of open folders, or `nil` when they do not exist.
    func existingFolder(_ names: [String], _ state: StoreState) throws -> Directory? {
        // A folder removed behind our back (by hand) keeps its descriptor valid; writing into it
        // would lose the file, so a cached folder is used only while it is still linked.
        if let open = state.folders.folder(at: names), open.isStillLinked { return open }
        guard let folder = try reader.openFolders(names) else { return nil }
        state.folders.insert(folder, at: names)
        return folder
    }
}
