import Testing
@testable import Almanac

@Suite("Migration transform: one document")
struct MigrationTransformTests {
    static let commitment = migrationJSON("""
    {"date": "2025-02-02", "escalation_tier_snap": 0, "id": "C5269247-06D6-4D43-AF09-7FD1CB20767D",
     "locked_at": "2025-02-02T17:00:00Z", "shield_used": false, "status": "PENDING", "text": "Lights out by 11pm"}
    """)
    static let usage = migrationJSON("""
    {"amount": 2.5, "createdAt": "2025-02-01T22:03:32Z", "id": "BF4408B7-6653-4AB4-AACF-CB08FDF8FE02",
     "location": "Work", "method": "Edible", "timestamp": "2025-02-01T22:02:31Z", "triggers": ["Hungry", "Habit"]}
    """)
    static let template = migrationJSON("""
    {"contentVersion": 1, "difficulty": 1, "focusId": "independence", "id": "A-IND-001", "title": "Two-choice outfits"}
    """)
    static let event = migrationJSON("""
    {"eventType": "exit", "id": "85AC319B-7327-4AAC-841C-313DE4DB26FE", "pauseDuration": 14.1,
     "targetAppName": "Instagram", "timerDuration": 20, "timestamp": "2025-02-03T02:55:59Z"}
    """)

    /// Parses operations and applies them to `document` of `collection`.
    func apply(
        _ operations: [String], to document: JSONValue, in collection: String, custom: MigrationRegistry = MigrationRegistry()
    ) throws -> MigrationTransform.DocumentOutcome {
        let parsed = try operations.map { try MigrationOperation(json: migrationJSON($0)) }
        return try MigrationTransform.apply(parsed, to: document, in: collection, custom: custom)
    }

    /// The changed document of an outcome, or nil.
    func changed(_ outcome: MigrationTransform.DocumentOutcome) -> JSONValue? {
        if case .changed(let document) = outcome.result { return document }
        return nil
    }

    func setting(_ document: JSONValue, _ key: String, _ value: JSONValue?) -> JSONValue {
        var members = document.objectValue!
        members[key] = value
        return .object(members)
    }

    @Test("Pressure: addField sort_order = 0 on a commitment")
    func pressureSortOrder() throws {
        let add = #"{"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0}"#
        let outcome = try apply([add], to: Self.commitment, in: "commitments")
        #expect(changed(outcome) == setting(Self.commitment, "sort_order", .number(JSONNumber(0))))
        #expect(outcome.diff == ["sort_order: (missing) → 0"])
        #expect(outcome.matchedOperations == [0] && outcome.changedOperations == [0])
        let already = setting(Self.commitment, "sort_order", .number(JSONNumber(3)))
        let second = try apply([add], to: already, in: "commitments")
        #expect(second.result == .unchanged && second.diff.isEmpty)
        #expect(second.matchedOperations == [0] && second.changedOperations.isEmpty)
        // Another collection's documents are not touched.
        #expect(try apply([add], to: Self.usage, in: "usage").result == .unchanged)
    }

