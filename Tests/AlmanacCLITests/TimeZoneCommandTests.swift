import Foundation
import Testing

/// `almanac time-zone`: the store's calendar shown and changed, and kept through a rollback.
@Suite("almanac time-zone")
struct TimeZoneCommandTests {
    @Test("a rollback keeps the calendar: a change of zone belongs to no schema version")
    func rollbackKeepsTheCalendar() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let up = try AlmanacProcess.run(["migrate", "up", "--store", store.path], cwd: E2ERepository.root)
        try #require(up.exit == 0, "\(up)")
        let moved = try run(["time-zone", "set", "Asia/Kolkata", "--from", "2025-03-02", "--store", store.path])
        try #require(moved.exit == 0, "\(moved)")
        let back = try AlmanacProcess.run(["migrate", "rollback", "--force", "--store", store.path], cwd: E2ERepository.root)
        #expect(back.exit == 0, "\(back)")
        let shown = try run(["time-zone", "show", "--store", store.path])
        #expect(shown.stdout.contains("America/New_York  until 2025-03-01") && shown.stdout.contains("Asia/Kolkata  from 2025-03-02"), "\(shown)")
        let status = try run(["status", "--store", store.path, "--json"])
        #expect((try status.json() as? [String: Any])?["formatVersion"] as? Int == 2, "\(status)")
    }
}
