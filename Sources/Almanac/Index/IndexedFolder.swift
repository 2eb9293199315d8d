/// What the folder index knows of one folder of a collection: its signature when it was last
/// listed, and, for a folder that holds documents, how many it held and how many of them the
/// index could not vouch for.
struct IndexedFolder: Sendable, Equatable {
    var signature: FolderSignature
    /// The wall-clock time (nanoseconds) just before the signature was taken: a change within
    /// ``FolderSignature/racyNanoseconds`` of it may not show in the signature.
    var looked: Int64
    /// Whether the folder's files are documents (a leaf date folder, or a folder a device on an
    /// older layout left files in).
    var holdsDocuments: Bool
    /// Documents (ids, copies joined) in the folder.
    var documents: Int
    /// Files this process may not read: looked at again by every check of the index.
    var unreadable: Int
    /// Files whose date the index has not read yet (``IndexedFile/State/unchecked``).
    var unchecked: Int

    /// Whether the signature may miss a change made at the moment it was taken.
    var isRacy: Bool {
        let window = signature.hasWholeSeconds ? FolderSignature.racyNanoseconds : FolderSignature.racyFineNanoseconds
        return signature.changed >= looked - window || signature.modified >= looked - window
    }

    /// Whether a listing at `now` (wall-clock nanoseconds) would be sure of the folder, as it is
    /// unless it changes again: its last change is further back than the racy window.
    func settles(at now: Int64) -> Bool {
        let window = signature.hasWholeSeconds ? FolderSignature.racyNanoseconds : FolderSignature.racyFineNanoseconds
        return signature.changed < now - window && signature.modified < now - window
    }

    /// Makes the folder listed again by the next check of every folder: its signature was
    /// taken just after this process changed it, and a change by another at that moment
    /// would not show in it.
    mutating func markTakenWhileChanging() {
        looked = min(signature.changed, signature.modified)
    }
}
