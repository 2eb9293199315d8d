import Foundation
import Testing
@testable import Almanac

/// An event of a collection no other test uses, so that the folders its walk opens (recorded
/// by path below the store root) are this test's alone even when tests run in parallel.
private struct WalkEvent: Document, Equatable {
    static let collection = "walk-events"
    var id: String
    var timestamp: Date
}

@Suite("Queries: conditions, order, windows, ranges and damaged files")
struct QueryTests {
    /// Seven events over two months in New York, two of them at the same instant (E05, E06).
    static let events = [
        LoggedEvent(id: "E01", timestamp: instant("2025-01-30T15:00:00Z"), kind: "focus", pauseDuration: 5),
        LoggedEvent(id: "E02", timestamp: instant("2025-01-31T15:00:00Z"), kind: "app", pauseDuration: 9),
        LoggedEvent(id: "E03", timestamp: instant("2025-01-31T18:00:00Z"), kind: "focus", pauseDuration: 2),
        LoggedEvent(id: "E04", timestamp: instant("2025-02-01T15:00:00Z"), kind: "break", pauseDuration: nil),
        LoggedEvent(id: "E05", timestamp: instant("2025-02-02T15:00:00Z"), kind: "app", pauseDuration: 9),
        LoggedEvent(id: "E06", timestamp: instant("2025-02-02T15:00:00Z"), kind: "focus", pauseDuration: 7),
        LoggedEvent(id: "E07", timestamp: instant("2025-03-01T15:00:00Z"), kind: "app", pauseDuration: 1),
    ]

    /// A store holding ``events``, saved out of order.
    func eventStore() throws -> (TemporaryFolder, Store) {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        try store.save(contentsOf: Self.events.reversed())
        return (folder, store)
    }

    func ids(_ store: Store, _ query: Query) throws -> [String] {
        try store.documents(matching: query).map { $0.location.id ?? "" }
    }

    func ids(_ store: Store, where text: String) throws -> [String] {
        try ids(store, Query("events").where(try Condition(parsing: text)))
    }

    // MARK: Order

    @Test("without a sort, documents come oldest first; a tie on the date goes to the smaller id")
    func defaultOrder() throws {
        let (folder, store) = try eventStore()
        _ = folder
        #expect(try ids(store, Query("events")) == ["E01", "E02", "E03", "E04", "E05", "E06", "E07"])
        #expect(try store.documents(LoggedEvent.self, matching: Query(LoggedEvent.self)) == Self.events)
    }

    @Test("a sort on a field that is not the date, ascending and descending; ties go by date, then id, in both directions")
    func sortOnOtherField() throws {
        let (folder, store) = try eventStore()
        _ = folder
        #expect(try ids(store, Query("events").sorted(by: "kind")) == ["E02", "E05", "E07", "E04", "E01", "E03", "E06"])
        #expect(try ids(store, Query("events").sorted(by: "kind", descending: true)) == ["E01", "E03", "E06", "E04", "E02", "E05", "E07"])
        // A missing field sorts first ascending (E04 has no pauseDuration), last descending.
        #expect(try ids(store, Query("events").sorted(by: "pauseDuration")) == ["E04", "E07", "E03", "E01", "E06", "E02", "E05"])
        #expect(try ids(store, Query("events").sorted(by: "pauseDuration", descending: true)) == ["E02", "E05", "E06", "E01", "E03", "E07", "E04"])
    }

