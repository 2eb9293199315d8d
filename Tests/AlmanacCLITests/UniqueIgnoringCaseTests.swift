import Foundation
import Testing

@testable import Almanac

/// A unique field may compare text ignoring case, as MIGA's app compares app names: the store
/// then refuses "tiktok" beside "TikTok", in a save, in `check` and in a migration's result.
@Suite("Unique fields ignoring case")
struct UniqueIgnoringCaseTests {
    static func app(_ id: String, _ name: String) -> String {
        #"{"appName": "\#(name)", "dateAdded": "2025-01-02T03:04:05Z", "iconName": "AppIcon-X", "id": "\#(id)", "isInstalled": true, "orderIndex": 9, "urlScheme": "x://"}"#
    }

    @Test("MIGA's selected-apps refuses a second app name that differs only in case; another name is fine")
    func putRefuses() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let first = try folder.write(Self.app(uuid(1), "TikTok"), to: "a.json")
        #expect(try run(["put", "selected-apps", first.path, "--store", store.path]).exit == 0)
        let second = try folder.write(Self.app(uuid(2), "tiktok"), to: "b.json")
        let refused = try run(["put", "selected-apps", second.path, "--store", store.path])
        #expect(refused.exit == 3 && refused.stderr.contains("/appName") && refused.stderr.contains("unique"), "\(refused)")
        let other = try folder.write(Self.app(uuid(3), "Reddit"), to: "c.json")
        #expect(try run(["put", "selected-apps", other.path, "--store", store.path]).exit == 0)
        // The same document may keep its own name, in another case.
        let renamed = try folder.write(Self.app(uuid(1), "TIKTOK"), to: "d.json")
        #expect(try run(["put", "selected-apps", renamed.path, "--store", store.path]).exit == 0)
    }

    @Test("check reports two stored names equal ignoring case")
    func checkReports() throws {
        let folder = E2EFolder()
        let store = try makeStore(in: folder, timeZone: "UTC")
        let first = try folder.write(Self.app(uuid(1), "TikTok"), to: "a.json")
        #expect(try run(["put", "selected-apps", first.path, "--store", store.path]).exit == 0)
        try Data((Self.app(uuid(2), "tiktok")).utf8).write(to: store.appendingPathComponent("data/selected-apps/\(uuid(2)).json"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("must be unique"), "\(check)")
    }

    @Test("the catalog reads both forms and refuses unknown keys in the object form")
    func catalogForms() throws {
        let reader = CatalogReader(path: "catalog.json")
        let fields = try reader.uniqueFields(try JSONValue(parsing: Array(#"["a", {"field": "b", "ignoringCase": true}, {"field": "c"}]"#.utf8)), at: "/unique")
        #expect(fields.map(\.field) == ["a", "b", "c"] && fields.map(\.ignoringCase) == [false, true, false])
        #expect(throws: AlmanacError.self) { try reader.uniqueFields(try JSONValue(parsing: Array(#"[{"field": "b", "ignoreCase": true}]"#.utf8)), at: "/unique") }
    }
}
