import Foundation
@testable import Almanac

/// A fresh temporary folder per test, removed when the value is released.
final class TemporaryFolder: @unchecked Sendable {
    // Sendable: immutable after init.
    let url: URL

    /// On the memory file system (`/dev/shm`) where there is one with 2 GiB free, unless
    /// `ALMANAC_TEST_ON_DISK=1`: see `E2EFolder.memoryByDefault` in the command-line tests,
    /// which choose the same way.
    static let inMemory: Bool = {
        var info = statvfs()
        guard ProcessInfo.processInfo.environment["ALMANAC_TEST_ON_DISK"] != "1", access("/dev/shm", W_OK | X_OK) == 0,
              statvfs("/dev/shm", &info) == 0
        else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) >= 2 << 30
    }()

    init() {
        url = (Self.inMemory ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory)
            .appendingPathComponent("almanac-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}

/// A small catalog with one collection of every layout, used by most store tests.
enum TestSchema {
    static let catalog = """
    {
      "app": "testapp",
      "version": 1,
      "collections": [
        {"name": "events", "schema": "any.schema.json", "dateField": "timestamp", "partition": "day"},
        {"name": "logs", "schema": "any.schema.json", "dateField": "timestamp", "partition": "month"},
        {"name": "summaries", "schema": "any.schema.json", "dateField": "weekStart", "partition": "year", "unique": ["weekStart"]},
        {"name": "commitments", "schema": "any.schema.json", "dateField": "date", "partition": "month", "unique": ["date"]},
        {"name": "templates", "schema": "any.schema.json", "partition": "none"},
        {"name": "preferences", "schema": "any.schema.json", "singleton": true}
      ]
    }
    """

    /// Writes the schema folder into `folder` and returns it.
    static func write(in folder: TemporaryFolder, version: Int = 1) throws -> URL {
        let schema = folder.path("schema-src")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try catalog.replacingOccurrences(of: "\"version\": 1", with: "\"version\": \(version)")
            .write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try "{\"type\": \"object\"}\n".write(to: schema.appendingPathComponent("any.schema.json"), atomically: false, encoding: .utf8)
        return schema
    }

    /// A new store in `folder` (time zone America/New_York unless given).
    static func makeStore(in folder: TemporaryFolder, timeZone: String = "America/New_York", options: Store.Options = .init()) throws -> Store {
        let schema = try write(in: folder)
        return try Store.create(at: folder.path("store"), schema: schema, timeZone: TimeZone(identifier: timeZone)!, options: options)
    }
}

/// A typed event for the `events` collection.
struct LoggedEvent: Document, Equatable {
    static let collection = "events"
    var id: String
    var timestamp: Date
    var kind: String
    var pauseDuration: Double?
}

/// A typed commitment for the `commitments` collection (a calendar-date partition).
struct Commitment: Document, Equatable {
    static let collection = "commitments"
    var id: UUID
    var date: CalendarDate
    var text: String
}

/// The singleton `preferences`.
struct Preferences: SingletonDocument, Equatable {
    static let collection = "preferences"
    var timerDuration: Double
    var interests: [String]
}

/// Every file and folder below `url`, relative, sorted; with the SHA of contents via bytes.
/// The folder index (`.almanac/index/`) is left out: a device-local cache that reads write too.
func treeListing(_ url: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
    return (enumerator.allObjects as? [String] ?? []).filter { !$0.hasPrefix(".almanac/index") }.sorted()
}

/// `date` parsed from an ISO 8601 UTC timestamp literal.
func instant(_ text: String) -> Date {
    Timestamp.parse(text)!
}

/// Writes `text` to `relative` inside `store`, making folders as needed.
func writeRaw(_ text: String, to relative: String, in store: Store) throws {
    let url = store.url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

/// A flag set once, read from any thread.
final class Flag: @unchecked Sendable {
    // Sendable: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// The `AlmanacError` `body` throws, or nil when it succeeds (or throws another error).
func thrownAlmanacError(_ body: () throws -> Void) -> AlmanacError? {
    do {
        try body()
        return nil
    } catch let error as AlmanacError {
        return error
    } catch {
        return nil
    }
}
