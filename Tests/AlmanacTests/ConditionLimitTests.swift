import Foundation
import Testing
@testable import Almanac

/// Hostile conditions end in `invalid-query`, never a stack overflow, and the text form is
/// read in linear time.
@Suite struct ConditionLimitTests {
    private func parseError(_ text: String) -> AlmanacError? {
        do {
            _ = try Condition(parsing: text)
            return nil
        } catch let error as AlmanacError {
            return error
        } catch {
            return nil
        }
    }

    @Test func deepParenthesesAreRefused() throws {
        let deep = String(repeating: "(", count: 30_000) + "id=1" + String(repeating: ")", count: 30_000)
        let error = try #require(parseError(deep))
        #expect(error.code == .invalidQuery)
        #expect(error.message.contains("more than \(Condition.maximumDepth) deep"))
        // The message quotes the start of the condition, not 60,000 characters of it.
        #expect(error.message.count < 400)
        let allowed = String(repeating: "(", count: 200) + "id=1" + String(repeating: ")", count: 200)
        #expect(try Condition(parsing: allowed) == .equals(field: "id", value: ConditionParser.literal("1")))
    }

    @Test func deepNotsAreRefused() throws {
        let error = try #require(parseError(String(repeating: "not ", count: 10_000) + "id=1"))
        #expect(error.code == .invalidQuery)
        #expect(error.message.contains("more than \(Condition.maximumDepth) deep"))
        #expect(try Condition(parsing: String(repeating: "not ", count: 200) + "id=1").depth == 200)
    }

    /// A condition an app builds in code is refused before any walk over it.
    @Test func deepConditionBuiltInCodeIsRefusedByTheStore() throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder)
        var condition = Condition.equals(field: "kind", value: .string("x"))
        for _ in 0..<100_000 { condition = .not(condition) }
        #expect(condition.depth == Condition.maximumDepth + 1)
        #expect(throws: AlmanacError.self) { try store.documents(matching: Query("events").where(condition)) }
        // Released iteratively, or the enum's own deinit would recurse 100,000 deep.
        while case .not(let inner) = condition { condition = inner }
    }

    /// Spaces inside a bare value are looked past once: 50,000 of them used to take 72 s.
    @Test func spacesInABareValueAreLinear() throws {
        let spaces = String(repeating: " ", count: 50_000)
        let condition = try Condition(parsing: "id=b\(spaces)c")
        #expect(condition == .equals(field: "id", value: .string("b\(spaces)c")))
        #expect(try Condition(parsing: "id=b\(spaces)and kind=c") == .all([
            .equals(field: "id", value: .string("b")), .equals(field: "kind", value: .string("c")),
        ]))
    }
}
