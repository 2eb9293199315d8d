import Foundation
import Testing
@testable import Almanac

/// Hostile schemas cost what their size says: `multipleOf` by the digits, not the exponent,
/// and shared `$ref`s once per place in the document, never 2^N.
@Suite struct SchemaCostTests {
    private func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(JSONValue(parsing: Array(text.utf8)), path: "test.schema.json")
    }

    private func valid(_ schemaText: String, _ document: String) throws -> Bool {
        try schema(schemaText).validate(JSONValue(parsing: Array(document.utf8))).isEmpty
    }

    /// Divisors of more than 18 digits, checked against Python's integers.
    @Test func longDivisorsAreExact() throws {
        let cases: [(String, String, Bool)] = [
            ("2715338774944798533057103278837766955884045523833794288223369051763881541632", "10877996256979792792005372454753678764070141952", true),
            ("28226155708426402993188345072460530477435429588401770211e5", "29299486306204757700724800", false),
            ("45325644683743375169285614002519660473820118439642408338841050863265991210937500000e50", "83166976902683179852481407579034566879272460937500000", true),
            ("75878144361199225054880722868806626630933512057024070876e50", "88850474299448844803973504", false),
            ("547357799498035523257957958446364203144212828634148600000", "651399628711921925211290000", true),
            ("7138238785111843826818547619131477813247275751201680825970590662198677941820595917e50", "57419418239688095207506248698337003588676452636718750", false),
            ("2803410513393717379999624114398995639432692476244041054087574593722820281982421875e5", "51301027158116816801755858250544406473636627197265625", true),
            ("464947879682356801366666291656193250653221213079315826250", "1057680603370317908559981375", true),
            ("95496847913000497767063481755256448230387009360296905973370436446083706805e5", "457924394317157569769411362400362340127080448", false),
        ]
        for (value, divisor, expected) in cases {
            #expect(try valid(#"{"multipleOf": \#(divisor)}"#, value) == expected, "\(value) multipleOf \(divisor)")
        }
    }

    /// The issue's case: a 1,000-digit divisor and 1e99999 (one digit, a huge exponent).
    @Test func hugeExponentCostsItsDigits() throws {
        let divisor = "7" + String(repeating: "3", count: 998) + "1"
        #expect(try !valid(#"{"multipleOf": \#(divisor)}"#, "1e99999"))
        let powerOfTwo = "1" + String(repeating: "0", count: 30)  // 10^30 = 2^30 × 5^30
        #expect(try valid(#"{"multipleOf": \#(powerOfTwo)}"#, "1e99999"))
        #expect(try valid(#"{"multipleOf": 1267650600228229401496703205376}"#, "1e99999"))  // 2^100
        #expect(try !valid(#"{"multipleOf": 1267650600228229401496703205376}"#, "1e99"))
    }

    /// `a0 … aN`, each `anyOf` two `$ref`s to the next: 2^N paths to the last, each tried
    /// once per place in the document when memoised.
    @Test func sharedReferencesAreEvaluatedOncePerPlace() throws {
        func chain(_ depth: Int, leaf: String) -> String {
            let definitions = (0..<depth).map { ##""a\##($0)": {"anyOf": [{"$ref": "#/$defs/a\##($0 + 1)"}, {"$ref": "#/$defs/a\##($0 + 1)"}]}"## }
            return ##"{"$ref": "#/$defs/a0", "$defs": {\##(definitions.joined(separator: ", ")), "a\##(depth)": \##(leaf)}}"##
        }
        let compiled = try schema(chain(40, leaf: #"{"type": "object", "properties": {"n": {"type": "integer"}}}"#))
        #expect(compiled.isValid(try JSONValue(parsing: Array(#"{"n": 1}"#.utf8))))
        let problems = compiled.validate(try JSONValue(parsing: Array(#"{"n": "x"}"#.utf8)))
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("matches none of the anyOf alternatives") == true)
        // Through members too: each level's value is a place of its own.
        let nested = try schema(##"""
            {"$ref": "#/$defs/node", "$defs": {"node": {"anyOf": [
              {"type": "integer"},
              {"type": "object", "properties": {"x": {"$ref": "#/$defs/node"}, "y": {"$ref": "#/$defs/node"}}},
              {"type": "object", "properties": {"x": {"$ref": "#/$defs/node"}, "y": {"$ref": "#/$defs/node"}}, "required": ["x"]}
            ]}}}
            """##)
        var document = "1"
        for _ in 0..<30 { document = #"{"x": \#(document), "y": \#(document.count < 200 ? document : "2")}"# }
        #expect(nested.isValid(try JSONValue(parsing: Array(document.utf8))))
        #expect(!nested.isValid(try JSONValue(parsing: Array(document.replacingOccurrences(of: "1", with: "true").utf8))))
    }
}
