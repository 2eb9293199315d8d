import Foundation

/// The amounts a route of administration allows: `minimum` through `maximum` in steps of
/// `increment`, all whole numbers of one unit.
public struct UsageAmountRange: Sendable, Equatable {
    /// The smallest amount.
    public var minimum: Int
    /// The largest amount.
    public var maximum: Int
    /// The step between two offered amounts, counted from `minimum`.
    public var increment: Int
    /// The unit of 1 ("joint").
    public var singular: String
    /// The unit of any other amount ("joints").
    public var plural: String
    /// Whether the unit follows the number without a space ("20mg").
    public var attached: Bool

    /// Creates a range.
    public init(minimum: Int, maximum: Int, increment: Int, singular: String, plural: String, attached: Bool = false) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
        self.singular = singular
        self.plural = plural
        self.attached = attached
    }

    /// Every amount the picker offers, smallest first.
    public var options: [Int] { Array(stride(from: minimum, through: maximum, by: increment)) }

    /// Whether `amount` is one of the ``options``.
    public func contains(_ amount: Int) -> Bool {
        amount >= minimum && amount <= maximum && (amount - minimum) % increment == 0
    }

    /// `amount` followed by its unit.
    public func display(_ amount: Int) -> String {
        let unit = amount == 1 ? singular : plural
        return attached ? "\(amount)\(unit)" : "\(amount) \(unit)"
    }

    /// The range in words, for messages: "1–5 joints", "5–100mg in steps of 5".
    public var summary: String {
        let span = attached ? "\(minimum)–\(maximum)\(plural)" : "\(minimum)–\(maximum) \(plural)"
        return increment == 1 ? span : "\(span) in steps of \(increment)"
    }
}
