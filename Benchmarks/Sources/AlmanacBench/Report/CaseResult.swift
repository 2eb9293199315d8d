/// The outcome of one benchmark case (one row of the table).
struct CaseResult: Codable, Sendable {
    /// The case's name, as given to `--case` (e.g. `single-save`).
    let name: String
    /// The row's label (e.g. `single-save usage-events`).
    let title: String
    /// What work was measured, in words.
    let work: String
    /// The unit of `samples` and `summary`: `ms` or `MiB`.
    let unit: String
    /// Recorded rounds (after one warm-up, unless the case says otherwise).
    let rounds: Int
    /// Every recorded value, by side (`almanac`, `sqlite`, `bare`), in round order.
    let samples: [String: [Double]]
    /// The statistics of `samples`, by side.
    let summary: [String: Statistics]
    /// Almanac's value divided by the bare side's, round by round (time: above 1 is slower).
    let almanacOverBare: Statistics?
    /// Almanac's value divided by SQLite's, round by round.
    let almanacOverSQLite: Statistics?
    /// Further facts, e.g. store sizes, documents returned, per-document times.
    let facts: [String: Double]

    /// Builds a row from values in `unit`, keyed by side.
    init(name: String, title: String, work: String, unit: String, values: [Side: [Double]], facts: [String: Double] = [:]) {
        self.name = name
        self.title = title
        self.work = work
        self.unit = unit
        rounds = values.values.map(\.count).max() ?? 0
        samples = Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })
        summary = samples.mapValues(Statistics.init)
        let almanac = values[.almanac] ?? []
        almanacOverBare = Statistics.ratios(almanac, values[.bare] ?? [])
        almanacOverSQLite = Statistics.ratios(almanac, values[.sqlite] ?? [])
        // Each row is built right after its rounds ran: the probe holds their descriptors and flushes.
        self.facts = facts.merging(AlmanacIOProbe.shared.takeFacts()) { given, _ in given }
    }

    /// The median of `side`, or `nil` when it was not measured.
    func median(_ side: Side) -> Double? {
        summary[side.rawValue]?.median
    }
}
