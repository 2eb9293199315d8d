import Foundation

/// The read side of a store: folder walks, the read caches, queries and the read gate that
/// gives every read one committed state, whole, without waiting for a writer (DESIGN §4, "Readers").
///
/// `Store` holds one and forwards its reads to it; ``StoreWriter`` holds the same one, to read
/// what a change replaces and to record its commits in the caches. It holds no writer state:
/// nothing here can take the writers' lock (the one read that must, after being overtaken
/// ``readAttempts`` times, is finished by `Store`, which holds both parts).
final class StoreReader: Sendable {
    /// The store's folder, for messages.
    let url: URL
    let root: Directory
    let catalog: Catalog
    /// `store.json` as the store was opened (its calendar may since have changed: ``calendar``).
    let manifest: Manifest
    /// The inode of `store.json` last read, and the calendar it holds: a migration or rollback
    /// replaces the file, and so does a time-zone change (``Store/changeTimeZone(to:from:)``),
    /// which every open store takes up at its next read or write.
    let manifestSeen: Guarded<ManifestSeen>
    let options: Store.Options
    /// The counter of commits reads are checked against (`.almanac/commits`).
    let clock: CommitClock
    /// What readers remember, behind a lock of its own that no writer holds for long.
    let caches = Guarded(ReadCaches())
    /// An odd clock value readers found left by a dead writer.
    let staleOddClock = Guarded(StaleClockMark())
    /// Parsed documents kept between queries, by file identity.
    let documentCache: DocumentCache
    /// The watch that lets warm reads skip looking at unchanged folders and files.
    let warm: WarmReads
    /// Limited date-ordered queries' last results, answered again while their folders are clean.
    let queryMemos = QueryMemos()

    /// The store's days, as `store.json` said when last read.
    var calendar: StoreCalendar { manifestSeen.withLock { $0.calendar } }
    /// The format of `store.json` when last read.
    var formatVersion: Int { manifestSeen.withLock { $0.formatVersion } }
    /// Where documents go, by this catalog and the calendar.
    var filing: Filing { Filing(catalog: catalog, calendar: calendar) }
    var schemaVersion: Int { manifest.schemaVersion }

    init(url: URL, root: Directory, catalog: Catalog, manifest: Manifest, manifestInode: UInt64?, options: Store.Options) {
        self.url = url
        self.root = root
        self.catalog = catalog
        self.manifest = manifest
        manifestSeen = Guarded(ManifestSeen(inode: manifestInode, manifest: manifest))
        self.options = options
        clock = CommitClock(root: root)
        documentCache = DocumentCache(capacity: options.documentCacheCapacity, budget: options.memoryBudget)
        warm = WarmReads(root: root, rootPath: url.path, enabled: options.documentCacheCapacity > 0)
    }

    /// The catalog entry for `name` (``Store/collection(named:)``).
    func collection(named name: String) throws -> CollectionDescriptor {
        if let descriptor = catalog.collection(named: name) { return descriptor }
        let names = catalog.collections.map(\.name)
        let suggestion = Suggestion.closest(to: name, in: names).map { " Did you mean \"\($0)\"?" } ?? ""
        throw AlmanacError(
            .unknownCollection,
            "no collection \"\(name)\" in the \(manifest.app) catalog.\(suggestion) The collections are: \(names.joined(separator: ", "))")
    }

    /// Opens the folders `names` from the store root as the running read sees them, or
    /// returns `nil` when one is missing.
    func openFolders(_ names: [String]) throws -> Directory? {
        var folder = root
        for (depth, name) in names.enumerated() {
            guard let next = try openVisibleFolder(name, in: folder, at: Array(names[..<depth])) else { return nil }
            folder = next
        }
        return folder
    }
}

extension StoreReader {
    /// The schema version `store.json` says now (it changes only under the write lock).
    func versionOnDisk() throws -> Int {
        try Manifest.required(in: root).schemaVersion
    }
}

/// The `store.json` a reader last read: its inode, its calendar and its format (which a
/// calendar's first change raises).
final class ManifestSeen {
    var inode: UInt64?
    var calendar: StoreCalendar
    var formatVersion: Int

    init(inode: UInt64?, manifest: Manifest) {
        self.inode = inode
        calendar = manifest.calendar
        formatVersion = manifest.formatVersion
    }

    /// Takes up `manifest`, read from the file with `inode`.
    func take(_ manifest: Manifest, inode: UInt64?) {
        self.inode = inode
        calendar = manifest.calendar
        formatVersion = manifest.formatVersion
    }
}
