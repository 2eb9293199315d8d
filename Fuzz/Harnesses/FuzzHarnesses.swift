import Foundation
@testable import Almanac

/// One harness per parser: each takes any bytes, must return (a clear error is fine) and
/// checks a property of what it parsed; a violated property or a crash is a finding.
///
/// The same functions run under libFuzzer (`Fuzz/run`, the `AlmanacFuzz` package) and in
/// the test suite's smoke pass (`FuzzSmokeTests`, over the corpus in `Fuzz/Corpus`).
enum FuzzHarnesses {
    /// The harnesses by name, which is also the corpus folder's name.
    static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("json", json), ("condition", condition), ("schema", schema), ("pattern", pattern),
        ("migration", migration), ("timestamp", timestamp), ("seed", seed), ("manifest", manifest),
        ("merge", merge),
    ]

    /// Fails loudly: libFuzzer reports the trap and keeps the input.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("property violated: \(message())") }
    }

    /// JSON: whatever parses is written canonically and parses back to the same value.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes).value else { return }
        let pretty = CanonicalJSON.prettyBytes(value)
        require((try? JSONParser.parse(pretty).value) == value, "pretty round trip")
        let compact = CanonicalJSON.compactBytes(value)
        require((try? JSONParser.parse(compact).value) == value, "compact round trip")
        require(CanonicalJSON.prettyBytes(try! JSONParser.parse(pretty).value) == pretty, "canonical form is stable")
    }

    /// `--where` text: parses or is refused; a parsed condition is within the depth limit
    /// and evaluates against a document without trapping.
    static func condition(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let condition = try? Condition(parsing: text) else { return }
        require(condition.depth <= Condition.maximumDepth, "depth within the limit")
        _ = condition.matches(.object(["id": .string("a"), "n": .number(JSONNumber(1)), "tags": .array([.string("x")])]))
        _ = condition.description
    }

    /// A schema: compiles or is refused; a compiled one validates a few values.
    static func schema(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes).value,
              let schema = try? JSONSchema(value, path: "fuzz.schema.json") else { return }
        for instance in [value, .object([:]), .array([.null, .bool(true)]), .string("2025-01-27T14:03:00Z"), .number(JSONNumber(7))] {
            let violations = schema.validate(instance)
            require(violations.isEmpty == schema.isValid(instance), "validate and isValid agree")
        }
    }

    /// A pattern and a subject, split at the first zero byte: the automaton, where it
    /// applies, agrees with the NFA.
    static func pattern(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let source = String(decoding: bytes[..<split], as: UTF8.self)
        let subject = split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : ""
        guard let tree = try? SchemaRegexParser.parse(source), let program = try? SchemaRegexProgram(tree) else { return }
        let answer = SchemaRegexMachine(program).matches(subject)
        if let automaton = SchemaRegex(tree) {
            require(automaton.matches(subject) == answer, "automaton and NFA agree on \(source)")
        }
    }

    /// A migration file: parses or is refused; a parsed one applies to a sample document.
    static func migration(_ bytes: [UInt8]) {
        guard let file = try? MigrationFile(bytes: bytes, fileName: "0002-fuzz.json") else { return }
        let document: JSONValue = .object(["id": .string("a"), "status": .string("MISSED"), "n": .number(JSONNumber(1)),
                                           "date": .string("2025-01-27"), "nested": .object(["x": .array([.null])])])
        for collection in ["events", "commitments"] {
            let outcome = try? MigrationTransform.apply(file.operations, to: document, in: collection, custom: MigrationRegistry())
            if case .changed(let result)? = outcome?.result { _ = CanonicalJSON.prettyBytes(result) }
        }
    }

    /// Timestamps and calendar dates: what parses is stored as the same day and reads back.
    static func timestamp(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let date = Timestamp.parse(text) {
            let stored = Timestamp.stored(date)
            require(stored != nil, "a parsed timestamp can be stored: \(text)")
            let again = Timestamp.parse(stored!)
            require(again != nil && abs(again!.timeIntervalSince(date)) < 0.001, "stored form reads back: \(text)")
            if let normalized = Timestamp.normalizedUTC(text) {
                require(normalized.prefix(10) == stored!.prefix(10), "normalised and stored on the same day: \(text)")
            }
        }
        if let day = CalendarDate(text) { require(CalendarDate(day.description) == day, "calendar date round trip") }
        // Any Date at all, from the first eight bytes: formatting never traps.
        var pattern: UInt64 = 0
        for byte in bytes.prefix(8) { pattern = pattern << 8 | UInt64(byte) }
        let date = Date(timeIntervalSince1970: Double(bitPattern: pattern))
        _ = Timestamp.format(date)
        if let stored = Timestamp.stored(date) { require(Timestamp.parse(stored) != nil, "a stored date reads back: \(stored)") }
    }

    /// A seed file: parses or is refused.
    static func seed(_ bytes: [UInt8]) {
        _ = try? SeedFile(bytes: bytes, fileName: "fuzz.json")
    }

    /// `store.json`: parses or is refused.
    static func manifest(_ bytes: [UInt8]) {
        _ = try? Manifest(bytes: bytes)
    }

    /// Sync tools' names for copies and git's conflict markers.
    static func merge(_ bytes: [UInt8]) {
        _ = SyncConflict.hasMergeMarkers(bytes)
        let name = String(decoding: bytes.prefix(255), as: UTF8.self)
        _ = SyncConflict.documentFile(named: name)
        _ = SyncConflict.copy(named: name) { _ in false }
        _ = SyncConflict.decoratedOriginal(of: name)
    }
}
