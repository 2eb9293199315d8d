import Foundation
import Testing
@testable import Almanac

@Suite("Observing one typed document or a singleton")
struct TypedObservationTests {
    @Test("a typed document: decoded at once, then each save, then none once deleted")
    func typedDocument() async throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(lockLinger: 0))
        try await store.save(LoggedEvent(id: "E01", timestamp: instant("2025-01-30T15:00:00Z"), kind: "focus", pauseDuration: 5))
        var seen: [String?] = []
        for try await results in try store.observe(LoggedEvent.self, id: "E01") {
            #expect(results.problems.isEmpty)
            seen.append(results.documents.first?.kind)
            switch seen.count {
            case 1: try await store.save(LoggedEvent(id: "E01", timestamp: instant("2025-02-03T15:00:00Z"), kind: "app", pauseDuration: 5))
            case 2: _ = try await store.delete(LoggedEvent.self, id: "E01")
            default: break
            }
            if seen.count == 3 { break }
        }
        #expect(seen == ["focus", "app", nil])
    }

    @Test("a singleton: none until saved, then its value")
    func singleton() async throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, options: Store.Options(lockLinger: 0))
        var seen: [Preferences?] = []
        let value = Preferences(timerDuration: 20, interests: ["stoicism"])
        for try await results in try store.observe(Preferences.self) {
            seen.append(results.documents.first)
            if seen.count == 1 { try await store.save(value) } else { break }
        }
        #expect(seen == [nil, value])
    }
}
