/// What this process's commits changed in one folder of a collection, as the writer saw it
/// once they were in place: enough for the folder index to take the change in without
/// listing the folder again (``FolderIndex/noteWritten(_:)``), so a save costs its own files,
/// not the folder's.
struct WrittenFolder: Sendable, Equatable {
    /// The folder's signature after the last commit; `nil` when it could not be taken (gone,
    /// emptied and removed by the commit, or not to be looked at now): the folder is then
    /// listed again.
    var signature: FolderSignature?
    /// The document files put in the folder: filed where their dates say.
    var files = WrittenFiles()
    /// The names of the files removed from the folder.
    var removed: Set<String> = []

    /// Whether the index can take the change in as it is: a signature, and every written
    /// file's inode (one that could not be looked at makes the folder listed again).
    var isComplete: Bool { signature != nil && files.entries.allSatisfy { $0.file.inode != 0 } }

    /// Adds what a later commit changed in the same folder.
    mutating func merge(_ later: WrittenFolder) {
        signature = later.signature
        var entries = files.entries.filter { later.files[$0.file.name] == nil && !later.removed.contains($0.file.name) }
        removed.formUnion(later.removed)
        for var entry in later.files.entries {
            // Removed by an earlier commit and written again: it may be a document the index holds.
            if removed.remove(entry.file.name) != nil { entry.mayBeStored = true }
            entries.append(entry)
        }
        files = WrittenFiles(entries)
    }
}
