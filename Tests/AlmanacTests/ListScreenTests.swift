import Foundation
import Testing

@testable import Almanac

/// Issue 58, item 4 and acceptance 4: a list screen that follows the tour (`results` over a
/// week's entries) shows the good documents and one problem when a hand edit broke a file;
/// `documents(…)`, all or nothing, throws on the same file.
@Suite("A list screen with one damaged file")
struct ListScreenTests {
    struct Entry: Document {
        static let collection = "events"
        var id: String
        var timestamp: Date
        var kind: String
    }

    @Test("results shows the readable entries and names the damaged file; documents throws on it")
    func oneBadFileDoesNotEmptyTheScreen() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let day = CalendarDate("2025-01-10")!
        try store.save(contentsOf: (1...3).map { Entry(id: "E\($0)", timestamp: day.startDate(in: store.timeZone).addingTimeInterval(Double($0) * 3600), kind: "focus") })
        // A hand edit: a number where the app's type has a string.
        let file = store.url.appendingPathComponent("data/events/2025/01/10/E2.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"focus\"", with: "45")
        try text.write(to: file, atomically: false, encoding: .utf8)

        let week = try store.results(Entry.self, matching: Query(Entry.self).dated(from: day.adding(days: -6), through: day))
        #expect(week.documents.map(\.id) == ["E1", "E3"], "the good entries are listed")
        #expect(week.problems.count == 1, "\(week.problems)")
        let problem = try #require(week.problems.first)
        #expect(problem.path?.hasSuffix("data/events/2025/01/10/E2.json") == true && problem.pointer == "/kind", "\(problem)")
        #expect(throws: AlmanacError.self, "all or nothing") {
            try store.documents(Entry.self, from: day.adding(days: -6), to: day)
        }
    }
}
