import Almanac
import Testing

@testable import ReferenceApps

/// Expects `body` to throw a `.ruleViolated` ``AlmanacError`` whose JSON pointer is `pointer`.
func expectRule(_ pointer: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    let error = #expect(throws: AlmanacError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == .ruleViolated && error?.pointer == pointer, "\(String(describing: error))", sourceLocation: sourceLocation)
}
