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
}
