import Foundation
import Testing

@testable import Almanac

/// An id is one document across `data/` and `archive/`: saving an archived id brings that
/// document back in one move (never a second copy the totals count twice), `check` reports an
/// id held in both, and retention never stops on one.
@Suite("Archived ids")
struct ArchivedIDTests {
    static let archivedFile = "archive/events/2025/06/15/e-older.json"

    @Test("putting an archived document back moves it out of the archive: one document, counted once, check clean")
    func putBringsItBack() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        #expect(try fixture.retention().exit == 0)
        let archived = fixture.store.appendingPathComponent(Self.archivedFile)
        #expect(E2EFiles.exists(archived), "retention archived it")
        let text = try #require(E2EFiles.text(archived))
        let put = try run(["put", "events", "-", "--store", fixture.store.path], stdin: text)
        #expect(put.exit == 0, "\(put)")
        #expect(!E2EFiles.exists(archived), "the archived copy left with the same change")
        #expect(E2EFiles.exists(fixture.store.appendingPathComponent("data/events/2025/06/15/e-older.json")))
        let store = try Store(at: fixture.store)
        let live = try store.documents(json: "events").compactMap(\.location.id)
        let archivedIDs = try store.archivedDocuments(json: "events").compactMap(\.location.id)
        #expect(live.filter { $0 == "e-older" }.count + archivedIDs.filter { $0 == "e-older" }.count == 1, "counted once: \(live) \(archivedIDs)")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
        // The next run archives it again, as the old document it is.
        let again = try fixture.retention()
        #expect(again.exit == 0, "\(again)")
        #expect(E2EFiles.exists(archived))
    }

    @Test("an id both live and archived (a hand copy) is reported by check, and retention replaces the archived copy instead of stopping")
    func handCopy() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        #expect(try fixture.retention().exit == 0)
        let archived = fixture.store.appendingPathComponent(Self.archivedFile)
        let live = fixture.store.appendingPathComponent("data/events/2025/06/15/e-older.json")
        try FileManager.default.createDirectory(at: live.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The live copy differs from the archived one (the person edited it).
        let edited = try #require(E2EFiles.text(archived)).replacingOccurrences(of: "\"n\": 2", with: "\"n\": 20")
        try Data(edited.utf8).write(to: live)
        let check = try run(["check", "--store", fixture.store.path])
        #expect(check.exit == 3 && check.stdout.contains("archived-duplicate") || check.stdout.contains("also live"), "\(check)")
        let retention = try fixture.retention()
        #expect(retention.exit == 0, "retention never blocks on it: \(retention)")
        #expect(E2EFiles.text(archived)?.contains("\"n\": 20") == true, "the archive now holds the live version")
        #expect(!E2EFiles.exists(live))
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test("one store value archives, then brings an archived id back, then archives again: the archive's index follows its own commits")
    func oneStoreFollowsItsOwnArchiving() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        let store = try Store(at: fixture.store)
        #expect(try store.applyRetention(asOf: CalendarDate(year: 2026, month: 1, day: 1)).archived == 2)
        let archived = fixture.store.appendingPathComponent(Self.archivedFile)
        #expect(E2EFiles.exists(archived))
        // A new document with the archived id, saved through the same store value.
        _ = try store.save(json: JSONValue(parsing: Array(#"{"id": "e-older", "at": "2025-06-15T08:00:00Z", "n": 7}"#.utf8)), in: "events")
        #expect(!E2EFiles.exists(archived), "brought back, not a second copy")
        #expect(try store.archivedDocuments(json: "events").compactMap(\.location.id) == ["e-old"])
        #expect(try store.applyRetention(asOf: CalendarDate(year: 2026, month: 1, day: 1)).archived == 1)
        #expect(E2EFiles.text(archived)?.contains("\"n\": 7") == true)
        // And saved again, its id spelled otherwise: the index knew the file the second run wrote.
        _ = try store.save(json: JSONValue(parsing: Array(#"{"id": "E-OLDER", "at": "2025-06-15T08:00:00Z", "n": 8}"#.utf8)), in: "events")
        #expect(!E2EFiles.exists(archived))
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test("an archived file a sync tool delivered, or removed, after the archive's index was written is seen by the next save of its id")
    func archiveChangedByAnotherDevice() throws {
        let fixture = try RetentionFixture()
        try fixture.fill()
        #expect(try fixture.retention().exit == 0)
        // A put of a new id leaves the archive's index written.
        #expect(try run(["put", "events", "-", "--store", fixture.store.path], stdin: #"{"id": "e-first", "at": "2025-12-20T08:00:00Z"}"#).exit == 0)
        let delivered = fixture.store.appendingPathComponent("archive/events/2025/07/02/e-synced.json")
        try FileManager.default.createDirectory(at: delivered.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"id": "e-synced", "at": "2025-07-02T08:00:00Z", "n": 5}"#.utf8).write(to: delivered)
        try FileManager.default.removeItem(at: fixture.store.appendingPathComponent(Self.archivedFile))
        #expect(try run(["put", "events", "-", "--store", fixture.store.path], stdin: #"{"id": "e-synced", "at": "2025-07-02T08:00:00Z", "n": 6}"#).exit == 0)
        #expect(!E2EFiles.exists(delivered), "the delivered archived file is the document saved, brought back")
        let older = try run(["put", "events", "-", "--store", fixture.store.path], stdin: #"{"id": "e-older", "at": "2025-06-15T08:00:00Z", "n": 9}"#)
        #expect(older.exit == 0, "the removed archived file is no longer looked for: \(older)")
        #expect(try run(["check", "--store", fixture.store.path]).exit == 0)
    }

    @Test("a collection nothing was archived from has no archive index files, even after a large put; retention makes them")
    func noArchiveNoArchiveIndex() throws {
        let fixture = try RetentionFixture()
        // A large commit (its index written at once), of events too recent to archive.
        try fixture.put("events", (0..<300).map { #"{"id": "r\#($0)", "at": "2025-12-2\#($0 % 9)T08:00:00Z"}"# })
        let index = fixture.store.appendingPathComponent(".almanac/index/archive.events")
        #expect(!FileManager.default.fileExists(atPath: index.path))
        #expect(FileManager.default.fileExists(atPath: fixture.store.appendingPathComponent(".almanac/index/events/root").path))
        try fixture.put("events", [#"{"id": "old", "at": "2025-06-01T08:00:00Z"}"#])
        #expect(try fixture.retention().exit == 0)
        #expect(try run(["put", "events", "-", "--store", fixture.store.path], stdin: #"{"id": "x", "at": "2025-12-20T08:00:00Z"}"#).exit == 0)
        #expect(FileManager.default.fileExists(atPath: index.appendingPathComponent("root").path))
    }

    #if DEBUG
    /// The work of a `put` of one new event after `retention run` archived `events` events.
    static func putAfterArchiving(_ events: Int) throws -> [String: Int] {
        let fixture = try RetentionFixture()
        let documents = (0..<events).map { number in
            let day = String(format: "2025-%02d-%02d", 1 + (number / 28) % 10, 1 + number % 28)
            return #"{"id": "a\#(number)", "at": "\#(day)T08:00:00Z"}"#
        }
        try fixture.put("events", documents)
        #expect(try fixture.retention().exit == 0)
        // Past the file system clock's tick: the folders the run wrote are sure to a listing.
        Thread.sleep(forTimeInterval: 0.1)
        let put = try run(["put", "events", "-", "--store", fixture.store.path], stdin: #"{"id": "fresh", "at": "2025-12-20T08:00:00Z"}"#,
                          env: FirstReadCostTests.counting)
        return try FirstReadCostTests.work(of: put)
    }

    @Test("a put of a new id after retention looks it up in the archive's index: 4 times the archive, no more work")
    func putAfterRetentionCostsItsWork() throws {
        let small = try Self.putAfterArchiving(1_000)
        let large = try Self.putAfterArchiving(4_000)
        let smallTotal = small.values.reduce(0, +), largeTotal = large.values.reduce(0, +)
        print("put after retention: \(small) at 1,000 archived, \(large) at 4,000")
        // The archive's 280 day folders are looked at either way; its files are never listed.
        #expect(largeTotal <= 2 * smallTotal, "\(small) at 1,000 archived, \(large) at 4,000")
        #expect((large["entries-listed"] ?? 0) < 1_000, "\(large)")
    }
    #endif
}
