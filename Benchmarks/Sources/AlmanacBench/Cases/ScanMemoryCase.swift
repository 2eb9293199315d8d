import Foundation

/// Case 6: the peak memory of a full scan (case 4's work), as the operating system measures it.
///
/// Each side scans the 3-year store in a fresh child process, which reports the kernel's
/// high-water mark of its resident set (`VmHWM` in `/proc/self/status`) while it still holds
/// the decoded documents (elsewhere: `ru_maxrss` from `wait4`). The `idleProcessMiB` fact is
/// the footprint of a child that does nothing (the Swift runtime and Foundation), included in
/// every figure.
struct ScanMemoryCase: BenchmarkCase {
    static let name = "scan-memory"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        let count = fixture.events.documents.count
        workspace.log("\(Self.name): \(count) usage-events, one child process per scan")
        let output = workspace.root.appendingPathComponent("probe-output.json").path
        let idle = try peak(of: ChildProcess.run(["probe", "idle"], outputFile: output))
        var seconds: [Side: [Double]] = [:]
        let repeater = workspace.repeater(warmUp: false, repetitions: workspace.sizes.memoryRepetitions)
        let values = try repeater.run(workspace.options.sides) { side, _ in
            let outcome = try ChildProcess.run(Probe.arguments("scan", side: side, fixture: fixture), outputFile: output)
            let report = try JSONDecoder().decode(Probe.Report.self, from: Data(outcome.output.utf8))
            guard report.count == count else {
                throw BenchError("\(Self.name): \(side.title) scanned \(report.count) documents, expected \(count)")
            }
            seconds[side, default: []].append(report.seconds)
            return try peak(of: outcome) / 1_048_576
        }
        var facts: [String: Double] = ["documents": Double(count), "idleProcessMiB": idle / 1_048_576]
        for (side, times) in seconds {
            facts["\(side.rawValue)ScanMs"] = Statistics(times).median * 1000
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "peak RSS, scan of \(count)",
            unit: "MiB", values: values, facts: facts)]
    }

    /// The peak resident bytes a probe reported, or the OS's `ru_maxrss` where it could not.
    private func peak(of outcome: ChildProcess.Outcome) throws -> Double {
        let report = try JSONDecoder().decode(Probe.Report.self, from: Data(outcome.output.utf8))
        return report.peakResidentBytes ?? outcome.peakResidentBytes
    }
}
