import Foundation

/// The amounts a route of administration allows: `minimum` through `maximum` in steps of
/// `increment`, in one unit (seed 004: bowls, joints and blunts in half steps).
public struct UsageAmountRange: Sendable, Equatable {
    /// The smallest amount.
    public var minimum: Double
    /// The largest amount.
    public var maximum: Double
    /// The step between two offered amounts, counted from `minimum`.
    public var increment: Double
    /// The unit of 1 ("joint").
    public var singular: String
    /// The unit of any other amount ("joints", "0.5 joints").
    public var plural: String
    /// Whether the unit follows the number without a space ("20mg").
    public var attached: Bool

    /// Creates a range.
    public init(minimum: Double, maximum: Double, increment: Double, singular: String, plural: String, attached: Bool = false) {
        self.minimum = minimum
        self.maximum = maximum
        self.increment = increment
        self.singular = singular
        self.plural = plural
        self.attached = attached
    }

    /// Every amount the picker offers, smallest first.
    public var options: [Double] {
        let count = Int(((maximum - minimum) / increment).rounded())
        return (0...count).map { minimum + Double($0) * increment }
    }

    /// Whether `amount` is one of the ``options`` (steps compared within a millionth, as the
    /// schema's `multipleOf` is: 0.1 + 0.2 steps are not exact in binary).
    public func contains(_ amount: Double) -> Bool {
        guard amount.isFinite, amount >= minimum - 1e-9, amount <= maximum + 1e-9 else { return false }
        let steps = (amount - minimum) / increment
        return abs(steps - steps.rounded()) < 1e-6
    }

    /// `amount` followed by its unit: "1 joint", "1.5 joints", "20mg".
    public func display(_ amount: Double) -> String {
        let unit = amount == 1 ? singular : plural
        let number = UsageAmountRange.number(amount)
        return attached ? "\(number)\(unit)" : "\(number) \(unit)"
    }

    /// The range in words, for messages: "0.5–5 joints in steps of 0.5", "1–10 pulls".
    public var summary: String {
        let (low, high) = (UsageAmountRange.number(minimum), UsageAmountRange.number(maximum))
        let span = attached ? "\(low)–\(high)\(plural)" : "\(low)–\(high) \(plural)"
        return increment == 1 ? span : "\(span) in steps of \(UsageAmountRange.number(increment))"
    }

    /// A whole amount without a decimal point ("2"), another with its digits ("2.5").
    static func number(_ amount: Double) -> String {
        amount.rounded() == amount && abs(amount) < 1e15 ? String(Int(amount)) : String(amount)
    }
}
