import Foundation
import Testing
@testable import Almanac

@Suite("Catalogs")
struct CatalogTests {
    @Test("each reference app's catalog loads, with every schema file present, at the version of its last migration",
          arguments: Repository.apps)
    func referenceCatalogs(app: String) throws {
        let catalog = try Catalog.load(folder: Repository.schema(app))
        #expect(catalog.app == app)
        let migrations = try MigrationSet(folder: Repository.migrations(app))
        #expect(migrations.problems.isEmpty, "\(migrations.problems)")
        #expect(catalog.version == migrations.latestVersion, "schema/\(app) must be the schema migrations/\(app) leads to")
        // The sample store keeps the schema the app shipped with.
        let shipped = try Catalog.load(folder: Repository.sampleSchema(app))
        #expect(shipped.app == app)
        #expect(shipped.version == 1)
        #expect(!catalog.collections.isEmpty)
        for collection in catalog.collections where !collection.isSingleton {
            #expect(collection.partition != nil)
            if collection.partition != Partition.none { #expect(collection.dateField != nil, "\(collection.name)") }
        }
    }

    // MIGA's usage events moved from day to month folders in its migration 2, so the day
    // layout is now only in the version-1 schema of the sample stores.
    @Test("the four apps together use every layout (day, month, year, none and singleton), counting the sample stores' version 1")
    func everyLayoutUsed() throws {
        var layouts: Set<String> = []
        for app in Repository.apps {
            for folder in [Repository.schema(app), Repository.sampleSchema(app)] {
                for collection in try Catalog.load(folder: folder).collections {
                    layouts.insert(collection.isSingleton ? "singleton" : collection.partition!.rawValue)
                }
            }
        }
        #expect(layouts == ["day", "month", "year", "none", "singleton"])
    }

    @Test("the catalogs name the entities of the seed documents", arguments: [
        ("miga", ["usage-events", "streaks", "selected-apps", "mindfulness-content", "preferences"]),
        ("elaro", ["focus-areas", "action-templates", "action-instances", "weekly-summaries"]),
        ("pressure", ["commitments", "settings", "escalation-state", "notification-log"]),
        ("cravey", ["usage", "cravings", "recordings", "motivational-messages"]),
    ])
    func seedEntities(app: String, names: [String]) throws {
        let catalog = try Catalog.load(folder: Repository.schema(app))
        for name in names { #expect(catalog.collection(named: name) != nil, "\(app) lacks \(name)") }
    }

    @Test("Pressure commitments were unique by date until migration 2 allowed several a day; Cravey cravings nullify their recording")
    func constraints() throws {
        let shipped = try Catalog.load(folder: Repository.sampleSchema("pressure"))
        #expect(shipped.collection(named: "commitments")?.unique == ["date"])
        #expect(shipped.collection(named: "commitments")?.rules.contains { $0.name == "one-per-day" } == true)
        let pressure = try Catalog.load(folder: Repository.schema("pressure"))
        #expect(pressure.collection(named: "commitments")?.unique == [])
        #expect(pressure.collection(named: "commitments")?.rules.contains { $0.name == "one-per-day" } == false)
        let cravey = try Catalog.load(folder: Repository.schema("cravey"))
        let reference = cravey.collection(named: "cravings")?.references.first
        #expect(reference?.collection == "recordings")
        #expect(reference?.onDelete == .nullify)
    }

    @Test("a bad catalog is refused with the file and the pointer at fault", arguments: [
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "weekly", "dateField": "d"}]}"#, "/collections/0/partition"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "day"}]}"#, "/collections/0/dateField"),
        (#"{"app": "x", "version": 0, "collections": []}"#, "/version"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "../a", "schema": "s.json", "partition": "none"}]}"#, "/collections/0/name"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "colour": 1}]}"#, "/collections/0/colour"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "references": [{"field": "b", "collection": "zz", "onDelete": "cascade"}]}]}"#, "/collections/0/references/0/collection"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x", "y"], "check": {"compare": ["x", "=<", "y"]}}]}]}"#, "/collections/0/rules/0/check/compare/1"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x", "y"], "check": {"compare": ["x", "<=", "yy"]}}]}]}"#, "/collections/0/rules/0/check"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"atMost": 1}, "app": "why"}]}]}"#, "/collections/0/rules/0/app"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"atMost": 1, "where": {"field": "x", "equal": 1}}}]}]}"#, "/collections/0/rules/0/check/where/equal"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"most": 1}}]}]}"#, "/collections/0/rules/0/check"),
        // A comparison with the time of the save plus an allowance, or with the first field present (issue 61).
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"compare": ["x", "<=", {"now": true, "plusSeconds": -5}]}}]}]}"#, "/collections/0/rules/0/check/compare/2/plusSeconds"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"compare": ["x", "<=", {"now": true, "plusSeconds": 99999999}]}}]}]}"#, "/collections/0/rules/0/check/compare/2/plusSeconds"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"compare": ["x", "<=", {"now": true, "plus": 5}]}}]}]}"#, "/collections/0/rules/0/check/compare/2/plus"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"compare": ["x", "<=", []]}}]}]}"#, "/collections/0/rules/0/check/compare/2"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"compare": ["x", "<=", ["y", 3]]}}]}]}"#, "/collections/0/rules/0/check/compare/2/1"),
        // The rule forms of issue 43: each bad form names its member.
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"transitions": {"field": "x", "order": ["a", "b"], "initial": ["z"]}}}]}]}"#, "/collections/0/rules/0/check/transitions/initial/0"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"frozen": {"fields": []}}}]}]}"#, "/collections/0/rules/0/check/frozen/fields"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"frozen": {"fields": ["x"], "once": {"field": "x", "equal": 1}}}}]}]}"#, "/collections/0/rules/0/check/frozen/once/equal"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"template": {"field": "x", "is": "Recordings/file.mov"}}}]}]}"#, "/collections/0/rules/0/check/template/is"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"template": {"field": "x", "is": "{idd}.mov"}}}]}]}"#, "/collections/0/rules/0/check"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x", "d"], "check": {"timeOfDay": {"field": "x", "on": "d", "is": "9:00"}}}]}]}"#, "/collections/0/rules/0/check/timeOfDay/is"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x", "d"], "check": {"timeOfDay": {"field": "x", "on": "d", "from": "09:00"}}}]}]}"#, "/collections/0/rules/0/check/timeOfDay"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x", "d"], "check": {"timeOfDay": {"field": "x", "on": "d", "is": {"singleton": "a", "field": "t"}}}}]}]}"#, "/collections/0/rules/0/check"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r", "description": "d.", "fields": ["x"], "check": {"dayOfMonth": {"field": "x", "is": [1], "timeZone": {"singleton": "zz", "field": "tz"}}}}]}]}"#, "/collections/0/rules/0/check"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "unique": [{"field": "x", "trimming": "yes"}]}]}"#, "/collections/0/unique/0/trimming"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "seeded": {"whenUserDeletes": "forget"}}]}"#, "/collections/0/seeded/whenUserDeletes"),
        (#"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "seeded": {"addNew": "sometimes"}}]}"#, "/collections/0/seeded/addNew"),
    ])
    func badCatalog(json: String, pointer: String) throws {
        let error = #expect(throws: AlmanacError.self) { try Catalog(bytes: Array(json.utf8), path: "catalog.json") }
        #expect(error?.code == .invalidCatalog)
        #expect(error?.path == "catalog.json")
        #expect(error?.pointer == pointer)
    }
}

