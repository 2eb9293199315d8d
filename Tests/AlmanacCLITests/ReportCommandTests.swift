import Foundation
import Testing

/// `almanac report`: the reference apps' derived views, run on migrated copies of the samples.
@Suite("almanac report")
struct ReportCommandTests {
    /// Every view the tool offers, as `[app, view]`.
    static let views: [[String]] = [
        ["miga", "streak"], ["miga", "kpis"], ["miga", "trends"],
        ["elaro", "today"], ["elaro", "week"],
        ["pressure", "status"],
        ["cravey", "dashboard"],
    ]

    /// The moment the samples were captured (their data ends on 2025-02-02).
    static let sampleNow = "2025-02-02T20:00:00Z"

    /// A copy of `app`'s sample store migrated to the current schema.
    static func migratedSample(_ app: String, in folder: E2EFolder) throws -> URL {
        let store = try folder.copySample(app)
        let up = try AlmanacProcess.run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        #expect(up.exit == 0, "\(up)")
        return store
    }

    static func report(_ app: String, _ view: String, store: URL, json: Bool = false) throws -> AlmanacRun {
        try AlmanacProcess.run(["report", app, view, "--store", store.path, "--now", sampleNow] + (json ? ["--json"] : []),
                               cwd: E2ERepository.root)
    }

    @Test("each report prints text and parseable JSON on the migrated sample", arguments: views)
    func textAndJSON(view: [String]) throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample(view[0], in: folder)
        let text = try Self.report(view[0], view[1], store: store)
        #expect(text.exit == 0 && !text.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(text)")
        let json = try Self.report(view[0], view[1], store: store, json: true)
        #expect(json.exit == 0, "\(json)")
        let object = try #require(try json.json() as? [String: Any], "\(json)")
        #expect(object["app"] as? String == view[0])
        #expect(object["view"] as? String == view[1])
        #expect(object["now"] as? String == Self.sampleNow)
        #expect(object["report"] is [String: Any], "\(json)")
    }

    @Test("a store at an older schema version is refused with the command that fixes it")
    func unmigratedStoreIsRefused() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let run = try Self.report("miga", "streak", store: store)
        #expect(run.exit == 1, "\(run)")
        #expect(run.stderr.contains("schema version 1") && run.stderr.contains("almanac migrate up"), "\(run)")
    }

    @Test("another app's store is refused, naming both apps")
    func otherAppsStoreIsRefused() throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample("elaro", in: folder)
        let run = try Self.report("miga", "streak", store: store)
        #expect(run.exit == 2, "\(run)")
        #expect(run.stderr.contains("'elaro'") && run.stderr.contains("'miga'"), "\(run)")
    }

    @Test("--now takes a date or a timestamp and refuses anything else; unknown views are usage errors")
    func nowAndUnknownViews() throws {
        let folder = E2EFolder()
        let store = try Self.migratedSample("miga", in: folder)
        let byDay = try AlmanacProcess.run(["report", "miga", "streak", "--store", store.path, "--now", "2025-02-02", "--json"])
        #expect(byDay.exit == 0, "\(byDay)")
        let object = try #require(try byDay.json() as? [String: Any])
        // The end of 2025-02-02 in the MIGA sample's zone (America/New_York, UTC-5).
        #expect(object["now"] as? String == "2025-02-03T04:59:59.999Z", "its last millisecond: \(byDay)")
        let bad = try AlmanacProcess.run(["report", "miga", "streak", "--store", store.path, "--now", "yesterday"])
        #expect(bad.exit == 2 && bad.stderr.contains("--now expects a date"), "\(bad)")
        let unknown = try AlmanacProcess.run(["report", "miga", "nonsense", "--store", store.path])
        #expect(unknown.exit == 2, "\(unknown)")
    }
}
