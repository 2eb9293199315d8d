import Almanac
import Foundation

extension Craving: ModelRules {
    /// Checks the 1–10 scale, `timestamp-not-in-future` and `modified-after-created`.
    ///
    /// - Throws: `.ruleViolated` with the pointer `/intensity`, `/timestamp` or `/modifiedAt`.
    public func validate() throws {
        if !CravingIntensity.scale.contains(intensity) {
            throw AlmanacError.rule(
                "intensity \(intensity) is off the scale; use 1–10 (1–3 mild, 4–6 moderate, 7–9 strong, 10 overwhelming)",
                in: Self.collection, id: id.uuidString, field: "intensity")
        }
        try CraveyRecordRules.checkTimestamp(timestamp, createdAt: createdAt, modifiedAt: modifiedAt, collection: Self.collection, id: id)
        try CraveyRecordRules.checkModified(modifiedAt, createdAt: createdAt, collection: Self.collection, id: id)
    }
}
