import Foundation

/// A store: one folder holding an app's documents as JSON files, one per document (DESIGN §2).
///
/// Open an existing store with ``init(at:options:)`` or make a new one with
/// ``create(at:schema:timeZone:options:)``, then save and query typed ``Document`` values.
/// Every save is durable when it returns, and writers in other processes are kept out with
/// a lock on `.almanac/lock`. Change several documents at once with `write(_:)`, and read
/// several consistently with `read(_:)`.
///
/// ```swift
/// let store = try Store(at: URL(filePath: "MyStore"))
/// try store.save(event)
/// let january = try store.documents(UsageEvent.self,
///                                   from: CalendarDate("2025-01-01")!, to: CalendarDate("2025-01-31")!)
/// ```
///
/// `Store` is safe to use from many threads at once.
public final class Store: Sendable {
    // Store is the face: what it does is done by its two parts. The reader walks folders,
    // keeps the read caches and runs queries without ever waiting for a writer; the writer
    // holds the session, the lock and the commit. Each keeps what changes behind a lock of
    // its own (DESIGN §0).

    /// The store's folder.
    public let url: URL
    /// The catalog of the schema the store is at (its own copy in `schema/`).
    public var catalog: Catalog { reader.catalog }
    /// The store's days: the zone it was created in and each change since (``changeTimeZone(to:from:)``).
    /// Every day-of-an-instant question (filing, date ranges, rules, retention, reports) asks it.
    public var calendar: StoreCalendar { reader.calendar }
    /// The time zone new days are filed in: the one the store was created in, or the latest change's.
    public var timeZone: TimeZone { calendar.latestZone }
    /// That zone's id as `store.json` records it (`UTC` where Foundation says `GMT`).
    public var timeZoneName: String { calendar.latestZoneName }
    /// The app the store belongs to, e.g. `miga`.
    public var app: String { manifest.app }
    /// The schema version the store's documents are at.
    public var schemaVersion: Int { manifest.schemaVersion }
    /// The on-disk format version of the store.
    public var formatVersion: Int { reader.formatVersion }

    /// Reads: folder walks, caches, queries, the read gate.
    let reader: StoreReader
    /// Writes: the session, the lock, commits, the write journal.
    let writer: StoreWriter
    /// The files that held versions of `store.json` a sync left (git's markers, conflict
    /// copies), merged into ``manifest``; empty when there were none. `resolve` writes the merge.
    let manifestVersions: [String]

    var root: Directory { reader.root }
    var manifest: Manifest { reader.manifest }
    /// Where this store's documents go (its catalog and time zone).
    var filing: Filing { reader.filing }
    var options: Options { reader.options }

    /// Opens the store at `url`.
    ///
    /// Opening reads `store.json` and the store's schema copy. A store whose format or schema
    /// version is newer than this code opens for reading but refuses writes with `.storeTooNew`.
    /// When a migration or rollback was killed while swapping versions, opening takes the
    /// write lock and finishes or undoes it first, so the store is wholly at one version.
    /// - Throws: `.notFound` when the folder does not exist (naming a near name beside the
    ///   missing part), `.notAStore` when it holds no valid store (naming a store just below it
    ///   or around it), `.invalidCatalog` when its
    ///   schema copy is damaged, `.locked` when a migration is swapping versions for longer than the lock timeout.
    public init(at url: URL, options: Options = Options()) throws {
        self.url = url
        let root = try Self.openRoot(url)
        if StoreSwap.isPending(root: root) { try StoreRecovery.finishInterruptedSwap(root: root, options: options) }
        if !options.isStaging { StoreRecovery.finishInterruptedRestore(root: root, url: url) }
        guard let current = try Manifest.current(in: root) else {
            try root.refusePlaceholder(of: Manifest.fileName)
            throw StorePathAdvice.notAStore(url.path)
        }
        manifestVersions = current.versions
        // A catalog a sync left only copies of (rclone renames both sides) is read from the
        // copy resolving would keep; check names the copies.
        guard let schemaFolder = try root.openFolder("schema"),
              let catalogBytes = try SchemaCopies.file(Catalog.fileName, in: schemaFolder, schemaVersion: current.manifest.schemaVersion)
        else {
            throw AlmanacError(.notAStore, "the store has no schema/catalog.json; restore the schema folder from a backup or the app's schema", path: "schema/catalog.json")
        }
        let catalog = try Catalog(bytes: catalogBytes, path: "schema/catalog.json")
        reader = StoreReader(url: url, root: root, catalog: catalog, manifest: current.manifest,
                             manifestInode: try root.identity(of: Manifest.fileName)?.inode, options: options)
        writer = StoreWriter(reader: reader, writeRefusal: Store.refusal(manifest: current.manifest, codeSchemaVersion: options.codeSchemaVersion))
        // What a writer killed in mid-write left (a multi-file change to finish, temporary
        // files) is repaired before any read, so every command sees a whole store.
        if writer.writeRefusal == nil, writer.lastWriterDied() {
            do {
                try writer.finishInterruptedWrite()
            } catch let error as AlmanacError where error.code == .io || error.code == .protectedDataUnavailable {
                // Recovery could not finish (a full disk, a denied file): everything stays for the
                // next writer, which meets the same error until its cause is gone. Reads go on,
                // applying the committed journal as they do while a writer puts it in place.
            }
        }
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
        guard let current = try Manifest.current(in: try openRoot(url)) else { throw StorePathAdvice.notAStore(url.path) }
        return current.manifest
    }

    /// The store's folder, opened; a path that leads nowhere gets the nearest name that exists.
    private static func openRoot(_ url: URL) throws -> Directory {
        do {
            return try Directory.openRoot(atPath: url.path)
        } catch let error as AlmanacError where (error.underlying as? POSIXFailure)?.errno == ENOENT {
            // A restore or import cut between its two renames (no exchange: exFAT) is finished first.
            if StoreRecovery.finishInterruptedReplacement(at: url) { return try Directory.openRoot(atPath: url.path) }
            throw StorePathAdvice.missing(url.path)
        }
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
}
