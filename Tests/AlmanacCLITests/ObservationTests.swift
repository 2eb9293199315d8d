@testable import Almanac
import Foundation
import Testing

/// `store.observe(query)`: every kind of change reaches the observer within a second: with
/// the watchers (inotify here), with the Apple path's watchers forced (at most 8 watched
/// folders, no polling), and with polling asked for.
@Suite("Observation")
struct ObservationTests {
    static let query = Query("usage-events").sorted(by: "timestamp", descending: true)

    /// What an observation delivered, for a test to wait on.
    final class Deliveries: @unchecked Sendable {
        // Sendable: `results` and `failure` are reached only through `lock`.
        private let lock = NSLock()
        private var results: [QueryResults<StoredDocument>] = []
        private var failure: (any Error)?

        func add(_ result: Result<QueryResults<StoredDocument>, any Error>) {
            lock.lock()
            defer { lock.unlock() }
            switch result {
            case .success(let value): results.append(value)
            case .failure(let error): failure = error
            }
        }

        var count: Int { lock.lock(); defer { lock.unlock() }; return results.count }

        /// Waits up to `seconds` for a delivery after the first `after` that satisfies
        /// `condition`; returns it and how long the wait took. The default leaves a loaded
        /// machine room: a delivery normally takes milliseconds.
        func wait(after: Int, seconds: Double = 10, _ condition: (QueryResults<StoredDocument>) -> Bool) -> (QueryResults<StoredDocument>, Double)? {
            let start = Date()
            while Date().timeIntervalSince(start) < seconds {
                lock.lock()
                let found = results.dropFirst(after).first(where: condition)
                lock.unlock()
                if let found { return (found, Date().timeIntervalSince(start)) }
                usleep(5_000)
            }
            return nil
        }

