import Foundation

/// A store: one folder holding an app's documents as JSON files, one per document (DESIGN §2).
///
/// Open an existing store with ``init(at:options:)`` or make a new one with
/// ``create(at:schema:timeZone:options:)``, then save and query typed ``Document`` values.
/// Every save is durable when it returns, and writers in other processes are kept out with
/// a lock on `.almanac/lock`. Change several documents at once with ``write(_:)``, and read
/// several consistently with ``read(_:)``.
///
/// ```swift
/// let store = try Store(at: URL(filePath: "MyStore"))
/// try store.save(event)
/// let january = try store.documents(UsageEvent.self,
///                                   from: CalendarDate("2025-01-01")!, to: CalendarDate("2025-01-31")!)
/// ```
///
/// `Store` is safe to use from many threads at once.
public final class Store: @unchecked Sendable {
    // Sendable: every stored property is immutable; what changes lives in `state` (the
    // writer's) and `caches` (the readers'), each reachable only with its own lock held.
    // Writers hold `state`'s lock for their whole operation, so at most one thread of this
    // process writes at a time, and `flock` excludes other processes (and other Store
    // instances on the same folder). Readers never take it (DESIGN §4, "Readers").

    /// The store's folder.
    public let url: URL
    /// The catalog of the schema the store is at (its own copy in `schema/`).
    public let catalog: Catalog
    /// The time zone that names day folders, fixed when the store was created.
    public var timeZone: TimeZone { manifest.timeZone }
    /// The time zone's id as `store.json` records it (`UTC` where Foundation says `GMT`).
    public var timeZoneName: String { manifest.timeZoneIdentifier }
    /// The app the store belongs to, e.g. `miga`.
    public var app: String { manifest.app }
    /// The schema version the store's documents are at.
    public var schemaVersion: Int { manifest.schemaVersion }
    /// The on-disk format version of the store.
    public var formatVersion: Int { manifest.formatVersion }

    let root: Directory
    let manifest: Manifest
    /// The files that held versions of `store.json` a sync left (git's markers, conflict
    /// copies), merged into ``manifest``; empty when there were none. `resolve` writes the merge.
    let manifestVersions: [String]
    /// Where this store's documents go (its catalog and time zone).
    let filing: Filing
    /// The inode of `store.json` when it was read: a migration, rollback or any other rewrite
    /// of `store.json` replaces the file, so another inode means it must be read again.
    let manifestInode: UInt64?
    let options: Options
    /// Why writes are refused (a store newer than this code), or `nil` when they are allowed.
    let writeRefusal: AlmanacError?

    /// The write session, the write path's open folders and the pending id hints, behind the writer's lock.
    let state = Guarded(StoreState())
    /// What readers remember, behind a lock of its own that no writer holds for long.
    let caches = Guarded(ReadCaches())
    /// The counter of commits readers check their reads against (`.almanac/commits`).
    let clock: CommitClock
    /// An odd clock value readers found left by a dead writer.
    let staleOddClock = Guarded(StaleClockMark())
    let instanceID = UUID().uuidString.prefix(8)
    /// Where this store's lingering session is ended. A queue of its own, not the global pool:
    /// on Linux the Swift concurrency threads come from that pool, and when callers block all
    /// of them (waiting for this very lock, say) a release scheduled there would never run. Not
    /// shared between stores either: a release waiting for one store's lock (held by a writer
    /// waiting for the file lock) must not hold up another store's release of that lock.
    let sessionQueue = DispatchQueue(label: "Almanac.Store.session")
    let tokenCounter = Counter()
    /// The observations of this store value, told after each of its commits.
    let changes = ChangeSignal()
    /// Parsed documents kept between queries, by file identity.
    let documentCache: DocumentCache

    /// The flush of a write's commit point: full, except in a staging store (see `Options.isStaging`).
    var commitFlush: Flush { options.isStaging ? .barrier : .full }

