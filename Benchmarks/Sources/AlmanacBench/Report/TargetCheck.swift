import Foundation

/// One performance target of the issue, checked against a run's results.
struct TargetCheck: Codable, Sendable {
    /// The target, in words.
    let target: String
    /// The measured figure, in the target's terms.
    let measured: Double
    /// The figure the target allows.
    let limit: Double
    /// Whether the target is met.
    let met: Bool
    /// How the figure was worked out.
    let detail: String

    /// The targets that `results` can be checked against (a case that did not run is left out).
    static func evaluate(_ results: [CaseResult]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        for result in results {
            let ratio = result.almanacOverBare?.median
            switch result.name {
            case SingleSaveCase.name:
                if let ratio {
                    checks.append(atLeast("\(result.title): throughput ≥ 0.8× bare", 1 / ratio, 0.8,
                                          "bare time / Almanac time, median of rounds"))
                }
            case BatchSaveCase.name:
                if let ratio {
                    checks.append(atLeast("batch-save: throughput ≥ 0.7× bare", 1 / ratio, 0.7, "bare time / Almanac time, median of rounds"))
                }
            case RangeQueryCase.name where result.title.contains("3y"):
                if let ratio {
                    checks.append(atMost("range-query 3y: time ≤ 1.5× bare", ratio, 1.5, "Almanac time / bare time, median of rounds"))
                }
                if let growth = result.facts["almanac3yOver1y"] {
                    checks.append(atMost("range-query: 3y store within 1.2× of 1y store", growth, 1.2,
                                         "Almanac 3y time / Almanac 1y time, median of rounds"))
                }
            case FullScanCase.name:
                if let ratio {
                    checks.append(atMost("full-scan: time ≤ 1.3× bare read+decode", ratio, 1.3, "Almanac time / bare time, median of rounds"))
                }
            case OpenReadCase.name:
                if let milliseconds = result.median(.almanac) {
                    checks.append(TargetCheck(
                        target: "open-read: open + read by id < 10 ms", measured: milliseconds, limit: 10, met: milliseconds < 10,
                        detail: "Almanac milliseconds in a fresh process, median of rounds"))
                }
            case ValidationCase.name:
                if let ratio {
                    checks.append(atMost("\(result.title): validate < 0.25× decode", ratio, 0.25,
                                         "validate time / JSONDecoder time, median of rounds"))
                }
            default: break
            }
        }
        return checks
    }

    private static func atLeast(_ target: String, _ measured: Double, _ limit: Double, _ detail: String) -> TargetCheck {
        TargetCheck(target: target, measured: measured, limit: limit, met: measured >= limit, detail: detail)
    }

    private static func atMost(_ target: String, _ measured: Double, _ limit: Double, _ detail: String) -> TargetCheck {
        TargetCheck(target: target, measured: measured, limit: limit, met: measured <= limit, detail: detail)
    }

    /// One line for the terminal: `met  ` or `MISSED`, the target, the figure.
    var line: String {
        let verdict = met ? "met   " : "MISSED"
        return "\(verdict)  \(target.padding(toLength: 52, withPad: " ", startingAt: 0))  \(String(format: "%.2f", measured)) (limit \(String(format: "%g", limit)))"
    }
}
