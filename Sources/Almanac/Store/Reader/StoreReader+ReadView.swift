/// Listing and opening as the running read attempt sees the store: with the journal of a
/// change being put in place applied (``CommitOverlay``). Outside a read attempt (a writer,
/// which sees the files as they are), or with no journal, these are the plain calls.
extension StoreReader {
    /// The entries of `folder`, the folder at `path` from the store root.
    func visibleEntries(of folder: Directory, at path: [String]) throws -> [Directory.Entry] {
        let entries = try folder.entries()
        guard let overlay = view?.overlay else { return entries }
        return overlay.apply(to: entries, ofFolder: path.joined(separator: "/"))
    }

    /// Opens the folder `name` of `parent`, the folder at `parentPath`; `nil` when it is not there.
    func openVisibleFolder(_ name: String, in parent: Directory, at parentPath: [String]) throws -> Directory? {
        guard let overlay = view?.overlay else { return try parent.openFolder(name) }
        let path = parentPath.joined(separator: "/")
        if overlay.removesEverything, parentPath.count >= 2, ["data", "archive"].contains(parentPath[0]) { return nil }
        if overlay.removesEverything, path == "", name == "archive" { return nil }
        // A staged date folder opens under its temporary name until it is renamed into place.
        if let staged = overlay.stagedFolder(named: name, in: path), let folder = try parent.openFolder(staged) { return folder }
        // An attachment folder moving with its document opens where it was until it moves.
        let full = path.isEmpty ? name : path + "/" + name
        if overlay.movesAway(full) { return nil }
        if let before = overlay.movedFolder(to: full),
           let folder = try ReadView.with(nil, { try openFolders(before.split(separator: "/").map(String.init)) }) {
            return folder
        }
        return try parent.openFolder(name)
    }

    /// The bytes and identity of the document file at `location`, in its open `folder`; `nil`
    /// when it is not there.
    func readVisibleFile(_ location: DocumentLocation, in folder: Directory) throws -> (bytes: [UInt8], identity: FileIdentity)? {
        if let overlay = view?.overlay {
            if overlay.removes(location.relativePath) { return nil }
            // The committed version, read under its temporary name while it has one (once
            // renamed, under its own: the rename keeps the file).
            if let staged = overlay.stagedName(of: location.fileName, inFolder: location.folderPath.joined(separator: "/")),
               let found = try folder.readFileAndIdentity(staged) {
                return found
            }
        }
        return try folder.readFileAndIdentity(location.fileName)
    }

    /// Whether the running read sees the file at `location` other than as it is on disk now
    /// (a document cache entry for it cannot be trusted).
    func isOverlaid(_ location: DocumentLocation) -> Bool {
        guard let overlay = view?.overlay else { return false }
        return overlay.removes(location.relativePath)
            || overlay.stagedName(of: location.fileName, inFolder: location.folderPath.joined(separator: "/")) != nil
    }
}
