import Foundation

/// How cannabis was used: the six routes of administration (ROA) a usage session records as
/// its `method`, each with the unit and range its `amount` is counted in.
public enum RouteOfAdministration: String, Codable, Sendable, CaseIterable {
    /// Bowls smoked (a pipe or a bong).
    case bowls = "Bowls"
    /// Joints smoked.
    case joints = "Joints"
    /// Blunts smoked.
    case blunts = "Blunts"
    /// Vape pulls.
    case vape = "Vape"
    /// Dabs taken.
    case dab = "Dab"
    /// An edible, counted in milligrams.
    case edible = "Edible"

    /// The amounts the Log Usage screen offers for this method, and the unit they count.
    ///
    /// As seed 004 defines them (the schema's per-method ranges say the same): bowls, joints
    /// and blunts 0.5…5 in half steps, vape 1…10 pulls, dab 1…5 dabs, edible 5…100 mg in
    /// steps of 5.
    public var amountRange: UsageAmountRange {
        switch self {
        case .bowls: UsageAmountRange(minimum: 0.5, maximum: 5, increment: 0.5, singular: "bowl", plural: "bowls")
        case .joints: UsageAmountRange(minimum: 0.5, maximum: 5, increment: 0.5, singular: "joint", plural: "joints")
        case .blunts: UsageAmountRange(minimum: 0.5, maximum: 5, increment: 0.5, singular: "blunt", plural: "blunts")
        case .vape: UsageAmountRange(minimum: 1, maximum: 10, increment: 1, singular: "pull", plural: "pulls")
        case .dab: UsageAmountRange(minimum: 1, maximum: 5, increment: 1, singular: "dab", plural: "dabs")
        case .edible: UsageAmountRange(minimum: 5, maximum: 100, increment: 5, singular: "mg", plural: "mg", attached: true)
        }
    }

    /// `amount` with this method's unit: "2 joints", "1.5 bowls", "5 pulls", "3 dabs", "20mg".
    ///
    /// The seed always writes the plural ("1.0 joints"); this writes the singular for 1
    /// ("1 joint"), drops a whole amount's ".0" ("2 joints", "1.5 joints"), and milligrams
    /// stick to the number as the seed has it.
    public func displayAmount(_ amount: Double) -> String {
        amountRange.display(amount)
    }
}
