import Foundation
import Testing

@testable import Almanac

/// Issue 58, item 6: saves have `async` forms that write and flush off the caller's actor, so
/// an app's main actor never waits on the disk; the synchronous ones stay for scripts and the tool.
@Suite("Async saves")
struct AsyncSaveTests {
    struct Template: Document {
        static let collection = "templates"
        var id: String
        var value: Int
    }

    @MainActor
    @Test("from the main actor: a save, a batch, a mixed batch, a singleton and a delete, each awaited, each durable")
    func everyAsyncSave() async throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let event = LoggedEvent(id: "E1", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "k")
        try await store.save(event)
        try await store.save(contentsOf: (2...4).map { LoggedEvent(id: "E\($0)", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "k") })
        try await store.save(contentsOf: [Template(id: "c", value: 1)] as [any Document])
        try await store.save(Preferences(timerDuration: 20, interests: []))
        #expect(try await store.delete(LoggedEvent.self, id: "E4"))
        // Read back through a store opened anew: the writes were durable when the awaits returned.
        let reopened = try Store(at: store.url)
        #expect(try reopened.documents(LoggedEvent.self).map(\.id).sorted() == ["E1", "E2", "E3"])
        #expect(try reopened.document(Template.self, id: "c")?.value == 1)
        #expect(try reopened.singleton(Preferences.self)?.timerDuration == 20)
    }

    @Test("a refused async save throws the same error as the synchronous one, and writes nothing")
    func refusedAsyncSave() async throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let bad = LoggedEvent(id: "../escape", timestamp: Date(timeIntervalSince1970: 1_736_503_200), kind: "k")
        let error = await #expect(throws: AlmanacError.self) { try await store.save(bad) }
        #expect(error?.code == .invalidID, "\(String(describing: error))")
        #expect(try store.documents(LoggedEvent.self).isEmpty)
    }
}
