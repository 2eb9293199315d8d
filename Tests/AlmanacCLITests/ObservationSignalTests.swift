import Foundation
import Testing
@testable import Almanac

/// Observation without polling: an idle observation lists no folder, another process's
/// commit arrives through the commit signal (`.almanac/commits`), and the watchers follow
/// folders replaced under the same path. Run on the Apple path (forced on Linux: inotify stands
/// in for kqueue, on at most 8 folders) — the path that polled every second before.
@Suite("Observation without polling")
struct ObservationSignalTests {
    typealias Deliveries = ObservationTests.Deliveries

    /// A store with an event on each of `days` consecutive days of 2025 (usage events are
    /// filed by month: 2025/01, 2025/02, …).
    func storeWithDays(_ days: Int, in folder: E2EFolder) throws -> URL {
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let start = try #require(ISO8601DateFormatter().date(from: "2025-01-01T08:00:00Z"))
        let events = (0..<days).map { day in
            usageEvent(id: uuid(100 + day), timestamp: ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(day) * 86_400)))
        }
        let seed = try folder.write("[" + events.joined(separator: ",") + "]", to: "seed.json")
        let put = try run(["put", "usage-events", seed.path, "--store", storeURL.path])
        try #require(put.exit == 0, "\(put)")
        return storeURL
    }

    static let newest10 = Query("usage-events").sorted(by: "timestamp", descending: true).limit(10)

    @Test("an idle observation on the Apple path lists no folder after its first reading (and polling, asked for, does)")
    func idleObservationListsNothing() throws {
        let folder = E2EFolder()
        let storeURL = try storeWithDays(90, in: folder)
        try TestHooks.withApplePath(under: storeURL.path) {
            let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
            let deliveries = Deliveries()
            var handle: ObservationHandle?
            let first = TestHooks.recordingFolderListings(under: storeURL.path) {
                handle = try? store.observe(Self.newest10) { deliveries.add($0) }
                _ = deliveries.wait(after: 0) { $0.documents.count == 10 }
                Thread.sleep(forTimeInterval: 0.1)  // the first reading's refresh of the folders is done
            }
            #expect(!first.isEmpty, "the first reading lists the collection's year and month folders")
            #expect(handle?.method == .events)
            // Longer than the 1 s poll the Apple path ran before.
            let idle = TestHooks.recordingFolderListings(under: storeURL.path) { Thread.sleep(forTimeInterval: 2.5) }
            #expect(idle.isEmpty, "an idle observation lists nothing: \(idle.prefix(5))")
            #expect(deliveries.count == 1)
            handle?.cancel()

            // The counter is not blind: polling, asked for, lists the covered folders each interval.
            let polling = try store.observe(Self.newest10, options: ObservationOptions(polling: 0.2)) { _ in }
            defer { polling.cancel() }
            let polled = TestHooks.recordingFolderListings(under: storeURL.path) { Thread.sleep(forTimeInterval: 1.5) }
            #expect(Set(polled).count >= 2, "polling lists the covered folders every 0.2 s: \(polled.count)")
        }
    }

    @Test("a commit by another process arrives through the commit signal alone, also when the counter did not exist yet")
    func commitSignalAcrossProcesses() throws {
        let folder = E2EFolder()
        let storeURL = try storeWithDays(3, in: folder)
        // A store as a sync tool or git brings it: no counter until a writer on this device makes one.
        let counter = storeURL.appendingPathComponent(".almanac/commits")
        try? FileManager.default.removeItem(at: counter)
        try TestHooks.withApplePath(under: storeURL.path) {
            let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
            var options = ObservationOptions()
            options.watchesFolders = false  // only the commit signal can deliver
            let deliveries = Deliveries()
            let handle = try store.observe(Self.newest10, options: options) { deliveries.add($0) }
            defer { handle.cancel() }
            #expect(deliveries.wait(after: 0) { $0.documents.count == 3 } != nil)

            for (index, day) in ["2025-06-01", "2025-06-02"].enumerated() {
                let seen = deliveries.count
                let id = uuid(900 + index)
                let file = try folder.write(usageEvent(id: id, timestamp: day + "T08:00:00Z"), to: "new\(index).json")
                let put = try run(["put", "usage-events", file.path, "--store", storeURL.path, "--lock-timeout", "0"])
                #expect(put.exit == 0, "\(put)")
                let arrived = deliveries.wait(after: seen) { $0.documents.first?.location.id == id }
                #expect(arrived != nil, "the put of \(day) in another process arrives (\(index == 0 ? "the counter appears" : "the counter advances"))")
            }
            #expect(FileManager.default.fileExists(atPath: counter.path))
        }
    }

    @Test("a hand edit in a folder replaced under the same path arrives: the watchers follow the new folder")
    func watchersFollowReplacedFolders() throws {
        let folder = E2EFolder()
        let storeURL = try storeWithDays(3, in: folder)
        try TestHooks.withApplePath(under: storeURL.path) {
            let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
            let deliveries = Deliveries()
            let handle = try store.observe(Self.newest10) { deliveries.add($0) }
            defer { handle.cancel() }
            #expect(deliveries.wait(after: 0) { $0.documents.count == 3 } != nil)

            // A sync tool replaces the month folder with its own copy (same path, new folders).
            let month = storeURL.appendingPathComponent("data/usage-events/2025/01")
            let aside = folder.path("month-aside")
            try FileManager.default.copyItem(at: month, to: aside)
            try FileManager.default.removeItem(at: month)
            try FileManager.default.moveItem(at: aside, to: month)
            Thread.sleep(forTimeInterval: 0.3)  // the replacement's events are handled

            // Then a person edits a file in place in the new folder.
            let seen = deliveries.count
            let file = month.appendingPathComponent("\(uuid(101)).json")
            let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"pauseDuration\": 7", with: "\"pauseDuration\": 31")
            let writer = try FileHandle(forWritingTo: file)
            try writer.truncate(atOffset: 0)
            try writer.write(contentsOf: Data(edited.utf8))
            try writer.close()
            let arrived = deliveries.wait(after: seen) { results in
                results.documents.contains { $0.location.id == uuid(101) && ObservationTests.pause(results, uuid(101)) == 31 }
            }
            #expect(arrived != nil, "the edit in the replaced folder arrives")
        }
    }
}