        var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return failure }
    }

    static func ids(_ results: QueryResults<StoredDocument>) -> [String] {
        results.documents.compactMap(\.location.id)
    }

    static func pause(_ results: QueryResults<StoredDocument>, _ id: String) -> Double? {
        results.documents.first { $0.location.id == id }?.value["pauseDuration"]?.numberValue?.doubleValue
    }

    /// How a test observes: the system's watchers, the Apple path's (forced on Linux), or polling.
    enum Watching: String, CaseIterable, Sendable { case system, applePath, polling }

    /// Runs `body` on the Apple path for the store at `url` when `watching` asks for it.
    static func observing(_ watching: Watching, _ url: URL, _ body: () throws -> Void) rethrows {
        if watching == .applePath { try TestHooks.withApplePath(under: url.path, body) } else { try body() }
    }

    @Test("a save through the store, a put by the almanac tool, a hand edit, a hand deletion and a broken hand edit each arrive: watching, on the Apple path, and polling",
          arguments: Watching.allCases)
    func everyKindOfChangeArrives(watching: Watching) throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        try Self.observing(watching, storeURL) { try everyKindOfChangeArrives(watching, folder, storeURL) }
    }

    private func everyKindOfChangeArrives(_ watching: Watching, _ folder: E2EFolder, _ storeURL: URL) throws {
        let first = uuid(1), second = uuid(2), third = uuid(3)
        let seed = try folder.write("[" + usageEvent(id: first, timestamp: "2025-01-10T08:00:00Z") + "," + usageEvent(id: second, timestamp: "2025-02-10T08:00:00Z") + "]", to: "seed.json")
        #expect(try run(["put", "usage-events", seed.path, "--store", storeURL.path]).exit == 0)

        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        let deliveries = Deliveries()
        let handle = try store.observe(Self.query, options: ObservationOptions(polling: watching == .polling ? 0.2 : nil)) { deliveries.add($0) }
        defer { handle.cancel() }
        if watching == .polling {
            #expect(handle.method == .polling(interval: 0.2, reason: "asked for (ObservationOptions.polling)"))
        } else {
            #expect(handle.method == .events, "nothing polls")
        }
        let initial = try #require(deliveries.wait(after: 0) { _ in true }, "the current results arrive at once")
        #expect(Self.ids(initial.0) == [second, first], "newest first")

        // 1. A save through the same store.
        var seen = deliveries.count
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: third, timestamp: "2025-03-01T08:00:00Z").utf8)), in: "usage-events")
        let saved = deliveries.wait(after: seen) { Self.ids($0) == [third, second, first] }
        #expect(saved != nil, "a save through the store arrives")

        // 2. A put by the almanac tool in another process (it must not wait for a lock the observer holds).
        seen = deliveries.count
        let fourth = uuid(4)
        let put = try run(["put", "usage-events", try folder.write(usageEvent(id: fourth, timestamp: "2025-04-01T08:00:00Z"), to: "four.json").path,
                           "--store", storeURL.path, "--lock-timeout", "0"])
        #expect(put.exit == 0, "\(put)")
        let fromTool = deliveries.wait(after: seen) { Self.ids($0).first == fourth }
        #expect(fromTool != nil, "a put by another process arrives")

        // 3. A hand edit in place, as a text editor saves.
        seen = deliveries.count
        let firstFile = storeURL.appendingPathComponent("data/usage-events/2025/01/\(first).json")
        let edited = try String(contentsOf: firstFile, encoding: .utf8).replacingOccurrences(of: "\"pauseDuration\": 7", with: "\"pauseDuration\": 12")
        #expect(edited.contains("\"pauseDuration\": 12"), "the stored pause is 7")
        let handleForEdit = try FileHandle(forWritingTo: firstFile)
        try handleForEdit.truncate(atOffset: 0)
        try handleForEdit.write(contentsOf: Data(edited.utf8))
        try handleForEdit.close()
        let afterEdit = deliveries.wait(after: seen) { Self.pause($0, first) == 12 }
        #expect(afterEdit != nil, "a hand edit arrives")

        // 4. A hand deletion.
        seen = deliveries.count
        try FileManager.default.removeItem(at: storeURL.appendingPathComponent("data/usage-events/2025/02/\(second).json"))
        let afterDelete = deliveries.wait(after: seen) { !Self.ids($0).contains(second) }
        #expect(afterDelete != nil, "a hand deletion arrives")

        // 5. A broken hand edit: delivered as a problem, the rest still delivered, the observation goes on.
        seen = deliveries.count
        try Data("{\n  \"id\": \"\(first)\",\n  oops\n}\n".utf8).write(to: firstFile)
        // Written in place, the file may be seen empty for a moment (truncated, not yet written):
        // that arrives as a problem too, and the broken text after it.
        let broken = deliveries.wait(after: seen) { $0.problems.first?.line == 3 }
        #expect(broken != nil, "a broken file arrives as a problem")
        if let (results, _) = broken {
            let problem = results.problems.first
            #expect(problem?.code == .malformedJSON && problem?.path == "data/usage-events/2025/01/\(first).json" && problem?.line == 3, "\(String(describing: problem))")
            #expect(Self.ids(results) == [fourth, third], "the readable documents are still delivered")
        }
        seen = deliveries.count
        try Data(edited.utf8).write(to: firstFile)
        #expect(deliveries.wait(after: seen) { $0.problems.isEmpty && Self.ids($0).contains(first) } != nil, "mending the file arrives too")
        #expect(deliveries.error == nil)
    }

    @Test("the results are delivered only when they change: a write outside the query's range is not a delivery")
    func onlyChangesAreDelivered() throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(1), timestamp: "2025-01-10T08:00:00Z").utf8)), in: "usage-events")
        let deliveries = Deliveries()
        let january = Self.query.dated(from: CalendarDate("2025-01-01")!, through: CalendarDate("2025-01-31")!)
        let handle = try store.observe(january) { deliveries.add($0) }
        defer { handle.cancel() }
        #expect(deliveries.wait(after: 0) { Self.ids($0) == [uuid(1)] } != nil)
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(2), timestamp: "2025-03-10T08:00:00Z").utf8)), in: "usage-events")
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(3), timestamp: "2025-01-11T08:00:00Z").utf8)), in: "usage-events")
        #expect(deliveries.wait(after: 1) { Self.ids($0) == [uuid(3), uuid(1)] } != nil)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(deliveries.count == 2, "the March save changed nothing in January, so nothing more was delivered")
    }

    @Test("as an AsyncSequence, and a cancelled observation delivers nothing more")
    func asyncSequence() async throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        var iterator = try store.observe(Self.query.limit(1)).makeAsyncIterator()
        #expect(try await iterator.next()?.documents.isEmpty == true, "an empty collection is delivered as empty results")
        _ = try await store.write { db in
            try db.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(7), timestamp: "2025-01-10T08:00:00Z").utf8)), in: "usage-events")
        }
        #expect(try await iterator.next()?.documents.first?.location.id == uuid(7))

        let deliveries = Deliveries()
        let handle = try store.observe(Self.query) { deliveries.add($0) }
        #expect(deliveries.wait(after: 0) { _ in true } != nil)
        handle.cancel()
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: uuid(8), timestamp: "2025-01-11T08:00:00Z").utf8)), in: "usage-events")
        try await Task.sleep(for: .milliseconds(200))
        #expect(deliveries.count == 1)
    }

    @Test("a query the schema rules out is refused before anything is delivered")
    func badQueryIsRefused() throws {
        let folder = E2EFolder()
        let store = try Store(at: try makeStore(in: folder, timeZone: "UTC"))
        #expect(throws: AlmanacError.self) {
            _ = try store.observe(Query("usage-events").where(.equals(field: "evenType", value: .string("x")))) { _ in }
        }
    }
}