@Suite("Catalog rules")
struct CatalogRuleTests {
    @Test("rules a schema cannot express are read from the catalog")
    func rulesParsed() throws {
        let json = #"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "pause-within-timer", "description": "pauseDuration ≤ timerDuration", "fields": ["pauseDuration", "timerDuration"]}]}]}"#
        let catalog = try Catalog(bytes: Array(json.utf8), path: "catalog.json")
        #expect(catalog.collections[0].rules == [.init(name: "pause-within-timer", description: "pauseDuration ≤ timerDuration", fields: ["pauseDuration", "timerDuration"])])
        let bad = #"{"app": "x", "version": 1, "collections": [{"name": "a", "schema": "s.json", "partition": "none", "rules": [{"name": "r"}]}]}"#
        let error = #expect(throws: AlmanacError.self) { try Catalog(bytes: Array(bad.utf8), path: "catalog.json") }
        #expect(error?.pointer == "/collections/0/rules/0/description")
    }
}

@Suite("Catalog rules against their schemas")
struct CatalogRuleFieldTests {
    static let schema = #"{"type": "object", "additionalProperties": false, "properties": {"id": {"type": "string"}, "status": {"enum": ["A", "B"]}, "day": {"type": "string", "format": "date"}, "at": {"type": "string"}, "used": {"type": "boolean"}}}"#
    static let settings = #"{"type": "object", "additionalProperties": false, "properties": {"deadline": {"type": "string"}, "zone": {"type": "string"}}}"#