    @Test("Cravey: convert amount to integer with each rounding", arguments: [
        ("2.5", "nearest", "3"), ("2.5", "nearestEven", "2"), ("3.5", "nearestEven", "4"), ("-2.5", "nearest", "-3"),
        ("-2.5", "nearestEven", "-2"), ("2.4", "nearest", "2"), ("2.7", "down", "2"), ("-2.1", "down", "-3"),
        ("2.1", "up", "3"), ("-2.7", "up", "-2"), ("-2.7", "towardZero", "-2"), ("2.5000000000000001", "nearestEven", "3"),
        ("0.5", "nearest", "1"), ("0.05", "nearest", "0"), ("-0.4", "nearest", "0"), ("9.5", "nearest", "10"),
        ("99.9", "up", "100"), ("15", "nearest", "15"), ("1.5e1", "nearest", "15"), ("2.0", "down", "2"),
        ("1e2", "nearest", "100"), ("25e-1", "nearest", "3"), ("12345678901234567890.5", "nearest", "12345678901234567891"),
        ("1e-999999", "up", "1"), ("-0", "nearest", "0"),
    ])
    func craveyRounding(amount: String, rounding: String, expected: String) throws {
        let document = setting(Self.usage, "amount", .number(JSONNumber(amount)!))
        let convert = #"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": ""# + rounding + #""}"#
        let outcome = try apply([convert], to: document, in: "usage")
        let result = changed(outcome) ?? document
        #expect(result["amount"] == .number(JSONNumber(expected)!), "\(amount) \(rounding)")
        if amount == expected { #expect(outcome.result == .unchanged) }
    }

    @Test("Cravey: a usage without amount is unchanged; the diff shows the conversion")
    func craveyMissingAmount() throws {
        let convert = #"{"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "nearest"}"#
        let missing = setting(Self.usage, "amount", nil)
        #expect(try apply([convert], to: missing, in: "usage").result == .unchanged)
        let outcome = try apply([convert], to: Self.usage, in: "usage")
        #expect(outcome.diff == ["amount: 2.5 → 3"])
        let null = setting(Self.usage, "amount", .null)
        #expect(try apply([convert], to: null, in: "usage").result == .unchanged)
    }

    @Test("convert between strings, numbers and booleans", arguments: [
        (#""2.50""#, "number", #"2.50"#), (#"true"#, "number", "1"), (#"7"#, "number", "7"),
        (#""42""#, "integer", "42"), (#"false"#, "integer", "0"),
        (#"2.50"#, "string", #""2.50""#), (#"true"#, "string", #""true""#), (#""x""#, "string", #""x""#),
        (#"1"#, "boolean", "true"), (#"0.0"#, "boolean", "false"), (#""true""#, "boolean", "true"), (#""false""#, "boolean", "false"),
        (#"null"#, "boolean", "null"),
    ])
    func conversions(value: String, type: String, expected: String) throws {
        let document = setting(Self.usage, "amount", migrationJSON(value))
        let rounding = type == "integer" ? #", "rounding": "nearest""# : ""
        let convert = #"{"op": "convert", "collection": "usage", "field": "amount", "to": ""# + type + #"""# + rounding + "}"
        let outcome = try apply([convert], to: document, in: "usage")
        #expect((changed(outcome) ?? document)["amount"] == migrationJSON(expected))
    }

    @Test("a value that does not convert stops with an error naming the document and operation", arguments: [
        (#""2,5""#, "number", "is not a number"), (#"" 2""#, "integer", "is not a number"), (#""NaN""#, "number", "is not a number"),
        (#"2"#, "boolean", "only 0 and 1"), (#""yes""#, "boolean", "only \"true\" and \"false\""),
        (#"[1]"#, "string", "is an array"), (#"{"a": 1}"#, "number", "is an object"), (#"1e500"#, "integer", "too large"),
    ])
    func conversionFailures(value: String, type: String, fragment: String) throws {
        let document = setting(Self.usage, "amount", migrationJSON(value))
        let rounding = type == "integer" ? #", "rounding": "nearest""# : ""
        let convert = #"{"op": "convert", "collection": "usage", "field": "amount", "to": ""# + type + #"""# + rounding + "}"
        let add = #"{"op": "addField", "collection": "usage", "field": "mood", "value": null}"#
        let error = migrationError { _ = try apply([add, convert], to: document, in: "usage") }
        #expect(error?.code == .migrationFailed)
        #expect(error?.id == "BF4408B7-6653-4AB4-AACF-CB08FDF8FE02")
        #expect(error?.pointer == "/amount")
        #expect(error?.message.contains("document BF4408B7-6653-4AB4-AACF-CB08FDF8FE02 in usage, operation /operations/1 (convert usage.amount") == true)
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
    }

    @Test("a convert to integer built in Swift without a rounding fails instead of guessing")
    func convertWithoutRounding() {
        let error = migrationError {
            _ = try MigrationTransform.apply(
                [.convert(collection: "usage", field: "amount", to: .integer, rounding: nil)], to: Self.usage, in: "usage", custom: MigrationRegistry())
        }
        #expect(error?.message.contains("without a rounding") == true)
    }

    @Test("Elaro: addField source \"Elaro\" never overwrites an existing source")
    func elaroSource() throws {
        let add = #"{"op": "addField", "collection": "action-templates", "field": "source", "value": "Elaro"}"#
        let outcome = try apply([add], to: Self.template, in: "action-templates")
        #expect(changed(outcome)?["source"] == .string("Elaro"))
        #expect(outcome.diff == [#"source: (missing) → "Elaro""#])
        let custom = setting(Self.template, "source", .string("Parent"))
        #expect(try apply([add], to: custom, in: "action-templates").result == .unchanged)
        let null = setting(Self.template, "source", .null)
        #expect(try apply([add], to: null, in: "action-templates").result == .unchanged)
    }

    @Test("addField with a where adds only to matching documents, and creates nested objects")
    func addFieldWhere() throws {
        let add = #"{"op": "addField", "collection": "action-templates", "field": "meta.reviewed", "value": true, "where": {"field": "difficulty", "lessThan": 2}}"#
        let outcome = try apply([add], to: Self.template, in: "action-templates")
        #expect(changed(outcome)?["meta"] == migrationJSON(#"{"reviewed": true}"#))
        #expect(outcome.diff == [#"meta: (missing) → {"reviewed":true}"#])
        let hard = setting(Self.template, "difficulty", .number(JSONNumber(3)))
        let skipped = try apply([add], to: hard, in: "action-templates")
        #expect(skipped.result == .unchanged && skipped.matchedOperations.isEmpty)
        let blocked = setting(Self.template, "meta", .string("x"))
        let error = migrationError { _ = try apply([add], to: blocked, in: "action-templates") }
        #expect(error?.code == .migrationFailed)
        #expect(error?.message.contains("\"meta\" is not an object") == true)
    }

    @Test("MIGA: mapValues on eventType, with and without a default")
    func migaEventType() throws {
        let map = #"{"op": "mapValues", "collection": "usage-events", "field": "eventType", "map": {"exit": "exit_to_focus", "continue": "proceed_to_app"}}"#
        let outcome = try apply([map], to: Self.event, in: "usage-events")
        #expect(changed(outcome)?["eventType"] == .string("exit_to_focus"))
        #expect(outcome.diff == [#"eventType: "exit" → "exit_to_focus""#])
        let unknown = setting(Self.event, "eventType", .string("deepen_pause"))
        #expect(try apply([map], to: unknown, in: "usage-events").result == .unchanged)
        let withDefault = #"{"op": "mapValues", "collection": "usage-events", "field": "eventType", "map": {"exit": "exit_to_focus"}, "default": "proceed_to_app"}"#
        #expect(changed(try apply([withDefault], to: unknown, in: "usage-events"))?["eventType"] == .string("proceed_to_app"))
        #expect(changed(try apply([withDefault], to: Self.event, in: "usage-events"))?["eventType"] == .string("exit_to_focus"))
        let missing = setting(Self.event, "eventType", nil)
        #expect(try apply([withDefault], to: missing, in: "usage-events").result == .unchanged)
    }

    @Test("removeField, renameField and copyField")
    func fieldMoves() throws {
        let remove = #"{"op": "removeField", "collection": "usage", "field": "location"}"#
        let removed = try apply([remove], to: Self.usage, in: "usage")
        #expect(changed(removed)?["location"] == nil)
        #expect(removed.diff == [#"location: "Work" → (removed)"#])
        #expect(try apply([remove], to: setting(Self.usage, "location", nil), in: "usage").result == .unchanged)

        let rename = #"{"op": "renameField", "collection": "usage", "from": "method", "to": "route"}"#
        let renamed = try #require(changed(try apply([rename], to: Self.usage, in: "usage")))
        #expect(renamed["method"] == nil && renamed["route"] == .string("Edible"))
        #expect(try apply([rename], to: setting(Self.usage, "method", nil), in: "usage").result == .unchanged)

        let copy = #"{"op": "copyField", "collection": "usage", "from": "timestamp", "to": "log.at"}"#
        let copied = try #require(changed(try apply([copy], to: Self.usage, in: "usage")))
        #expect(copied["timestamp"] == .string("2025-02-01T22:02:31Z"))
        #expect(copied["log"] == migrationJSON(#"{"at": "2025-02-01T22:02:31Z"}"#))
    }

    @Test("renameField and copyField refuse to overwrite, naming the document")
    func refuseOverwrite() throws {
        let occupied = setting(Self.usage, "route", .string("Vape"))
        for op in ["renameField", "copyField"] {
            let operation = #"{"op": ""# + op + #"", "collection": "usage", "from": "method", "to": "route"}"#
            let error = migrationError { _ = try apply([operation], to: occupied, in: "usage") }
            #expect(error?.code == .migrationFailed)
            #expect(error?.id == "BF4408B7-6653-4AB4-AACF-CB08FDF8FE02")
            #expect(error?.pointer == "/route")
            #expect(error?.message.contains(#"already has "route" ("Vape")"#) == true, "\(error?.message ?? "")")
        }
    }

    @Test("setField overwrites only where its condition matches")
    func setField() throws {
        let set = #"{"op": "setField", "collection": "commitments", "field": "status", "value": "MISSED", "where": {"all": [{"field": "status", "equals": "PENDING"}, {"field": "date", "lessThan": "2025-02-03"}]}}"#
        let outcome = try apply([set], to: Self.commitment, in: "commitments")
        #expect(changed(outcome)?["status"] == .string("MISSED"))
        #expect(outcome.diff == [#"status: "PENDING" → "MISSED""#])
        let later = setting(Self.commitment, "date", .string("2025-02-10"))
        #expect(try apply([set], to: later, in: "commitments").result == .unchanged)
    }

    @Test("deleteDocuments deletes matching documents and stops there")
    func deleteDocuments() throws {
        let delete = #"{"op": "deleteDocuments", "collection": "commitments", "where": {"field": "status", "in": ["PENDING"]}}"#
        let add = #"{"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0}"#
        let outcome = try apply([delete, add], to: Self.commitment, in: "commitments")
        #expect(outcome.result == .deleted)
        #expect(outcome.diff == ["(deleted)"])
        #expect(outcome.changedOperations == [0])
        let kept = try apply([delete, add], to: setting(Self.commitment, "status", .string("YES")), in: "commitments")
        #expect(kept.matchedOperations == [1])
        #expect(changed(kept)?["sort_order"] == .number(JSONNumber(0)))
    }

    @Test("renameCollection moves the document; later operations use the new name")
    func renameCollection() throws {
        let before = #"{"op": "addField", "collection": "usage", "field": "mood", "value": null}"#
        let rename = #"{"op": "renameCollection", "from": "usage", "to": "usage-logs"}"#
        let afterOld = #"{"op": "removeField", "collection": "usage", "field": "location"}"#
        let afterNew = #"{"op": "removeField", "collection": "usage-logs", "field": "method"}"#
        let outcome = try apply([before, rename, afterOld, afterNew], to: Self.usage, in: "usage")
        guard case .moved(let collection, let document) = outcome.result else {
            Issue.record("expected a move, got \(outcome.result)")
            return
        }
        #expect(collection == "usage-logs")
        #expect(document["mood"] == .null && document["location"] == .string("Work") && document["method"] == nil)
        #expect(outcome.diff == ["(collection): usage → usage-logs", #"method: "Edible" → (removed)"#, "mood: (missing) → null"])
        #expect(outcome.changedOperations == [0, 1, 3])
        let plain = try apply([rename], to: Self.usage, in: "usage")
        #expect(plain.result == .moved(collection: "usage-logs", document: Self.usage))
    }

    @Test("repartition and catalog leave documents alone and are reported as collection changes")
    func collectionLevel() throws {
        let operations = [
            #"{"op": "catalog", "description": "drop the unique constraint on date"}"#,
            #"{"op": "repartition", "collection": "commitments", "partition": "day"}"#,
            #"{"op": "renameCollection", "from": "commitments", "to": "pledges"}"#,
            #"{"op": "addField", "collection": "pledges", "field": "sort_order", "value": 0}"#,
            #"{"op": "removeField", "collection": "settings", "field": "legacy"}"#,
        ]
        let outcome = try apply(Array(operations[0...1]), to: Self.commitment, in: "commitments")
        #expect(outcome.result == .unchanged && outcome.matchedOperations.isEmpty)
        let parsed = try operations.map { try MigrationOperation(json: migrationJSON($0)) }
        #expect(MigrationTransform.collectionChanges(parsed) == [
            .schemaOnly(description: "drop the unique constraint on date", operation: 0),
            .repartitioned(collection: "commitments", partition: .day, dateField: nil, operation: 1),
            .renamed(from: "commitments", to: "pledges", operation: 2),
        ])
        #expect(MigrationTransform.collectionsToRead(parsed) == ["commitments", "settings"])
        // Renamed and repartitioned only: the files move, nobody needs to read them.
        #expect(MigrationTransform.collectionsToRead(Array(parsed[0...2])).isEmpty)
        #expect(MigrationTransform.collectionsToRead(Array(parsed[0...1])).isEmpty)
    }

    @Test("custom calls the registered function; the comparison decides whether it changed")
    func custom() throws {
        var registry = MigrationRegistry()
        registry.register("cravey.amount-to-integer") { document in
            guard case .object(var members) = document, let amount = members["amount"]?.numberValue else { return false }
            members["amount"] = .number(JSONNumber(Int(amount.doubleValue.rounded())))
            document = .object(members)
            return true
        }
        registry.register("liar") { _ in true }
        let operation = #"{"op": "custom", "name": "cravey.amount-to-integer", "collection": "usage"}"#
        let outcome = try apply([operation], to: Self.usage, in: "usage", custom: registry)
        #expect(changed(outcome)?["amount"] == .number(JSONNumber(3)))
        let liar = try apply([#"{"op": "custom", "name": "liar", "collection": "usage"}"#], to: Self.usage, in: "usage", custom: registry)
        #expect(liar.result == .unchanged && liar.changedOperations.isEmpty)
        #expect(registry.names == ["cravey.amount-to-integer", "liar"])
        #expect(registry.contains("liar"))
    }

    @Test("custom errors: not registered, throwing, changing the id, not an object")
    func customErrors() throws {
        var registry = MigrationRegistry()
        struct Refused: Error {}
        registry.register("app.throws") { _ in throw Refused() }
        registry.register("app.change-id") { document in
            document = .object(document.objectValue!.merging(["id": .string("other")]) { $1 })
            return true
        }
        registry.register("app.array") { document in
            document = .array([])
            return true
        }
        func run(_ name: String) -> AlmanacError? {
            migrationError {
                _ = try apply([#"{"op": "custom", "name": ""# + name + #"", "collection": "usage"}"#], to: Self.usage, in: "usage", custom: registry)
            }
        }
        #expect(run("app.missing")?.message.contains("no custom migration function named app.missing is registered; register it with MigrationRegistry.register before migrating") == true)
        #expect(run("app.throws")?.underlying is Refused)
        #expect(run("app.change-id")?.pointer == "/id")
        #expect(run("app.array")?.message.contains("it must stay an object") == true)
        for name in ["app.missing", "app.throws", "app.change-id", "app.array"] {
            #expect(run(name)?.code == .migrationFailed)
            #expect(run(name)?.id == "BF4408B7-6653-4AB4-AACF-CB08FDF8FE02")
        }
        let operations = try [MigrationOperation(json: migrationJSON(#"{"op": "custom", "name": "app.missing", "collection": "usage"}"#))]
        #expect(throws: AlmanacError.self) { try registry.requireFunctions(for: operations) }
        try registry.requireFunctions(for: [.custom(name: "app.throws", collection: "usage")])
    }

    @Test("a document without an id (a singleton) is named by its collection")
    func singleton() throws {
        let preferences = migrationJSON(#"{"frePhase": "phase2Complete", "gatewayTimerDuration": "20"}"#)
        let convert = #"{"op": "convert", "collection": "preferences", "field": "frePhase", "to": "number"}"#
        let error = migrationError { _ = try apply([convert], to: preferences, in: "preferences") }
        #expect(error?.message.hasPrefix("the preferences document in preferences, operation /operations/0") == true)
        #expect(error?.id == nil)
        let fix = #"{"op": "convert", "collection": "preferences", "field": "gatewayTimerDuration", "to": "integer", "rounding": "nearest"}"#
        #expect(changed(try apply([fix], to: preferences, in: "preferences"))?["gatewayTimerDuration"] == .number(JSONNumber(20)))
    }

    @Test("diffs descend into nested objects and shorten long values")
    func diffs() {
        var lines: [String] = []
        let long = JSONValue.array((0..<40).map { .number(JSONNumber($0)) })
        MigrationTransform.diff(
            migrationJSON(#"{"a": {"b": 1, "c": 2}, "d": 1}"#),
            .object(["a": migrationJSON(#"{"b": 1, "c": 3}"#), "d": long]), path: "", into: &lines)
        #expect(lines.count == 2)
        #expect(lines[0] == "a.c: 2 → 3")
        #expect(lines[1].hasPrefix("d: 1 → [0,1,2,") && lines[1].hasSuffix("…"))
    }
}
