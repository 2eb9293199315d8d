/// What this process's commits changed in one folder of a collection, as the writer saw it
/// once they were in place: enough for the folder index to take the change in without
/// listing the folder again (``FolderIndex/noteWritten(_:)``), so a save costs its own files,
/// not the folder's.
struct WrittenFolder: Sendable, Equatable {
    /// The folder's signature after the last commit; `nil` when it could not be taken (gone,
    /// emptied and removed by the commit, or not to be looked at now): the folder is then
    /// listed again.
    var signature: FolderSignature?
    /// The document files put in the folder, by name: filed where their dates say.
    var files: [String: IndexedFile] = [:]
    /// The names of the files removed from the folder.
    var removed: Set<String> = []
    /// The written files whose document the index may already hold (one stored before, or a
    /// name also removed): the others are new documents, which the index takes in without
    /// looking their ids up.
    var stored: Set<String> = []

    /// Whether the index can take the change in as it is: a signature, and every written
    /// file's inode (one that could not be looked at makes the folder listed again).
    var isComplete: Bool { signature != nil && files.values.allSatisfy { $0.inode != 0 } }

    /// Adds what a later commit changed in the same folder.
    mutating func merge(_ later: WrittenFolder) {
        signature = later.signature
        for name in later.removed { files[name] = nil }
        removed.formUnion(later.removed)
        stored.formUnion(later.stored)
        for (name, file) in later.files {
            files[name] = file
            if removed.remove(name) != nil { stored.insert(name) }
        }
    }
}