    /// A catalog of `items` (a collection `a` with `rule`, or whatever `collection` says) and a singleton `settings`.
    static func catalog(rule: String = "", seeded: String = "") -> String {
        let rules = rule.isEmpty ? "" : #", "rules": [\#(rule)]"#
        return #"{"app": "x", "version": 1, "collections": [{"name": "items", "schema": "s.json", "partition": "none"\#(rules)\#(seeded)}, {"name": "settings", "schema": "settings.json", "singleton": true}]}"#
    }

    @Test("a rule naming a field or a setting the schema rules out, or a transition through a value the field cannot hold, is refused naming the catalog and the pointer", arguments: [
        (catalog(rule: #"{"name": "r", "description": "d.", "fields": ["stats", "day"], "check": {"compare": ["stats", "<=", "day"]}}"#), "/collections/0/rules/0/check", "did you mean \"status\""),
        (catalog(rule: #"{"name": "r", "description": "d.", "fields": ["status"], "check": {"transitions": {"field": "status", "from": {"A": ["C"]}}}}"#), "/collections/0/rules/0/check/transitions", "\"C\" is not a value status can hold"),
        (catalog(rule: #"{"name": "r", "description": "d.", "fields": ["used"], "check": {"transitions": {"field": "used", "from": {"false": ["yes"]}}}}"#), "/collections/0/rules/0/check/transitions", "\"yes\""),
        (catalog(rule: #"{"name": "r", "description": "d.", "fields": ["day"], "check": {"frozen": {"fields": ["day"], "once": {"field": "state", "equals": "B"}}}}"#), "/collections/0/rules/0/check", "\"state\""),
        (catalog(rule: #"{"name": "r", "description": "d.", "fields": ["at", "day"], "check": {"timeOfDay": {"field": "at", "on": "day", "is": {"singleton": "settings", "field": "deadlin"}}}}"#), "/collections/0/rules/0/check", "the settings schema"),
        (catalog(seeded: #", "seeded": {"userCreated": {"field": "custom", "equals": true}}"#), "/collections/0/seeded/userCreated", "\"custom\""),
    ])
    func refused(catalog: String, pointer: String, words: String) throws {
        let folder = TemporaryFolder()
        try Data(catalog.utf8).write(to: folder.path("catalog.json"))
        try Data(Self.schema.utf8).write(to: folder.path("s.json"))
        try Data(Self.settings.utf8).write(to: folder.path("settings.json"))
        let error = #expect(throws: AlmanacError.self) { try Catalog.load(folder: folder.url) }
        #expect(error?.code == .invalidCatalog && error?.pointer == pointer, "\(String(describing: error))")
        #expect(error?.path?.hasSuffix("catalog.json") == true && error?.message.contains(words) == true, "\(String(describing: error))")
    }

    @Test("the same rules naming what the schemas hold load")
    func accepted() throws {
        let folder = TemporaryFolder()
        let rule = #"{"name": "r", "description": "d.", "fields": ["at", "day", "status"], "check": {"timeOfDay": {"field": "at", "on": "day", "is": {"singleton": "settings", "field": "deadline"}}}}, {"name": "t", "description": "d.", "fields": ["status"], "check": {"transitions": {"field": "status", "from": {"A": ["B"]}, "initial": ["A"]}}}"#
        try Data(Self.catalog(rule: rule).utf8).write(to: folder.path("catalog.json"))
        try Data(Self.schema.utf8).write(to: folder.path("s.json"))
        try Data(Self.settings.utf8).write(to: folder.path("settings.json"))
        #expect(try Catalog.load(folder: folder.url).collections[0].rules.count == 2)
    }
}
