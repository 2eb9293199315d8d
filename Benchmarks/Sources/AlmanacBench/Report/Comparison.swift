import Foundation

/// `AlmanacBench compare OLD.json NEW.json`: Almanac's figures of two runs side by side, for
/// before/after comparisons of an optimisation. The ratios are the figures to compare (each
/// is measured within its own run); absolute times drift between runs.
enum Comparison {
    /// Prints the comparison of the results files at `old` and `new`.
    static func run(old: URL, new: URL) throws {
        let before = try ResultsFile.read(old), after = try ResultsFile.read(new)
        let header = ["case", "Almanac before", "after", "Almanac/bare before", "after", "change"]
        var rows: [[String]] = []
        for result in after.cases {
            let previous = before.cases.first { $0.title == result.title }
            let oldRatio = previous?.almanacOverBare?.median, newRatio = result.almanacOverBare?.median
            let change = oldRatio.flatMap { old in newRatio.map { String(format: "%+.0f%%", ($0 / old - 1) * 100) } } ?? "-"
            rows.append([
                result.title,
                previous.map { ResultTable.value($0, .almanac) } ?? "-",
                ResultTable.value(result, .almanac),
                oldRatio.map { String(format: "%.2f", $0) } ?? "-",
                newRatio.map { String(format: "%.2f", $0) } ?? "-",
                change,
            ])
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            print(row.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  "))
        }
        print("\nbefore: \(old.path) (\(before.date)\(before.quick ? ", quick" : ""))")
        print("after:  \(new.path) (\(after.date)\(after.quick ? ", quick" : ""))")
    }
}
