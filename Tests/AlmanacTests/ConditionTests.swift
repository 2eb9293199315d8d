import Testing
@testable import Almanac

@Suite("Migration conditions")
struct ConditionTests {
    static let commitment = migrationJSON("""
    {"date": "2025-01-27", "escalation_tier_snap": 2, "id": "C5269247", "locked_at": "2025-01-27T17:00:00Z",
     "shield_used": false, "status": "MISSED", "text": "Lights out by 11pm", "note": null,
     "settings": {"reminder": {"minutes": 30}}, "weights": [1, 2]}
    """)

    func matches(_ condition: String, _ document: JSONValue = commitment) throws -> Bool {
        try Condition(json: migrationJSON(condition)).matches(document)
    }

    @Test("equals compares JSON values, numbers by value")
    func equals() throws {
        #expect(try matches(#"{"field": "status", "equals": "MISSED"}"#))
        #expect(try !matches(#"{"field": "status", "equals": "missed"}"#))
        #expect(try matches(#"{"field": "escalation_tier_snap", "equals": 2.0}"#))
        #expect(try matches(#"{"field": "escalation_tier_snap", "equals": 2e0}"#))
        #expect(try !matches(#"{"field": "escalation_tier_snap", "equals": "2"}"#))
        #expect(try matches(#"{"field": "shield_used", "equals": false}"#))
        #expect(try matches(#"{"field": "weights", "equals": [1.0, 2]}"#))
        #expect(try matches(#"{"field": "settings", "equals": {"reminder": {"minutes": 30}}}"#))
    }

    @Test("null equals an explicit null, never a missing field")
    func nullAndMissing() throws {
        #expect(try matches(#"{"field": "note", "equals": null}"#))
        #expect(try !matches(#"{"field": "mood", "equals": null}"#))
        #expect(try !matches(#"{"field": "mood", "in": [null, "calm"]}"#))
        #expect(try !matches(#"{"field": "mood", "lessThan": 5}"#))
        #expect(try !matches(#"{"field": "mood", "greaterThan": ""}"#))
    }

    @Test("in matches any listed value")
    func isIn() throws {
        #expect(try matches(#"{"field": "status", "in": ["YES", "MISSED"]}"#))
        #expect(try !matches(#"{"field": "status", "in": ["YES", "NO"]}"#))
        #expect(try matches(#"{"field": "escalation_tier_snap", "in": [1, 2.00]}"#))
    }

    @Test("exists is true for any present value, null included")
    func exists() throws {
        #expect(try matches(#"{"field": "note", "exists": true}"#))
        #expect(try matches(#"{"field": "mood", "exists": false}"#))
        #expect(try !matches(#"{"field": "status", "exists": false}"#))
        #expect(try matches(#"{"field": "settings.reminder.minutes", "exists": true}"#))
        #expect(try matches(#"{"field": "settings.reminder.hours", "exists": false}"#))
        // Stepping through a non-object finds nothing.
        #expect(try matches(#"{"field": "status.length", "exists": false}"#))
    }

    @Test("lessThan and greaterThan compare numbers by value")
    func numbers() throws {
        #expect(try matches(#"{"field": "escalation_tier_snap", "lessThan": 2.5}"#))
        #expect(try !matches(#"{"field": "escalation_tier_snap", "lessThan": 2}"#))
        #expect(try !matches(#"{"field": "escalation_tier_snap", "lessThan": 2.0}"#))
        #expect(try matches(#"{"field": "escalation_tier_snap", "greaterThan": 1.99}"#))
        #expect(try matches(#"{"field": "escalation_tier_snap", "greaterThan": -3e2}"#))
        #expect(try matches(#"{"field": "settings.reminder.minutes", "greaterThan": 29}"#))
        let big = migrationJSON(#"{"n": 9007199254740993}"#)
        #expect(try matches(#"{"field": "n", "greaterThan": 9007199254740992}"#, big))
        let precise = migrationJSON(#"{"n": 0.10000000000000001}"#)
        #expect(try matches(#"{"field": "n", "greaterThan": 0.1}"#, precise))
    }

    @Test("strings compare by code points, so ISO dates compare chronologically")
    func strings() throws {
        #expect(try matches(#"{"field": "date", "greaterThan": "2025-01-01"}"#))
        #expect(try !matches(#"{"field": "date", "greaterThan": "2025-01-27"}"#))
        #expect(try matches(#"{"field": "date", "lessThan": "2025-02-01"}"#))
        #expect(try matches(#"{"field": "locked_at", "lessThan": "2025-01-27T17:00:01Z"}"#))
        #expect(try matches(#"{"field": "locked_at", "greaterThan": "2025-01-27"}"#))
        let accented = migrationJSON(#"{"name": "é", "upper": "Z"}"#)
        #expect(try matches(#"{"field": "name", "greaterThan": "z"}"#, accented))
        #expect(try matches(#"{"field": "upper", "lessThan": "a"}"#, accented))
    }

    @Test("a number and a string never compare")
    func mixedTypes() throws {
        #expect(try !matches(#"{"field": "date", "lessThan": 3}"#))
        #expect(try !matches(#"{"field": "escalation_tier_snap", "lessThan": "3"}"#))
        #expect(try !matches(#"{"field": "escalation_tier_snap", "greaterThan": "1"}"#))
        #expect(try !matches(#"{"field": "shield_used", "lessThan": 1}"#))
    }

    @Test("all, any and not combine conditions")
    func combinators() throws {
        #expect(try matches(#"{"all": [{"field": "status", "equals": "MISSED"}, {"field": "shield_used", "equals": false}]}"#))
        #expect(try !matches(#"{"all": [{"field": "status", "equals": "MISSED"}, {"field": "shield_used", "equals": true}]}"#))
        #expect(try matches(#"{"any": [{"field": "status", "equals": "YES"}, {"field": "escalation_tier_snap", "greaterThan": 1}]}"#))
        #expect(try !matches(#"{"any": [{"field": "status", "equals": "YES"}, {"field": "mood", "exists": true}]}"#))
        #expect(try matches(#"{"not": {"field": "status", "equals": "YES"}}"#))
        #expect(try !matches(#"{"not": {"not": {"field": "status", "equals": "YES"}}}"#))
        #expect(try matches(#"{"all": [{"any": [{"field": "a", "exists": true}, {"not": {"field": "b", "exists": true}}]}]}"#))
    }

    @Test("conditions parse into their cases and print themselves")
    func parsedForm() throws {
        let condition = try Condition(json: migrationJSON(
            #"{"any": [{"field": "a.b", "lessThan": 5}, {"not": {"field": "c", "greaterThan": "x"}}, {"field": "d", "exists": false}]}"#))
        #expect(condition == .any([
            .lessThan(field: "a.b", value: .number(JSONNumber(5))),
            .not(.greaterThan(field: "c", value: .string("x"))),
            .exists(field: "d", false),
        ]))
        #expect(condition.description == #"any(a.b < 5, not(c > "x"), d is missing)"#)
    }

    @Test("a condition parsed on its own reports the pointer below its root")
    func standaloneErrors() {
        let error = migrationError { _ = try Condition(json: migrationJSON(#"{"all": [{"field": "x"}]}"#)) }
        #expect(error?.code == .invalidQuery)
        #expect(error?.pointer == "/all/0")
        #expect(error?.path == nil)
    }
}