    @Test("a multi-key sort: the first key decides, the next breaks its ties; parsed sorts are the same keys")
    func multiKeySort() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let query = Query("events").sorted(by: "kind").sorted(by: "pauseDuration", descending: true)
        #expect(try ids(store, query) == ["E02", "E05", "E07", "E04", "E06", "E01", "E03"])
        var parsed = Query("events")
        parsed.sort = [try Query.Sort(parsing: "kind"), try Query.Sort(parsing: "pauseDuration:desc")]
        #expect(parsed == query)
        // The date as a later key breaks ties newest first.
        let byDate = Query("events").sorted(by: "pauseDuration", descending: true).sorted(by: "timestamp", descending: true)
        #expect(try ids(store, byDate) == ["E05", "E02", "E06", "E01", "E03", "E07", "E04"])
        #expect(throws: AlmanacError.self) { try Query.Sort(parsing: "kind:down") }
        #expect(throws: AlmanacError.self) { try Query.Sort(parsing: ":desc") }
    }

    @Test("the date field descending walks the newest folders first, across days and months; same-instant ties go to the smaller id")
    func dateDescendingWithLimit() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let newest = Query("events").sorted(by: "timestamp", descending: true)
        #expect(try ids(store, newest) == ["E07", "E05", "E06", "E04", "E03", "E02", "E01"])
        #expect(try ids(store, newest.limit(1)) == ["E07"])
        #expect(try ids(store, newest.limit(4)) == ["E07", "E05", "E06", "E04"])
        #expect(try ids(store, newest.offset(3).limit(3)) == ["E04", "E03", "E02"])
        #expect(try ids(store, newest.sorted(by: "id", descending: true).limit(3)) == ["E07", "E06", "E05"])
        #expect(try store.documents(LoggedEvent.self, matching: Query(LoggedEvent.self).sorted(by: "timestamp", descending: true).limit(2)).map(\.id) == ["E07", "E05"])
    }

    // MARK: Windows

    @Test("limit and offset cut a window out of the order: past the end is empty, limit 0 is empty, negative is refused")
    func windows() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let all = Query("events")
        #expect(try ids(store, all.limit(3)) == ["E01", "E02", "E03"])
        #expect(try ids(store, all.offset(2).limit(3)) == ["E03", "E04", "E05"])
        #expect(try ids(store, all.offset(5)) == ["E06", "E07"])
        #expect(try ids(store, all.offset(5).limit(10)) == ["E06", "E07"])
        #expect(try ids(store, all.offset(7)).isEmpty)
        #expect(try ids(store, all.offset(100).limit(5)).isEmpty)
        #expect(try ids(store, all.limit(0)).isEmpty)
        #expect(try ids(store, all.sorted(by: "kind").offset(2).limit(2)) == ["E07", "E04"])
        #expect(try ids(store, all.sorted(by: "kind").limit(0)).isEmpty)
        for bad in [all.offset(-1), all.limit(-1)] {
            let error = #expect(throws: AlmanacError.self) { try store.documents(matching: bad) }
            #expect(error?.code == .invalidQuery)
        }
    }

    // MARK: Ranges

    @Test("a day range and an instant range, each with sort desc and a window")
    func rangesWithSort() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let days = Query("events").dated(from: CalendarDate("2025-01-31")!, through: CalendarDate("2025-02-02")!).sorted(by: "timestamp", descending: true)
        #expect(try ids(store, days) == ["E05", "E06", "E04", "E03", "E02"])
        #expect(try ids(store, days.offset(1).limit(2)) == ["E06", "E04"])
        #expect(try ids(store, days.sorted(by: "kind")) == ["E05", "E06", "E04", "E03", "E02"], "the date decides first")
        #expect(try ids(store, Query("events").dated(from: CalendarDate("2025-01-31")!, through: CalendarDate("2025-02-02")!).sorted(by: "kind", descending: true))
                == ["E03", "E06", "E04", "E02", "E05"])
        #expect(try ids(store, Query("events").dated(from: CalendarDate("2025-02-02")!, through: CalendarDate("2025-01-31")!)).isEmpty, "an inverted range")

        // Instants: the start is in, the end is out.
        let instants = Query("events").dated(from: instant("2025-01-31T18:00:00Z"), before: instant("2025-02-02T15:00:00Z")).sorted(by: "timestamp", descending: true)
        #expect(try ids(store, instants) == ["E04", "E03"])
        #expect(try ids(store, instants.limit(1)) == ["E04"])
        let wider = Query("events").dated(from: instant("2025-01-31T15:00:01Z"), before: instant("2025-03-01T15:00:00.001Z")).sorted(by: "timestamp", descending: true)
        #expect(try ids(store, wider) == ["E07", "E05", "E06", "E04", "E03"])
        // Both ranges: their common days; none in common is an empty result, not a trap.
        let both = Query("events").dated(from: CalendarDate("2025-02-01")!, through: CalendarDate("2025-03-31")!)
        #expect(try ids(store, both.dated(from: instant("2025-01-01T00:00:00Z"), before: instant("2025-02-02T00:00:00Z"))) == ["E04"])
        #expect(try ids(store, both.dated(from: instant("2025-01-01T00:00:00Z"), before: instant("2025-01-20T00:00:00Z"))).isEmpty)
        // A day range on a collection without a date field is refused.
        let undated = #expect(throws: AlmanacError.self) {
            try store.documents(matching: Query("templates").dated(from: CalendarDate("2025-01-01")!, through: CalendarDate("2025-01-02")!))
        }
        #expect(undated?.code == .invalidQuery)
    }

    // MARK: count, first

    @Test("count and first follow the condition, range and window")
    func countAndFirst() throws {
        let (folder, store) = try eventStore()
        _ = folder
        #expect(try store.count(matching: Query("events")) == 7)
        #expect(try store.count(matching: Query("events").offset(6)) == 1)
        #expect(try store.count(matching: Query("events").limit(2)) == 2)
        #expect(try store.count(matching: Query("events").where(.equals(field: "kind", value: .string("app")))) == 3)
        #expect(try store.count(matching: Query("events").where(.equals(field: "kind", value: .string("app"))).limit(2)) == 2)
        #expect(try store.count(matching: Query("events").dated(from: CalendarDate("2025-02-01")!, through: CalendarDate("2025-02-28")!)) == 3)
        #expect(try store.first(matching: Query("events").sorted(by: "timestamp", descending: true))?.location.id == "E07")
        #expect(try store.first(matching: Query("events").sorted(by: "pauseDuration", descending: true))?.location.id == "E02")
        #expect(try store.first(matching: Query("events").where(.equals(field: "kind", value: .string("sleep")))) == nil)
        #expect(try store.first(LoggedEvent.self, matching: Query(LoggedEvent.self).where(try Condition(parsing: "kind=break"))) == Self.events[3])
        // A typed read of the wrong collection is refused.
        #expect(throws: AlmanacError.self) { try store.documents(LoggedEvent.self, matching: Query("logs")) }
    }

    // MARK: Conditions

    @Test("conditions in their text form: and, or, not, parentheses, in, exists, missing, <=, >=")
    func conditions() throws {
        let (folder, store) = try eventStore()
        _ = folder
        #expect(try ids(store, where: "kind=focus and pauseDuration>=5") == ["E01", "E06"])
        #expect(try ids(store, where: "kind=app or pauseDuration<=2") == ["E02", "E03", "E05", "E07"])
        #expect(try ids(store, where: "not kind=focus") == ["E02", "E04", "E05", "E07"])
        #expect(try ids(store, where: "kind!=focus") == ["E02", "E04", "E05", "E07"])
        #expect(try ids(store, where: "(kind=app or kind=break) and not pauseDuration exists") == ["E04"])
        #expect(try ids(store, where: "pauseDuration missing") == ["E04"])
        #expect(try ids(store, where: "kind in [app, break] and pauseDuration<9") == ["E07"], "a missing field compares with nothing")
        #expect(try ids(store, where: "pauseDuration>=7 and pauseDuration<=9") == ["E02", "E05", "E06"])
        #expect(try ids(store, where: "pauseDuration>7") == ["E02", "E05"])
        #expect(try ids(store, where: "kind contains oc") == ["E01", "E03", "E06"], "contains finds text in a string")
        #expect(try ids(store, where: "timestamp>=\"2025-02-01\" and timestamp<\"2025-03-01\"") == ["E04", "E05", "E06"])
        #expect(try ids(store, where: "kind=focus or kind=app and pauseDuration<2") == ["E01", "E03", "E06", "E07"], "and binds tighter than or")
        #expect(try ids(store, Query("events").where(try Condition(parsing: "kind=app")).where(try Condition(parsing: "pauseDuration=9"))) == ["E02", "E05"])
        // The condition with a sort and a window.
        #expect(try ids(store, Query("events").where(try Condition(parsing: "kind!=break")).sorted(by: "timestamp", descending: true).limit(3)) == ["E07", "E05", "E06"])
    }

    @Test("contains finds an element of an array, or text in a string; not an array's text")
    func containsOnArrays() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        for (id, tags, title) in [("T1", #"["Anxious", "Bored"]"#, "Morning"), ("T2", #"["Bored"]"#, "Anxious evening"), ("T3", "[]", "Night")] {
            let text = #"{"id": "\#(id)", "tags": \#(tags), "title": "\#(title)"}"#
            _ = try store.save(json: try JSONParser.parse(Array(text.utf8)).value, in: "templates")
        }
        func ids(_ condition: String) throws -> [String] {
            try store.documents(matching: Query("templates").where(try Condition(parsing: condition))).map { $0.location.id ?? "" }
        }
        #expect(try ids("tags contains Anxious") == ["T1"])
        #expect(try ids("tags contains Bored") == ["T1", "T2"])
        #expect(try ids("tags contains Anx") == [], "an element must be equal, not merely start alike")
        #expect(try ids("title contains Anxious") == ["T2"])
        #expect(try ids("not tags contains Bored") == ["T3"])
        #expect(try ids("tags contains Anxious or title contains Night") == ["T1", "T3"])
    }

    // MARK: Streaming

    @Test("forEachDocument delivers in order and stops as soon as its body returns false")
    func forEachStopsEarly() throws {
        let (folder, store) = try eventStore()
        _ = folder
        var seen: [String] = []
        let problems = try store.forEachDocument(matching: Query("events").sorted(by: "timestamp", descending: true)) { document in
            seen.append(document.location.id ?? "")
            return seen.count < 2
        }
        #expect(seen == ["E07", "E05"])
        #expect(problems.isEmpty)
        seen = []
        try store.forEachDocument(matching: Query("events").sorted(by: "kind")) { document in
            seen.append(document.location.id ?? "")
            return document.location.id != "E04"
        }
        #expect(seen == ["E02", "E05", "E07", "E04"])
    }

    // MARK: Damaged files

    @Test("results(matching:) returns the readable documents and the damaged file with its path, line and column; documents(matching:) throws")
    func damagedFile() throws {
        let (folder, store) = try eventStore()
        _ = folder
        let broken = "data/events/2025/02/01/BAD.json"
        try writeRaw("{\n  \"id\": \"BAD\",\n  \"kind\": ,\n  \"timestamp\": \"2025-02-01T16:00:00Z\"\n}\n", to: broken, in: store)

        let results = try store.results(matching: Query("events"))
        #expect(results.documents.map { $0.location.id ?? "" } == ["E01", "E02", "E03", "E04", "E05", "E06", "E07"])
        #expect(results.problems.count == 1)
        let problem = try #require(results.problems.first)
        #expect(problem.code == .malformedJSON)
        #expect(problem.path == broken)
        #expect(problem.line == 3)
        #expect(problem.column != nil)

        let sorted = try store.results(matching: Query("events").where(try Condition(parsing: "kind=app")).sorted(by: "kind"))
        #expect(sorted.documents.map { $0.location.id ?? "" } == ["E02", "E05", "E07"])
        #expect(sorted.problems.map(\.path) == [broken])

        let error = #expect(throws: AlmanacError.self) { try store.documents(matching: Query("events")) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.path == broken)
        #expect(error?.line == 3)
        #expect(throws: AlmanacError.self) { try store.count(matching: Query("events").where(try Condition(parsing: "kind=app"))) }
        #expect(throws: AlmanacError.self) { try store.documents(LoggedEvent.self, matching: Query(LoggedEvent.self)) }

        // A window filled by newer folders never reaches the damaged one.
        #expect(try ids(store, Query("events").sorted(by: "timestamp", descending: true).limit(3)) == ["E07", "E05", "E06"])
        #expect(try store.results(matching: Query("events").sorted(by: "timestamp", descending: true).limit(3)).problems.isEmpty)
    }

    @Test("a typed results(matching:) reports a document that does not fit the type among the problems")
    func typedProblems() throws {
        let (folder, store) = try eventStore()
        _ = folder
        try writeRaw("{\"id\": \"E99\", \"kind\": 5, \"timestamp\": \"2025-02-01T16:00:00Z\"}\n", to: "data/events/2025/02/01/E99.json", in: store)
        let results = try store.results(LoggedEvent.self, matching: Query(LoggedEvent.self))
        #expect(results.documents == Self.events)
        #expect(results.problems.map(\.code) == [.invalidDocument])
        #expect(results.problems.first?.path == "data/events/2025/02/01/E99.json")
        #expect(results.problems.first?.pointer == "/kind")
        // Untyped, the document is fine.
        #expect(try ids(store, Query("events").dated(from: CalendarDate("2025-02-01")!, through: CalendarDate("2025-02-01")!)) == ["E04", "E99"])
    }

    // MARK: A closed schema

    /// A store made from the repository's Cravey schema, whose schemas are closed.
    func craveyStore() throws -> (TemporaryFolder, Store) {
        let folder = TemporaryFolder()
        let store = try Store.create(at: folder.path("store"), schema: Repository.schema("cravey"), timeZone: TimeZone(identifier: "America/Chicago")!)
        let craving = """
        {"id": "0E3A3A0C-2CCB-4FA0-ADEF-5725D29D8A57", "timestamp": "2025-01-19T21:13:58Z", "createdAt": "2025-01-19T21:14:18Z",
         "intensity": 8, "triggers": ["Anxious", "Tired"]}
        """
        _ = try store.save(json: try JSONParser.parse(Array(craving.utf8)).value, in: "cravings")
        return (folder, store)
    }

    @Test("on a closed schema, an unknown field, a value of the wrong type and an unknown operator are invalid-query errors naming them")
    func closedSchemaChecks() throws {
        let (folder, store) = try craveyStore()
        _ = folder
        func failure(_ text: String, in collection: String = "cravings") -> AlmanacError? {
            #expect(throws: AlmanacError.self) { try store.condition(parsing: text, in: collection) }
        }
        let unknown = failure("intensty>=7")
        #expect(unknown?.code == .invalidQuery)
        #expect(unknown?.message.contains("no field \"intensty\" in cravings") == true, "\(String(describing: unknown))")
        #expect(unknown?.message.contains("did you mean \"intensity\"?") == true, "\(String(describing: unknown))")
        let inactive = failure("isActve=true", in: "motivational-messages")
        #expect(inactive?.message.contains("did you mean \"isActive\"?") == true, "\(String(describing: inactive))")
        let nested = failure("not (intensity>=7 or notez exists)")
        #expect(nested?.message.contains("\"notez\"") == true, "\(String(describing: nested))")

        let wrongType = failure("intensity>=high")
        #expect(wrongType?.code == .invalidQuery)
        #expect(wrongType?.message.contains("intensity") == true, "\(String(describing: wrongType))")
        #expect(wrongType?.message.contains("\"high\"") == true, "\(String(describing: wrongType))")
        // A bare word takes the type of the list's elements: "7" is the text "7" here, which the
        // elements' enum then rules out (a list of triggers never holds it).
        let seven = failure("triggers contains 7")
        #expect(seven?.message.contains("so no document matches \"7\"") == true, "\(String(describing: seven))")
        #expect(try store.condition(parsing: "triggers contains Anxious", in: "cravings") == .contains(field: "triggers", value: .string("Anxious")))
        let scalarOnList = failure("triggers=Anxious")
        #expect(scalarOnList?.message.contains("triggers contains \"Anxious\"") == true, "\(String(describing: scalarOnList))")
        let containsOnNumber = failure("intensity contains 7")
        #expect(containsOnNumber?.message.contains("contains") == true, "\(String(describing: containsOnNumber))")

        for (text, op) in [("intensity=>7", "=>"), ("intensity<>7", "<>"), ("triggers has Anxious", "has")] {
            let error = failure(text)
            #expect(error?.code == .invalidQuery)
            #expect(error?.message.contains("unknown operator \"\(op)\"") == true, "\(String(describing: error))")
        }
        #expect(throws: AlmanacError.self) { try Condition(parsing: "intensity=>7") }

        // Bare words take the schema's type: "8" is a number for intensity.
        let parsed = try store.condition(parsing: "intensity>=8 and triggers contains Anxious", in: "cravings")
        #expect(parsed == .all([.greaterThanOrEqual(field: "intensity", value: .number(JSONNumber(8))), .contains(field: "triggers", value: .string("Anxious"))]))
        #expect(try store.documents(matching: Query("cravings").where(parsed)).count == 1)
    }

    @Test("on a closed schema, a query naming an unknown field in its condition or its sort throws instead of matching nothing")
    func closedSchemaQueries() throws {
        let (folder, store) = try craveyStore()
        _ = folder
        let queries = [
            Query("cravings").where(.equals(field: "intensty", value: .number(JSONNumber(7)))),
            Query("cravings").where(.any([.exists(field: "notes", true), .contains(field: "trigers", value: .string("Anxious"))])),
            Query("cravings").sorted(by: "intensty", descending: true),
            Query("cravings").where(.equals(field: "intensity", value: .string("seven"))),
            Query("cravings").where(.contains(field: "triggers", value: .number(JSONNumber(7)))),
            Query("cravings").where(.contains(field: "intensity", value: .number(JSONNumber(7)))),
        ]
        for query in queries {
            let error = #expect(throws: AlmanacError.self) { try store.documents(matching: query) }
            #expect(error?.code == .invalidQuery, "\(query)")
            #expect(throws: AlmanacError.self) { try store.results(matching: query) }
            #expect(throws: AlmanacError.self) { try store.count(matching: query) }
        }
        let sortError = #expect(throws: AlmanacError.self) { try store.documents(matching: queries[2]) }
        #expect(sortError?.message.contains("did you mean \"intensity\"?") == true, "\(String(describing: sortError))")
        #expect(try store.documents(matching: Query("cravings").where(.greaterThanOrEqual(field: "intensity", value: .number(JSONNumber(7))))).count == 1)
    }

    // MARK: Reading only what is needed

    @Test("the newest 20 of three years of day folders read only the folders they need")
    func newestTwentyReadsOnlyTheirFolders() throws {
        let folder = TemporaryFolder()
        let schema = folder.path("walk-schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try """
        {"app": "walktest", "version": 1, "collections": [
          {"name": "\(WalkEvent.collection)", "schema": "any.schema.json", "dateField": "timestamp", "partition": "day"}
        ]}
        """.write(to: schema.appendingPathComponent("catalog.json"), atomically: false, encoding: .utf8)
        try "{\"type\": \"object\"}\n".write(to: schema.appendingPathComponent("any.schema.json"), atomically: false, encoding: .utf8)
        let store = try Store.create(at: folder.path("store"), schema: schema, timeZone: TimeZone(identifier: "UTC")!)
        // 1,096 days, one event at noon each: 2023-01-11 through 2026-01-10, so the newest
        // 20 days straddle a month and a year.
        let first = CalendarDate("2023-01-11")!
        let days = (0..<1096).map { CalendarDate(daysSinceEpoch: first.daysSinceEpoch + $0) }
        #expect(days.last == CalendarDate("2026-01-10")!)
        let events = days.enumerated().map { index, day in
            WalkEvent(id: "W" + String(repeating: "0", count: 4 - String(index + 1).count) + String(index + 1), timestamp: instant("\(day)T12:00:00Z"))
        }
        try store.save(contentsOf: events)

        let prefix = "data/\(WalkEvent.collection)"
        func dayFolders(_ opened: [String]) -> [String] { opened.filter { $0.split(separator: "/").count == 5 } }
        func dayPath(_ day: CalendarDate) -> String { "\(prefix)/\(day.description.replacingOccurrences(of: "-", with: "/"))" }

        let newest = Query(WalkEvent.self).sorted(by: "timestamp", descending: true).limit(20)
        let (page, opened) = try TestHooks.recordingFolderOpens(under: prefix) { try store.documents(WalkEvent.self, matching: newest) }
        #expect(page == Array(events.suffix(20).reversed()))
        #expect(dayFolders(opened) == days.suffix(20).reversed().map(dayPath), "the 20 newest day folders, newest first, and no other")
        #expect(Set(opened.filter { $0.split(separator: "/").count == 4 }) == ["\(prefix)/2026/01", "\(prefix)/2025/12"])
        #expect(Set(opened.filter { $0.split(separator: "/").count == 3 }) == ["\(prefix)/2026", "\(prefix)/2025"])
        #expect(opened.count <= 20 + 2 + 2 + 1, "\(opened.count) folders opened: \(opened)")

        // The next page reads on from there.
        let (second, openedSecond) = try TestHooks.recordingFolderOpens(under: prefix) {
            try store.documents(WalkEvent.self, matching: newest.offset(20))
        }
        #expect(second == Array(events.dropLast(20).suffix(20).reversed()))
        #expect(dayFolders(openedSecond) == days.suffix(40).reversed().map(dayPath))

        // Oldest first with a limit reads the oldest folders only.
        let (oldest, openedOldest) = try TestHooks.recordingFolderOpens(under: prefix) {
            try store.documents(WalkEvent.self, matching: Query(WalkEvent.self).limit(20))
        }
        #expect(oldest == Array(events.prefix(20)))
        #expect(dayFolders(openedOldest) == days.prefix(20).map(dayPath))

        // A full scan, and a sort on another field, open every day folder: the counts above are not an accident.
        let (all, openedAll) = try TestHooks.recordingFolderOpens(under: prefix) { try store.documents(WalkEvent.self, matching: Query(WalkEvent.self)) }
        #expect(all == events)
        // A walk of the whole range reads each day folder once: the batch's writer listed its
        // folders again once the clock's tick had passed (issue 59), so the index is sure of
        // them and the walk's check lists none (before, each was opened twice).
        #expect(dayFolders(openedAll).count == 1096)
        #expect(Set(dayFolders(openedAll)).count == 1096)
        let (byID, openedByID) = try TestHooks.recordingFolderOpens(under: prefix) {
            try store.documents(WalkEvent.self, matching: Query(WalkEvent.self).sorted(by: "id", descending: true).limit(20))
        }
        #expect(byID == Array(events.suffix(20).reversed()))
        #expect(Set(dayFolders(openedByID)).count == 1096)
    }
}
