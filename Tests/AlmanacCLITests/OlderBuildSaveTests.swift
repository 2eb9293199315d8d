import Almanac
import Foundation
import Testing

/// Issue 58, acceptance 1, across processes: a newer build (this process) writes sessions with
/// a `note`; an older build (`AlmanacTestWorker old-build`, whose type has no `note`) reads
/// them, changes their minutes and saves. No note is lost.
@Suite("An older build's saves")
struct OlderBuildSaveTests {
    @Test("an older build in another process saves over newer documents: every note is still there")
    func olderBuildKeepsNewerFields() throws {
        let folder = E2EFolder()
        let store = folder.path("store")
        #expect(try WorkerProcess.run(["create", store.path]) == 0)
        let newer = try Store(at: store)
        try newer.write { db in
            for index in 0..<20 {
                try db.save(json: .object(["id": .string("s\(index)"), "date": .string("2025-03-\(String(format: "%02d", index % 28 + 1))"),
                                           "minutes": .number(JSONNumber(index)), "note": .string("note \(index)")]), in: "notes")
            }
        }
        #expect(try WorkerProcess.run(["old-build", store.path, "20"]) == 0)
        for index in 0..<20 {
            let stored = try #require(try Store(at: store).document(json: "s\(index)", in: "notes")?.value)
            #expect(stored["minutes"]?.numberValue?.int64Value == Int64(index + 5), "s\(index): \(stored)")
            #expect(stored["note"]?.stringValue == "note \(index)", "s\(index): the older build kept the note: \(stored)")
        }
        #expect(try run(["check", "--store", store.path]).exit == 0)
    }
}
