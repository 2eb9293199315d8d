#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one attempt of a read sees: the commit clock when it began, and the committed journal
/// being put in place then, if any (DESIGN §4, "Readers").
///
/// Bound for the length of an attempt on the reading thread (``ThreadLocal``), so the folder walks and file
/// reads below it (on any worker thread a scan spreads to, see ``Array/parallelMap(minimumCount:chunkState:_:)``)
/// see the same view.
struct ReadView: Sendable {
    /// The reader whose attempt this is: a read of another store inside it (a diff of two
    /// stores, say) makes an attempt of its own.
    let reader: ObjectIdentifier
    /// The ``CommitClock`` value when the attempt began.
    let clock: UInt64
    /// The journal whose renames and removals were under way then, as readers apply it.
    let overlay: CommitOverlay?
    /// This attempt among all others: what it checked once (the folder index) it need not
    /// check again before it ends.
    let attempt = ReadView.attempts.next()

    private static let attempts = Counter()

    private static let bound = ThreadLocal<ReadView>()

    /// The view of the read attempt running on this thread, whichever store's, or `nil`
    /// outside one (a writer); a reader asks for its own with ``StoreReader/view``.
    static var current: ReadView? { bound.value }

    /// Runs `body` under `view` (`nil`: as the files are, outside any attempt).
    static func with<R>(_ view: ReadView?, _ body: () throws -> R) rethrows -> R {
        try bound.withValue(view, body)
    }
}

extension StoreReader {
    /// How many times a read is done again when commits keep overtaking it, before its last
    /// attempt takes the writers' lock (the one case where a read waits, DESIGN §4).
    static let readAttempts = 8

    /// Runs a read so that it sees one committed state of the store, whole, without waiting
    /// for a writer (snapshot isolation, DESIGN §4 "Readers"); `.overtaken` when commits kept
    /// overtaking it ``readAttempts`` times (`Store` then runs it once more holding the
    /// writers' lock, ``readingAsWriter(_:)``).
    ///
    /// The read runs under a ``ReadView``: the commit clock when it began, and the journal of a
    /// change being put in place then, which its listings and reads apply. When the clock
    /// moved while it ran (a commit began or finished putting its files in place), what it
    /// read may hold part of that commit, and it runs again. It never sees a migration half
    /// swapped in: a read meeting a swap waits for it (it lasts a few renames), and a read
    /// during which a new version was committed is done again, or fails with `.storeChanged`
    /// when this store's catalog no longer describes the documents.
    func attemptingOneVersion<T>(_ read: () throws -> T) throws -> ReadOutcome<T> {
        // A read inside another (a query inside a read block) is part of that attempt.
        if view != nil { return .read(try read()) }
        try awaitSettledVersion()
        for _ in 0..<StoreReader.readAttempts {
            let view = try currentView()
            let result = try ReadView.with(view) { try read() }
            guard clock.now() == view.clock else { continue }
            guard StoreSwap.isPending(root: root) || manifestWasReplaced else { return .read(result) }
            try awaitSettledVersion()
        }
        return .overtaken
    }

    /// Runs `read` as the writer holding the lock sees the store: no commit can move under it.
    func readingAsWriter<T>(_ read: () throws -> T) throws -> T {
        try ReadView.with(settledView()) { try read() }
    }

    /// The view of this reader's read attempt running on this thread, or `nil` outside one.
    var view: ReadView? {
        guard let current = ReadView.current, current.reader == ObjectIdentifier(self) else { return nil }
        return current
    }

    /// The view of a read that holds the writers' lock: the clock now, nothing being put in place.
    func settledView() -> ReadView {
        warm.beginAttempt()
        return ReadView(reader: ObjectIdentifier(self), clock: clock.now(), overlay: nil)
    }

