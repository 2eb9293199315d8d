import Almanac
import Foundation

/// A pre-bundled quote or affirmation shown on the Gateway Screen.
///
/// The library ships as seed content (its `contentVersion`); only ``displayCount`` is the
/// user's own, so a newer content version never resets how often an item was shown.
public struct MindfulnessContent: Document, Equatable {
    /// The collection in the catalog (`schema/miga/catalog.json`).
    public static let collection = "mindfulness-content"

    /// The content identifier, e.g. `stoicism-001`.
    public var id: String
    /// The quote or affirmation.
    public var text: String
    /// The interest tag the item belongs to.
    public var category: InterestTag
    /// Author or source attribution; `nil` when unknown.
    public var author: String?
    /// How many times the item was shown; the rotation prefers the lowest.
    public var displayCount: Int
    /// The version of the bundled content the item came from; `nil` for items made on device.
    public var contentVersion: Int?

    /// Creates a content item.
    public init(id: String, text: String, category: InterestTag, author: String? = nil, displayCount: Int = 0, contentVersion: Int? = nil) {
        self.id = id
        self.text = text
        self.category = category
        self.author = author
        self.displayCount = displayCount
        self.contentVersion = contentVersion
    }
}

extension MindfulnessContent: ModelRules {
    /// Checks that `text` is not empty, `displayCount ≥ 0` and `category` is a well-formed tag.
    ///
    /// "category must match one of the user's selected interests" is a filter, not a rule of
    /// the item: ``ContentLibrary/filterContent(by:)`` applies it.
    /// - Throws: `.ruleViolated` naming the field at fault.
    public func validate() throws {
        if !VisibleText.isVisible(text) {
            throw AlmanacError.rule("text is empty; a content item shows a quote or affirmation, so give it its text",
                                    in: Self.collection, id: id, field: "text")
        }
        if displayCount < 0 {
            throw AlmanacError.rule("displayCount is \(displayCount); it counts showings, so it starts at 0 and only grows",
                                    in: Self.collection, id: id, field: "displayCount")
        }
        if !category.isWellFormed {
            throw AlmanacError.rule(
                "category \"\(category)\" is not an interest tag; use lower-case letters, digits, _ and - starting with a letter (e.g. stoicism)",
                in: Self.collection, id: id, field: "category")
        }
    }
}
