import Foundation
import Testing
@testable import Almanac

/// ``SchemaPattern``: ECMA-262 answers in linear time, and clear refusals.
@Suite struct SchemaPatternTests {
    private func matches(_ pattern: String, _ subject: String) throws -> Bool {
        try SchemaPattern(pattern).matches(subject)
    }

    private func refusal(_ pattern: String) -> String? {
        do {
            _ = try SchemaPattern(pattern)
            return nil
        } catch {
            return error.message
        }
    }

    /// The automaton and the NFA are two engines for one meaning: they must agree.
    @Test func automatonAgreesWithMachine() throws {
        let patterns = [
            "^[a-z][a-z0-9_]*$", "\\.m4a$", "^((0[6-9]|1[01]):(00|30)|12:00)$", "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$",
            "^[A-Za-z][A-Za-z0-9+.-]*://$", "^Recordings/[A-Za-z0-9._-]+\\.(mov|m4a)$", "a+b", "(ab|cd)*e", "^$",
            "x?", "[^a-c]", "\\d{2,3}", "\\w+ \\w+", "colou?r", "^a{3}$", "[.]", "a.c", "^(a|b)+c?$", "é+", "[α-ω]+",
            "^\\u00e9$", "😀{2}", "[😀-😂]", "a{2,}", "^-?\\d+(\\.\\d+)?$", "(?:x|y)z", "a*?b", "^[^/]+$", "b$", "^a",
            "\\D\\W", "[\\d.]+$", "a{0}b", "^\\s*$", "[-a]", "a|", "\\/", "", "^\\p{L}+$", "(a*)*b",
        ]
        let inputs = [
            "", "a", "b", "abc", "abc\n", "Recordings/x.m4a", "Recordings/a b.mov", "song.m4a", "song.m4a.mp3", "12:00", "06:30",
            "13:00", "hello world", "ééé", "αβγ", "😀😀", "😁", "aaa", "aaaa", "ab", "abab e", "colour", "color", "x.y", "axc",
            "AbC", "a-b_c.d", "http://", "mailto:", "1.5", "-3", "-", "12", "123", "...", "yz", "xz", "aab", "/x", "x/y",
            "b\n", " ", "\t", "c", "é", String(repeating: "a", count: 130) + "b", "π", "Ωmega",
        ]
        for source in patterns {
            let tree = try SchemaRegexParser.parse(source)
            let automaton = try #require(SchemaRegex(tree), "\(source) should build an automaton")
            let machine = SchemaRegexMachine(try SchemaRegexProgram(tree))
            for input in inputs {
                #expect(automaton.matches(input) == machine.matches(input), "\(source) on \(SchemaText.quoted(input))")
            }
        }
    }

    /// Answers checked against V8 (`new RegExp(pattern, "u").test(subject)`), including the
    /// cases that used to fall back to ICU and give wrong answers or take seconds.
    @Test func ecmaAnswers() throws {
        let many = String(repeating: "a", count: 30) + "!"
        let cases: [(String, String, Bool)] = [
            ("^(?=x?)(a+)+$", many, false), ("^(?=x?)(?:(a+)+$|a*!)", many, true),
            ("(?<=a)b", "ab", true), ("(?<!a)b", "ab", false), ("(?<!a)b", "cb", true),
            ("\\bfoo\\b", "a foo.", true), ("\\bfoo\\b", "afoo", false), ("\\Boo", "foo", true), ("^\\B$", "", true),
            ("^\\p{Letter}+$", "π", true), ("^\\p{Letter}+$", "π1", false), ("^\\P{Lu}$", "a", true),
            ("^\\p{gc=Nd}$", "٣", true), ("[\\p{Lu}\\d]", "x", false),
            ("(?=a$)", "ba", true), ("^(?!admin$)[a-z]+$", "admin", false), ("^(?!admin$)[a-z]+$", "user", true),
            ("(?<=^|,)x", "a,x", true), ("a(?=b(?=c))", "abc", true), ("a(?=b(?=c))", "abd", false),
            ("^(?:(?!ab).)*$", "xaby", false), ("^(?:(?!ab).)*$", "xayb", true), ("(?<=(?<!x)a)b", "xab", false),
            ("(?<=(?<!x)a)b", "yab", true), ("((){1000000}){1000000}", "", true),
        ]
        for (pattern, subject, expected) in cases {
            #expect(try matches(pattern, subject) == expected, "\(pattern) on \(SchemaText.quoted(subject))")
        }
    }

    /// What the engine cannot decide in linear time, or is not a pattern, is refused with the reason.
    @Test func refusals() {
        #expect(refusal("(\\1)")?.contains("back-reference (\\1)") == true)
        #expect(refusal("(?<a>x)\\k<a>")?.contains("back-reference (\\k)") == true)
        #expect(refusal(String(repeating: "(", count: 30_000) + "a" + String(repeating: ")", count: 30_000))?
            .contains("nests groups more than 100 deep") == true)
        #expect(refusal("a{1000000}")?.contains("too large to compile") == true)
        #expect(refusal("(a{1000}){1000}")?.contains("too large to compile") == true)
        #expect(refusal("\\p{Script=Latin}")?.contains("Unicode property \"Script=Latin\"") == true)
        #expect(refusal("a**")?.contains("nothing to repeat") == true)
        #expect(refusal("(a")?.contains("never closed") == true)
        #expect(refusal("a)")?.contains("closes no group") == true)
        #expect(refusal("[b-a]")?.contains("before its start") == true)
        #expect(refusal("\\q")?.contains("unknown escape") == true)
        #expect(refusal("(?x)")?.contains("unknown group") == true)
        #expect(refusal("^*")?.contains("nothing to repeat") == true)
    }

    /// A class of hundreds of scattered characters costs the automaton two classes, not one per
    /// range; a pattern whose automaton would be large builds none and runs on the NFA.
    @Test func largeAutomatonFallsBackToTheMachine() throws {
        let wide = String((0..<450).map { Character(Unicode.Scalar(0x4E00 + 2 * $0)!) })
        let clock = ContinuousClock()
        let started = clock.now
        let compact = try SchemaPattern("[\(wide)].*a.{9}")
        let large = try SchemaPattern("[\(wide)].*a.{12}")
        let built = clock.now - started
        #expect(compact.usesAutomaton)
        #expect(!large.usesAutomaton)
        for pattern in [compact, large] {
            #expect(pattern.matches("\u{4E00}xxa123456789012"))
            #expect(!pattern.matches("\u{4E01}xxa123456789012"))
            #expect(!pattern.matches("\u{4E00}xxa12345678"))
        }
        // Not a timing assertion: the automaton's construction is bounded by work, not time,
        // and a generous ceiling only catches construction running to the old 1,000-state cap.
        #expect(built < .seconds(5))
    }

    /// Nested quantifiers that make backtracking engines take exponential time are linear here.
    @Test func nestedQuantifiersAreLinear() throws {
        let nested = try SchemaPattern("^(a+)+$")
        #expect(nested.usesAutomaton)
        #expect(!nested.matches(String(repeating: "a", count: 5_000) + "!"))
        let looking = try SchemaPattern("^(?=x?)(a+)+$")
        #expect(!looking.usesAutomaton)
        #expect(!looking.matches(String(repeating: "a", count: 5_000) + "!"))
    }
}
