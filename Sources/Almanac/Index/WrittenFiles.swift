/// The document files this process's commits wrote into one folder (``WrittenFolder/files``),
/// one per name, sorted by name.
///
/// An array rather than a dictionary: a batch of 100,000 documents holds one of these for
/// every file it wrote until the index takes them in, and a dictionary's slots and spare
/// room cost about twice the bytes of the files themselves.
struct WrittenFiles: Sendable, Equatable {
    /// One file written.
    struct Entry: Sendable, Equatable {
        /// The file as the writer left it: filed where its date says.
        var file: IndexedFile
        /// Whether its document may be one the index holds already (one stored before, or a
        /// name also removed). The others are new documents, which the index takes in
        /// without looking their ids up.
        var mayBeStored: Bool
    }

    /// Sorted by the file's name, no name twice.
    private(set) var entries: [Entry] = []

    init() {}

    /// The files of `unsorted`, any order, each name once (one commit writes a file once).
    /// Sorted in place: a batch's notes are not copied.
    init(_ unsorted: consuming [Entry]) {
        var list = unsorted
        list.sort { $0.file.name < $1.file.name }
        // A name given twice would make lookups ambiguous: one of them is kept.
        var kept = 0
        for at in list.indices where kept == 0 || list[kept - 1].file.name != list[at].file.name {
            list.swapAt(kept, at)
            kept += 1
        }
        list.removeLast(list.count - kept)
        entries = list
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The files, in name order.
    var all: [IndexedFile] { entries.map(\.file) }

    /// The file written under `name`, if any.
    subscript(name: String) -> IndexedFile? {
        position(of: name).map { entries[$0].file }
    }

    /// Where `name` is in ``entries``: a binary search.
    private func position(of name: String) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].file.name < name { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].file.name == name ? low : nil
    }
}
