/// The summary of repeated measurements: median, range and spread.
struct Statistics: Codable, Sendable {
    /// The median value.
    let median: Double
    /// The smallest value.
    let min: Double
    /// The largest value.
    let max: Double
    /// `(max - min) / median`, in percent: how noisy the measurement was.
    let spreadPercent: Double

    /// Summarises `values` (at least one).
    init(_ values: [Double]) {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted.first ?? 0
        max = sorted.last ?? 0
        spreadPercent = median > 0 ? (max - min) / median * 100 : 0
    }

    /// The ratios `numerator[i] / denominator[i]` of measurements taken in the same round.
    static func ratios(_ numerator: [Double], _ denominator: [Double]) -> Statistics? {
        let pairs = zip(numerator, denominator).filter { $0.1 > 0 }
        guard !pairs.isEmpty else { return nil }
        return Statistics(pairs.map { $0.0 / $0.1 })
    }
}