    /// Runs a read whose results already went out as it ran (a streamed listing), so it
    /// cannot be done again: it begins at one committed state, sees each document whole, and
    /// may see commits made while it streams. When a migration or rollback swapped the store
    /// meanwhile, it fails with `.storeChanged` afterwards instead.
    func readingStreamed<T>(_ read: () throws -> T) throws -> T {
        if view != nil { return try read() }
        try awaitSettledVersion()
        let result = try ReadView.with(try currentView()) { try read() }
        if StoreSwap.isPending(root: root) || manifestWasReplaced { try awaitSettledVersion() }
        return result
    }

    /// The view a read attempt begins with.
    ///
    /// An odd clock means a change is being put in place: a committed journal's (read and
    /// applied), or one file's rename or removal, two system calls away from done, waited out
    /// with short sleeps. A clock left odd by a writer killed between those calls is judged
    /// dead after ``staleOddClockWait`` and remembered, so later reads pass at once.
    func currentView() throws -> ReadView {
        warm.beginAttempt()
        var waited = 0.0
        while true {
            let now = clock.now()
            guard now % 2 == 1 else { return ReadView(reader: ObjectIdentifier(self), clock: now, overlay: nil) }
            if let journal = try committedJournal() { return ReadView(reader: ObjectIdentifier(self), clock: now, overlay: CommitOverlay(journal)) }
            if staleOddClock.withLock({ $0.value == now }) || waited >= StoreReader.staleOddClockWait {
                staleOddClock.withLock { $0.value = now }
                return ReadView(reader: ObjectIdentifier(self), clock: now, overlay: nil)
            }
            usleep(50)
            waited += 0.000_05
        }
    }

    /// How long an odd clock with no journal may last before readers take its writer for dead
    /// (a rename takes microseconds; a writer suspended or killed between its two steps holds
    /// no more than one file's change, which every read sees whole either way).
    static let staleOddClockWait = 0.1

    /// The committed journal on disk, if any: being put in place while the clock is odd, or
    /// left by a writer that failed or died after its commit point.
    func committedJournal() throws -> WriteJournal? {
        guard let folder = try root.openFolder(".almanac"), let bytes = try folder.readFile(WriteJournal.fileName) else { return nil }
        return try? WriteJournal(recordBytes: bytes, path: ".almanac/\(WriteJournal.fileName)")
    }

    /// Whether `store.json` is no longer the file this store read last (one `fstatat`).
    private var manifestWasReplaced: Bool {
        (try? root.identity(of: Manifest.fileName))?.inode != manifestSeen.withLock { $0.inode }
    }

    /// Takes up `manifest`, which this store's writer just put in place as `store.json`.
    func takeUp(_ manifest: Manifest) {
        let inode = try? root.identity(of: Manifest.fileName)?.inode
        manifestSeen.withLock { $0.take(manifest, inode: inode) }
    }

    /// Reads `store.json` again when it was replaced: a store still at this version takes up
    /// its calendar (a time-zone change); one at another version throws `.storeChanged`.
    func takeUpReplacedManifest() throws {
        guard manifestWasReplaced else { return }
        let inode = try root.identity(of: Manifest.fileName)?.inode
        let onDisk = try Manifest.required(in: root)
        guard onDisk.schemaVersion == schemaVersion else {
            throw AlmanacError(
                .storeChanged,
                "the store went from schema version \(schemaVersion) to \(onDisk.schemaVersion) (a migration or rollback) since it was opened; open it again",
                path: url.path)
        }
        manifestSeen.withLock { $0.take(onDisk, inode: inode) }
    }

    /// Waits for a swap in progress to end, then checks that the store is still at this store's version.
    private func awaitSettledVersion() throws {
        // (Never true inside this store's own write session: the journal exists only while
        // its writer holds the lock, or after that writer died, and then taking the lock recovered it.)
        if StoreSwap.isPending(root: root) {
            try StoreRecovery.finishInterruptedSwap(root: root, options: options)
        }
        try takeUpReplacedManifest()
    }
}

/// What a read attempt came to: its result, or overtaken by commits too often to go on trying.
enum ReadOutcome<T> {
    case read(T)
    case overtaken
}

/// The odd clock value readers judged left by a dead writer (see ``StoreReader/currentView()``).
final class StaleClockMark {
    var value: UInt64?
}
