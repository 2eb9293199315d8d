/// The write path's open folders (``StoreState/folders``), so a run of saves into one day
/// folder opens it once.
extension StoreWriter {
    /// Opens the folders `names` for writing, creating missing ones, through the cache of
    /// open folders.
    func writableFolder(_ names: [String], _ state: StoreState) throws -> Directory {
        if let open = try existingFolder(names, state) { return open }
        let folder = try createFolders(names)
        state.folders.insert(folder, at: names)
        return folder
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
