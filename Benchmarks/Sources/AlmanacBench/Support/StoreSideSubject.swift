/// One subject of a read case's rounds: a side on the 1-year or the 3-year store.
struct StoreSideSubject: Hashable, CustomStringConvertible, SideSubject {
    /// `1y` or `3y`.
    let label: String
    let side: Side

    var description: String { "\(side.rawValue) \(label)" }

    /// Each side's 3-year time over its 1-year time, round by round (`<side>3yOver1y`): a read
    /// should cost what it returns, not the store's size.
    static func growthFacts(_ values: [StoreSideSubject: [Double]]) -> [String: Double] {
        var facts: [String: Double] = [:]
        for side in Side.allCases {
            let ratio = Statistics.ratios(values[StoreSideSubject(label: "3y", side: side)] ?? [], values[StoreSideSubject(label: "1y", side: side)] ?? [])
            facts["\(side.rawValue)3yOver1y"] = ratio?.median
        }
        return facts
    }
}