    /// Opens the store at `url`.
    ///
    /// Opening reads `store.json` and the store's schema copy. A store whose format or schema
    /// version is newer than this code opens for reading but refuses writes with `.storeTooNew`.
    /// When a migration or rollback was killed while swapping versions, opening takes the
    /// write lock and finishes or undoes it first, so the store is wholly at one version.
    /// - Throws: `.notAStore` when the folder holds no valid store, `.invalidCatalog` when its
    ///   schema copy is damaged, `.locked` when a migration is swapping versions for longer than the lock timeout.
    public init(at url: URL, options: Options = Options()) throws {
        self.url = url
        self.options = options
        documentCache = DocumentCache(capacity: options.documentCacheCapacity)
        root = try Directory.openRoot(atPath: url.path)
        clock = CommitClock(root: root)
        if StoreSwap.isPending(root: root) { try Store.finishInterruptedSwap(root: root, options: options) }
        if !options.isStaging { Store.finishInterruptedRestore(root: root, url: url) }
        guard let current = try Manifest.current(in: root) else {
            try root.refusePlaceholder(of: Manifest.fileName)
            throw AlmanacError(.notAStore, "is not an Almanac store (no store.json); create one with 'almanac init'", path: url.path)
        }
        manifest = current.manifest
        manifestVersions = current.versions
        manifestInode = try root.identity(of: Manifest.fileName)?.inode
        guard let schemaFolder = try root.openFolder("schema"),
              let catalogBytes = try schemaFolder.readFile(Catalog.fileName)
        else {
            throw AlmanacError(.notAStore, "the store has no schema/catalog.json; restore the schema folder from a backup or the app's schema", path: "schema/catalog.json")
        }
        catalog = try Catalog(bytes: catalogBytes, path: "schema/catalog.json")
        filing = Filing(catalog: catalog, timeZone: manifest.timeZone)
        writeRefusal = Store.refusal(manifest: manifest, codeSchemaVersion: options.codeSchemaVersion)
        // What a writer killed in mid-write left (a multi-file change to finish, temporary
        // files) is repaired before any read, so every command sees a whole store.
        if writeRefusal == nil, lastWriterDied() {
            try withWriteLock { _ in }
            finishWriting()
        }
    }

    deinit {
        // Nothing else can reach the store now, and no thread holds its lock.
        state.withLock { endSession($0) }
    }

    /// The app of the store at `url`, read from its `store.json` alone: for tools that must
    /// find the app's schema before they open the store.
    ///
    /// - Throws: `.notAStore` when the folder holds no valid `store.json`.
    package static func app(at url: URL) throws -> String {
        try manifest(at: url).app
    }

    /// The schema version `store.json` of the store at `url` records, read without opening the store.
    package static func schemaVersion(at url: URL) throws -> Int {
        try manifest(at: url).schemaVersion
    }

    private static func manifest(at url: URL) throws -> Manifest {
        let root = try Directory.openRoot(atPath: url.path)
        guard let current = try Manifest.current(in: root) else {
            throw AlmanacError(.notAStore, "is not an Almanac store (no store.json); create one with 'almanac init'", path: url.path)
        }
        return current.manifest
    }

    private static func refusal(manifest: Manifest, codeSchemaVersion: Int?) -> AlmanacError? {
        if manifest.formatVersion > Manifest.supportedFormatVersion {
            return AlmanacError(
                .storeTooNew,
                "the store's format version \(manifest.formatVersion) is newer than this version of Almanac supports (\(Manifest.supportedFormatVersion)); upgrade Almanac to write to it",
                path: Manifest.fileName)
        }
        if let code = codeSchemaVersion, manifest.schemaVersion > code {
            return AlmanacError(
                .storeTooNew,
                "the store is at schema version \(manifest.schemaVersion) but this code knows schema version \(code); it needs schema version \(manifest.schemaVersion) or later — upgrade the app or tool before writing",
                path: Manifest.fileName)
        }
        return nil
    }

    /// The lock, creating `.almanac/` and its lock file on first use (a store cloned from
    /// git has no `.almanac/`, since git keeps no empty folders).
    func writeLock(_ state: StoreState) throws -> StoreLock {
        if let lock = state.fileLock { return lock }
        let (internalFolder, _) = try root.openOrCreateFolder(".almanac")
        let lock = try StoreLock(folder: internalFolder)
        state.fileLock = lock
        return lock
    }

    /// Whether the last writer was killed while writing (cheap: one read of the lock record;
    /// the lock itself is tried only when the record says a writer is active).
    private func lastWriterDied() -> Bool {
        guard let folder = try? root.openFolder(".almanac"), (try? folder.entryKind(of: "lock")) == .file,
              let lock = try? StoreLock(folder: folder, forWriting: false)
        else { return false }
        return lock.holderDiedWhileWriting()
    }
}
