import Almanac
import Foundation

/// The work a child process does for the cases that need a fresh process: opening a store and
/// reading one document, and a full scan whose peak memory the parent reads from `wait4`.
///
/// `AlmanacBench probe open-read --side S --store DIR --database FILE --id ID --path REL`
/// `AlmanacBench probe scan --side S --store DIR --database FILE`
/// `AlmanacBench probe range --side S --store DIR --database FILE --from DAY --to DAY`
/// `AlmanacBench probe newest --side S --store DIR --database FILE --count N`
/// `AlmanacBench probe idle` (the runtime's own footprint)
///
/// It prints one JSON object: the seconds of the work measured inside the process, and how
/// many documents it produced.
struct Probe {
    /// What a probe prints.
    struct Report: Codable {
        /// Seconds of the measured work.
        var seconds: Double
        /// Documents produced.
        var count: Int
        /// The process's peak resident set size in bytes (`VmHWM` of `/proc/self/status`),
        /// read while the documents are still held; `nil` where there is no `/proc`.
        var peakResidentBytes: Double?
    }

    let kind: String
    let side: Side?
    let store: URL?
    let database: String?
    let id: String?
    let relativePath: String?
    /// Every `--key value` given.
    let values: [String: String]

    /// Parses the arguments after `probe`.
    init(arguments: [String]) throws {
        guard let kind = arguments.first else { throw BenchError("probe needs a kind: open-read, scan or idle") }
        self.kind = kind
        var values: [String: String] = [:]
        var rest = arguments.dropFirst()
        while let key = rest.popFirst() {
            guard key.hasPrefix("--"), let value = rest.popFirst() else { throw BenchError("probe: bad argument \(key)") }
            values[String(key.dropFirst(2))] = value
        }
        side = values["side"].flatMap(Side.init(rawValue:))
        store = values["store"].map { URL(fileURLWithPath: $0) }
        database = values["database"]
        id = values["id"]
        relativePath = values["path"]
        self.values = values
    }

    /// The arguments that run a probe of `kind` for `side` on `fixture`.
    static func arguments(_ kind: String, side: Side, fixture: ReadFixture, id: String? = nil, path: String? = nil) -> [String] {
        var arguments = ["probe", kind, "--side", side.rawValue, "--store", fixture.store.path, "--database", fixture.database]
        if let id { arguments += ["--id", id] }
        if let path { arguments += ["--path", path] }
        return arguments
    }

    /// Does the work and prints the report.
    func run() throws {
        let report: Report
        switch kind {
        case "idle": report = Report(seconds: 0, count: 0, peakResidentBytes: Probe.peakResidentBytes())
        case "open-read": report = try openAndRead()
        case "scan": report = try scan()
        case "range", "newest": report = try coldRead()
        case "write-events":
            guard let side, let store, let database, let count = values["count"].flatMap(Int.init) else { throw BenchError("write-events: missing arguments") }
            return try ObservationLatencyCase.writeEvents(side: side, store: store, database: database, count: count)
        default: throw BenchError("unknown probe \(kind)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    private func openAndRead() throws -> Report {
        guard let side, let store, let database, let id, let relativePath else { throw BenchError("open-read: missing arguments") }
        guard let uuid = UUID(uuidString: id) else { throw BenchError("open-read: bad id \(id)") }
        let start = POSIX.now()
        let found: UsageEvent?
        switch side {
        case .almanac:
            let opened = try Store(at: store)
            found = try opened.document(UsageEvent.self, id: uuid)
        case .sqlite:
            found = try SQLiteDocuments<UsageEvent>(path: database, createTable: false).document(id: id)
        case .bare:
            found = try BareReader<UsageEvent>(collectionFolder: store.appendingPathComponent("data/usage-events").path)
                .document(at: relativePath)
        }
        let seconds = POSIX.now() - start
        guard found?.id == uuid else { throw BenchError("open-read: \(side.title) did not find \(id)") }
        return Report(seconds: seconds, count: 1, peakResidentBytes: nil)
    }

    /// A range or newest-N read, decoded, from opening on (``ColdReadCase``).
    private func coldRead() throws -> Report {
        guard let side, let store, let database else { throw BenchError("\(kind): missing arguments") }
        let folder = store.appendingPathComponent("data/usage-events").path
        let start = POSIX.now()
        let documents: [UsageEvent]
        if kind == "range" {
            guard let from = values["from"].flatMap(CalendarDate.init), let to = values["to"].flatMap(CalendarDate.init) else { throw BenchError("range: --from and --to") }
            switch side {
            case .almanac: documents = try Store(at: store).documents(UsageEvent.self, from: from, to: to)
            case .sqlite: documents = try SQLiteDocuments<UsageEvent>(path: database, createTable: false).documents(from: from, to: to)
            case .bare:
                var days: [CalendarDate] = []
                var day = from
                while day <= to { days.append(day); day = day.adding(days: 1) }
                documents = try BareReader<UsageEvent>(collectionFolder: folder).documents(on: days)
            }
        } else {
            guard let count = values["count"].flatMap(Int.init) else { throw BenchError("newest: --count") }
            switch side {
            case .almanac:
                documents = try Store(at: store).documents(UsageEvent.self, matching: Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(count))
            case .sqlite: documents = try SQLiteDocuments<UsageEvent>(path: database, createTable: false).newest(count)
            case .bare: documents = try BareReader<UsageEvent>(collectionFolder: folder).newest(count)
            }
        }
        let seconds = POSIX.now() - start
        return Report(seconds: seconds, count: documents.count, peakResidentBytes: nil)
    }

    /// This process's peak resident set size as the kernel counts it (`VmHWM`, in kB in the file).
    ///
    /// Not `ru_maxrss` from the parent's `wait4`: on Linux that also counts the memory the
    /// child had before `exec`, which was the parent's (the harness holds the generated data).
    static func peakResidentBytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    private func scan() throws -> Report {
        guard let side, let store, let database else { throw BenchError("scan: missing arguments") }
        let start = POSIX.now()
        let documents: [UsageEvent]
        switch side {
        case .almanac: documents = try Store(at: store).documents(UsageEvent.self)
        case .sqlite: documents = try SQLiteDocuments<UsageEvent>(path: database, createTable: false).scan()
        case .bare: documents = try BareReader<UsageEvent>(collectionFolder: store.appendingPathComponent("data/usage-events").path).scan()
        }
        let seconds = POSIX.now() - start
        return withExtendedLifetime(documents) {
            Report(seconds: seconds, count: documents.count, peakResidentBytes: Probe.peakResidentBytes())
        }
    }
}
