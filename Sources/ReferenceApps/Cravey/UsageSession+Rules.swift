import Almanac
import Foundation

extension UsageSession: ModelRules {
    /// Checks the amount range of the method, `timestamp-not-in-future` and `modified-after-created`.
    ///
    /// - Throws: `.ruleViolated` with the pointer `/amount`, `/timestamp` or `/modifiedAt`.
    public func validate() throws {
        let range = method.amountRange
        if !range.contains(amount) {
            throw AlmanacError.rule(
                "amount \(UsageAmountRange.number(amount)) is not an amount of \(method.rawValue): use \(range.summary) (one of \(range.options.map(UsageAmountRange.number).joined(separator: ", ")))",
                in: Self.collection, id: id.uuidString, field: "amount")
        }
        try CraveyRecordRules.checkTimestamp(timestamp, createdAt: createdAt, modifiedAt: modifiedAt, collection: Self.collection, id: id)
        try CraveyRecordRules.checkModified(modifiedAt, createdAt: createdAt, collection: Self.collection, id: id)
    }
}
