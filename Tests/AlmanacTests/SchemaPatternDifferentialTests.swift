import Foundation
import Testing
@testable import Almanac

/// Generated patterns and subjects, decided by Almanac and by an independent ECMA-262 engine
/// (V8, through Node.js): every answer must agree.
@Suite struct SchemaPatternDifferentialTests {
    static let node = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: node != nil, "needs Node.js (Debian's nodejs) as the independent ECMA-262 engine"))
    func agreesWithV8() throws {
        // ALMANAC_DIFFERENTIAL_PATTERNS (and _SEED) make a longer run than the suite's.
        let environment = ProcessInfo.processInfo.environment
        let count = environment["ALMANAC_DIFFERENTIAL_PATTERNS"].flatMap(Int.init) ?? 600
        var generator = PatternGenerator(seed: environment["ALMANAC_DIFFERENTIAL_SEED"].flatMap(UInt64.init) ?? 0x5EED_60)
        var cases: [(pattern: String, subjects: [String])] = []
        for _ in 0..<count {
            let pattern = generator.pattern()
            cases.append((pattern, (0..<16).map { _ in generator.subject() }))
        }
        let folder = try TemporaryFolder()
        let input = folder.path("cases.json")
        let payload = cases.map { ["pattern": $0.pattern, "subjects": $0.subjects] as [String: Any] }
        try JSONSerialization.data(withJSONObject: payload).write(to: input)
        let script = """
            const cases = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
            process.stdout.write(JSON.stringify(cases.map(c => {
              try { const r = new RegExp(c.pattern, "u"); return c.subjects.map(s => r.test(s)); }
              catch (e) { return null; }
            })));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = ["-e", script, input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let answers = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        var compared = 0
        for (index, test) in cases.enumerated() {
            guard let expected = answers[index] as? [Bool] else {
                Issue.record("V8 refused the generated pattern \(test.pattern)")
                continue
            }
            let pattern: SchemaPattern
            do {
                pattern = try SchemaPattern(test.pattern)
            } catch {
                Issue.record("Almanac refused \(test.pattern): \(error.message)")
                continue
            }
            for (subject, answer) in zip(test.subjects, expected) {
                #expect(pattern.matches(subject) == answer, "\(test.pattern) on \(SchemaText.quoted(subject))")
                compared += 1
            }
        }
        #expect(compared == count * 16)
    }
}

/// Random patterns over a small alphabet, in the dialect both engines accept, with every
/// construct: classes, escapes, anchors, word boundaries, look-arounds, groups, quantifiers.
struct PatternGenerator {
    private var random: SplitMix

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }

    mutating func next(_ bound: Int) -> Int {
        random.next(bound)
    }

    mutating func pattern() -> String {
        alternation(depth: 0)
    }

    mutating func subject() -> String {
        let alphabet = ["a", "b", "c", " ", "1", "_", "\n", "é", "-"]
        return (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }.joined()
    }

    private mutating func alternation(depth: Int) -> String {
        (0..<(next(4) == 0 ? 2 : 1)).map { _ in sequence(depth: depth) }.joined(separator: "|")
    }

    private mutating func sequence(depth: Int) -> String {
        (0..<(1 + next(3))).map { _ in quantified(depth: depth) }.joined()
    }

    private mutating func quantified(depth: Int) -> String {
        let (atom, canRepeat) = self.atom(depth: depth)
        guard canRepeat, next(3) == 0 else { return atom }
        let quantifiers = ["*", "+", "?", "{2}", "{0,2}", "{1,}", "*?", "+?"]
        return atom + quantifiers[next(quantifiers.count)]
    }

    private mutating func atom(depth: Int) -> (String, Bool) {
        let choice = next(depth < 3 ? 14 : 9)
        switch choice {
        case 0, 1, 2: return (["a", "b", "c", " ", "é"][next(5)], true)
        case 3: return (["[ab]", "[^a]", "[a-c1]", "[\\w-]", "[^\\s]"][next(5)], true)
        case 4: return ([".", "\\d", "\\w", "\\s", "\\W", "\\p{L}", "\\P{Ll}"][next(7)], true)
        case 5: return (["^", "$"][next(2)], false)
        case 6: return (["\\b", "\\B"][next(2)], false)
        case 7, 8: return (["a", "b"][next(2)], true)
        case 9, 10: return ("(" + alternation(depth: depth + 1) + ")", true)
        case 11: return ("(?:" + alternation(depth: depth + 1) + ")", true)
        case 12: return (["(?=", "(?!"][next(2)] + alternation(depth: depth + 1) + ")", false)
        default: return (["(?<=", "(?<!"][next(2)] + alternation(depth: depth + 1) + ")", false)
        }
    }
}
