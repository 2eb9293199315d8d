import Almanac
import Foundation

/// What the cases of one run share: the sizes, the temporary folder, the generated data sets
/// and the stores the read cases query (made once, by the batch case or on demand).
final class Workspace {
    let options: Options
    let sizes: Sizes
    /// The run's temporary folder: every store and database lives below it.
    let root: URL
    let stores: StoreFactory
    private let started = POSIX.now()
    private var folderCount = 0
    private var events: GeneratedSet<UsageEvent>?
    private var fixtures: [String: ReadFixture] = [:]

    init(options: Options, root: URL, repository: URL) {
        self.options = options
        var sizes = options.quick ? Sizes.quick : Sizes.full
        if let repetitions = options.repetitions {
            sizes.repetitions = repetitions
            sizes.batchRepetitions = repetitions
            sizes.memoryRepetitions = min(repetitions, sizes.memoryRepetitions)
        }
        self.sizes = sizes
        self.root = root
        stores = StoreFactory(repository: repository)
    }

    /// Prints progress to standard error, with the seconds since the run started.
    func log(_ message: String) {
        FileHandle.standardError.write(Data(String(format: "[%6.1fs] %@\n", POSIX.now() - started, message).utf8))
    }

    /// A new path below the temporary folder (not created).
    func newPath(_ name: String) -> URL {
        folderCount += 1
        return root.appendingPathComponent("\(name)-\(folderCount)")
    }

    /// Removes `url` (a store, a folder tree, or a database and its WAL files).
    ///
    /// Cases leave what they made in place and the run removes it all at the end: on ext4,
    /// files created in the minutes after many deletions nearby are slowed down by the search
    /// for an inode that was not recently deleted (`recently_deleted` in `__ext4_new_inode`),
    /// which would land in the timings of whichever side ran next.
    func remove(_ url: URL) {
        for suffix in ["", "-wal", "-shm"] {
            let path = url.path + suffix
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let remover = Process()
            remover.executableURL = URL(fileURLWithPath: "/bin/rm")
            remover.arguments = ["-rf", path]
            if (try? remover.run()) != nil { remover.waitUntilExit() }
        }
    }

    /// The 3-year set of usage events (`sizes.batch` of them), generated once.
    func threeYearEvents() throws -> GeneratedSet<UsageEvent> {
        if let events { return events }
        log("generating \(sizes.batch) usage events over \(sizes.storeDays) days")
        let generated = try GeneratedSet(DocumentFactory.usageEvents(
            count: sizes.batch, days: sizes.storeDays, from: Sizes.storeStart, seed: DocumentFactory.seed))
        events = generated
        return generated
    }

    /// The store of `label` (`1y` or `3y`): registered by the batch case, or made here (untimed)
    /// with Almanac's batch save and one SQLite transaction.
    func fixture(_ label: String) throws -> ReadFixture {
        if let fixture = fixtures[label] { return fixture }
        let all = try threeYearEvents()
        let events = label == "3y" ? all : all.filed(before: Sizes.storeStart.daysSinceEpoch + sizes.yearDays)
        log("building the \(label) store (\(events.documents.count) events) for Almanac and SQLite")
        let store = newPath("store-\(label)")
        try stores.create(for: UsageEvent.self, at: store).save(contentsOf: events.documents)
        let database = newPath("sqlite-\(label)").path + ".db"
        try SQLiteDocuments<UsageEvent>(path: database).insertBatch(events.prepared)
        let fixture = ReadFixture(label: label, store: store, database: database, events: events)
        fixtures[label] = fixture
        return fixture
    }

    /// Makes `fixture` the store of its label, so no other case rebuilds it.
    func register(_ fixture: ReadFixture) {
        fixtures[fixture.label] = fixture
    }

    /// A repeater with the run's number of rounds.
    func repeater(flushBetween: Bool = false, warmUp: Bool = true, repetitions: Int? = nil) -> Repeater {
        Repeater(repetitions: repetitions ?? sizes.repetitions, warmUp: warmUp, flushBetween: flushBetween) { [self] in log($0) }
    }
}
