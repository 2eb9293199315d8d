import Foundation

/// The results as a plain-text table: one row per case, medians with their spread, and the
/// ratios of Almanac to the bare system calls and to SQLite (median of rounds, min–max).
enum ResultTable {
    /// Renders `results`.
    static func render(_ results: [CaseResult]) -> String {
        let header = ["case", "work", "Almanac", "SQLite", "bare", "Almanac/bare", "Almanac/SQLite"]
        let rows = results.map { result in
            [
                result.title, result.work,
                value(result, .almanac), value(result, .sqlite), value(result, .bare),
                ratio(result.almanacOverBare), ratio(result.almanacOverSQLite),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index < 2 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    /// `812 ms ±3%`: the median and the spread of the rounds.
    static func value(_ result: CaseResult, _ side: Side) -> String {
        guard let statistics = result.summary[side.rawValue] else { return "-" }
        return "\(number(statistics.median)) \(result.unit) ±\(Int(statistics.spreadPercent.rounded()))%"
    }

    /// `1.12 (1.05–1.20)`: the median ratio of the rounds and its range.
    static func ratio(_ statistics: Statistics?) -> String {
        guard let statistics else { return "-" }
        return String(format: "%.2f (%.2f–%.2f)", statistics.median, statistics.min, statistics.max)
    }

    /// A number with about three significant digits.
    static func number(_ value: Double) -> String {
        switch abs(value) {
        case ..<10: String(format: "%.2f", value)
        case ..<100: String(format: "%.1f", value)
        default: String(format: "%.0f", value)
        }
    }
}
