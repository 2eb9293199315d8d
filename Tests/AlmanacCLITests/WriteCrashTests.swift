import Foundation
import Testing

/// A save killed (`kill -9`, through a crash point of the debug build) at its riskiest
/// moments: the next command finds the old or the new document, whole, and `check` clean.
@Suite("A save killed mid-write")
struct WriteCrashTests {
    private let id = uuid(41)

    @Test("killed between the temporary write and the rename: the old document is whole, the leftover goes")
    func killedBeforeRename() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let original = try folder.write(usageEvent(id: id, timestamp: "2025-01-27T14:03:00Z", pause: 7), to: "a.json")
        #expect(try run(["put", "usage-events", original.path, "--store", store.path]).exit == 0)
        let changed = try folder.write(usageEvent(id: id, timestamp: "2025-01-27T14:03:00Z", pause: 9), to: "b.json")
        let killed = try run(["put", "usage-events", changed.path, "--store", store.path],
                             env: ["ALMANAC_TEST_CRASH_AT": "write:after-temporary-write:\(id).json"])
        #expect(killed.exit != 0, "the crash point was reached: \(killed)")
        let month = store.appendingPathComponent("data/usage-events/2025/01")  // usage events are filed by month
        #expect(E2EFiles.files(under: month).contains { $0.hasSuffix(".almanac-tmp") }, "the killed writer left its temporary file")

        let read = try run(["get", "usage-events", id, "--store", store.path])
        #expect(read.exit == 0 && read.stdout.contains("\"pauseDuration\": 7"), "\(read)")
        #expect(try run(["check", "--store", store.path]).exit == 0)
        #expect(try run(["put", "usage-events", changed.path, "--store", store.path]).exit == 0)
        #expect(E2EFiles.files(under: month) == ["\(id).json"], "the next writer swept the leftover")
    }

    @Test("killed in the middle of a move: the next command finishes it, one copy in the new month")
    func killedDuringMove() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let first = try folder.write(usageEvent(id: id, timestamp: "2025-01-01T10:00:00Z"), to: "a.json")
        #expect(try run(["put", "usage-events", first.path, "--store", store.path]).exit == 0)
        let moved = try folder.write(usageEvent(id: id, timestamp: "2025-02-05T10:00:00Z"), to: "b.json")
        let killed = try run(["put", "usage-events", moved.path, "--store", store.path],
                             env: ["ALMANAC_TEST_CRASH_AT": "transaction:before-removing-old-copy:\(id).json"])
        #expect(killed.exit != 0, "the crash point was reached: \(killed)")
        #expect(dataFiles(store).sorted() == ["data/usage-events/2025/01/\(id).json", "data/usage-events/2025/02/\(id).json"],
                "both copies, as the crash left them")

        let read = try run(["get", "usage-events", id, "--store", store.path])
        #expect(read.exit == 0 && read.stdout.contains("2025-02-05T10:00:00Z"), "\(read)")
        #expect(dataFiles(store) == ["data/usage-events/2025/02/\(id).json"], "the journal was finished")
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
