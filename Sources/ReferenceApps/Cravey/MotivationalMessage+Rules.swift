import Almanac
import Foundation

extension MotivationalMessage: ModelRules {
    /// Checks non-empty content, priority and count limits, that only defaults carry a
    /// `contentVersion`, that `lastShownAt` agrees with `timesShown`, and `modified-after-created`.
    ///
    /// - Throws: `.ruleViolated` with the pointer `/content`, `/priority`, `/timesShown`,
    ///   `/contentVersion` or `/modifiedAt`.
    public func validate() throws {
        if !VisibleText.isVisible(content) {
            throw AlmanacError.rule("content is empty; write the message's text (up to 500 characters)",
                                    in: Self.collection, id: id.uuidString, field: "content")
        }
        if priority < 0 {
            throw AlmanacError.rule("priority is \(priority); use 0 or more, lower is shown first",
                                    in: Self.collection, id: id.uuidString, field: "priority")
        }
        if timesShown < 0 || (lastShownAt != nil && timesShown < 1) {
            throw AlmanacError.rule(
                "timesShown is \(timesShown)\(lastShownAt == nil ? "" : " although lastShownAt is set"); count each display with recordShown(at:)",
                in: Self.collection, id: id.uuidString, field: "timesShown")
        }
        if isCustom, let contentVersion {
            throw AlmanacError.rule(
                "a message the user wrote has contentVersion \(contentVersion); only seeded defaults carry one, so leave it out",
                in: Self.collection, id: id.uuidString, field: "contentVersion")
        }
        try CraveyRecordRules.checkModified(modifiedAt, createdAt: createdAt, collection: Self.collection, id: id)
    }
}
