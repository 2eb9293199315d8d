import Almanac
import Foundation
import Testing

/// `store.observe(json:in:)` and its typed forms: one document followed through saves, a move
/// to another date by another process, hand edits, damage and deletion.
@Suite("Observing one document")
struct DocumentObservationTests {
    typealias Deliveries = ObservationTests.Deliveries

    static func pause(_ results: QueryResults<StoredDocument>) -> Double? {
        results.documents.first?.value["pauseDuration"]?.numberValue?.doubleValue
    }

    @Test("a save, a date change by the almanac tool, a hand edit, a broken edit and a hand deletion each arrive: watching, on the Apple path, and polling",
          arguments: ObservationTests.Watching.allCases)
    func followsOneDocument(watching: ObservationTests.Watching) throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        try ObservationTests.observing(watching, storeURL) { try followsOneDocument(watching, folder, storeURL) }
    }

    private func followsOneDocument(_ watching: ObservationTests.Watching, _ folder: E2EFolder, _ storeURL: URL) throws {
        let watched = uuid(1), other = uuid(2)
        let seed = try folder.write("[" + usageEvent(id: watched, timestamp: "2025-01-10T08:00:00Z") + "," + usageEvent(id: other, timestamp: "2025-01-10T09:00:00Z") + "]", to: "seed.json")
        #expect(try run(["put", "usage-events", seed.path, "--store", storeURL.path]).exit == 0)

        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        let deliveries = Deliveries()
        let handle = try store.observe(json: watched, in: "usage-events",
                                       options: ObservationOptions(polling: watching == .polling ? 0.2 : nil)) { deliveries.add($0) }
        defer { handle.cancel() }
        let initial = try #require(deliveries.wait(after: 0) { _ in true }, "the document arrives at once")
        #expect(initial.0.documents.map(\.location.id) == [watched])

        // Another document of the same folder changing is not a delivery of this one.
        var seen = deliveries.count
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: other, timestamp: "2025-01-10T09:00:00Z", pause: 3).utf8)), in: "usage-events")
        #expect(deliveries.wait(after: seen, seconds: 0.3) { _ in true } == nil, "another document's save is not delivered")

        // 1. A save through the store.
        seen = deliveries.count
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: watched, timestamp: "2025-01-10T08:00:00Z", pause: 9).utf8)), in: "usage-events")
        #expect(deliveries.wait(after: seen) { Self.pause($0) == 9 } != nil, "a save through the store arrives")

        // 2. The almanac tool, in another process, moves it to another month.
        seen = deliveries.count
        let moved = try folder.write(usageEvent(id: watched, timestamp: "2025-03-05T08:00:00Z", pause: 10), to: "moved.json")
        #expect(try run(["put", "usage-events", moved.path, "--store", storeURL.path, "--lock-timeout", "0"]).exit == 0)
        let afterMove = deliveries.wait(after: seen) { $0.documents.first?.location.relativePath == "data/usage-events/2025/03/\(watched).json" }
        #expect(afterMove != nil, "a date change by another process arrives, at the new place")

        // 3. A hand edit in place, in its new folder (watched only since the move).
        seen = deliveries.count
        let file = storeURL.appendingPathComponent("data/usage-events/2025/03/\(watched).json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"pauseDuration\": 10"))
        let edit = try FileHandle(forWritingTo: file)
        try edit.truncate(atOffset: 0)
        try edit.write(contentsOf: Data(text.replacingOccurrences(of: "\"pauseDuration\": 10", with: "\"pauseDuration\": 11").utf8))
        try edit.close()
        #expect(deliveries.wait(after: seen) { Self.pause($0) == 11 } != nil, "a hand edit arrives")

        // 4. A broken edit: a problem, no document, and the observation goes on.
        seen = deliveries.count
        try Data("{\n  oops\n".utf8).write(to: file)
        let broken = deliveries.wait(after: seen) { !$0.problems.isEmpty }
        #expect(broken?.0.documents.isEmpty == true && broken?.0.problems.first?.code == .malformedJSON, "\(String(describing: broken))")
        seen = deliveries.count
        try Data(text.utf8).write(to: file)
        #expect(deliveries.wait(after: seen) { $0.problems.isEmpty && Self.pause($0) == 10 } != nil, "the mended file arrives")

        // 5. A hand deletion: no document.
        seen = deliveries.count
        try FileManager.default.removeItem(at: file)
        #expect(deliveries.wait(after: seen) { $0.documents.isEmpty && $0.problems.isEmpty } != nil, "a hand deletion arrives")
        #expect(deliveries.error == nil)
    }

    @Test("a document that does not exist yet arrives when another process saves it, on a day folder that did not exist")
    func documentThatAppears() throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let seed = try folder.write("[" + usageEvent(id: uuid(1), timestamp: "2025-01-10T08:00:00Z") + "]", to: "seed.json")
        #expect(try run(["put", "usage-events", seed.path, "--store", storeURL.path]).exit == 0)
        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        let deliveries = Deliveries()
        let handle = try store.observe(json: uuid(7), in: "usage-events", options: ObservationOptions()) { deliveries.add($0) }
        defer { handle.cancel() }
        let initial = try #require(deliveries.wait(after: 0) { _ in true })
        #expect(initial.0.documents.isEmpty && initial.0.problems.isEmpty)
        let seen = deliveries.count
        let later = try folder.write(usageEvent(id: uuid(7), timestamp: "2025-01-11T08:00:00Z"), to: "later.json")
        #expect(try run(["put", "usage-events", later.path, "--store", storeURL.path, "--lock-timeout", "0"]).exit == 0)
        #expect(deliveries.wait(after: seen) { $0.documents.first?.location.id == uuid(7) } != nil)
    }

    @Test("as an AsyncSequence: the document, then its change; a hostile id is refused before anything is delivered")
    func sequenceAndRefused() async throws {
        let folder = E2EFolder()
        let storeURL = try makeStore(in: folder, timeZone: "UTC")
        let store = try Store(at: storeURL, options: Store.Options(lockLinger: 0))
        #expect(throws: AlmanacError.self) { try store.observe(json: "../../etc/passwd", in: "usage-events") { _ in } }
        #expect(throws: AlmanacError.self) { try store.observe(json: "x", in: "no-such-collection") { _ in } }

        let id = uuid(3)
        _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: id, timestamp: "2025-01-10T08:00:00Z", pause: 4).utf8)), in: "usage-events")
        var pauses: [Double] = []
        for try await results in try store.observe(json: id, in: "usage-events") {
            pauses.append(Self.pause(results) ?? -1)
            if pauses.count == 1 {
                _ = try store.save(json: try JSONValue(parsing: Array(usageEvent(id: id, timestamp: "2025-01-10T08:00:00Z", pause: 5).utf8)), in: "usage-events")
            } else {
                break
            }
        }
        #expect(pauses == [4, 5])
    }
}
