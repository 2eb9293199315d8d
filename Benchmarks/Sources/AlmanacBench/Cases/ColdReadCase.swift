import Almanac
import Foundation

/// Issue 44: the read cases cold, as an app launch or a CLI call reads: each measurement is
/// a new child process that opens the 3-year store and runs one read, so no cache of the
/// harness's process helps (the operating system's page cache still does, for every side).
///
/// - `range-query cold`: the 30 days of ``RangeQueryCase``, decoded.
/// - `newest-20 cold`: the 20 newest events of ``NewestQueryCase``, decoded.
///
/// The time is taken inside the child, from before opening the store (or database, or
/// folder) to the decoded documents in hand; the child's whole life, process start included,
/// is in the `…ProcessMs` facts. Almanac's side uses the store's folder index as a
/// relaunched app finds it (written by the runs before).
struct ColdReadCase: BenchmarkCase {
    static let name = "cold-reads"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        let sizes = workspace.sizes
        let first = Sizes.storeStart.adding(days: sizes.rangeOffset)
        let last = first.adding(days: sizes.rangeDays - 1)
        let documents = fixture.events.documents
        let inRange = documents.filter { $0.filingDay >= first && $0.filingDay <= last }.count
        workspace.log("\(Self.name): one child process per read of the 3y store (\(inRange) events in range; the 20 newest)")
        let output = workspace.root.appendingPathComponent("probe-output.json").path
        var results: [CaseResult] = []
        for (title, kind, extra, expected) in [
            ("range-query 3y store, cold", "range", ["--from", first.description, "--to", last.description], inRange),
            ("newest-20 3y store, cold", "newest", ["--count", "20"], 20),
        ] {
            var wall: [Side: [Double]] = [:]
            let values = try workspace.repeater().run(workspace.options.sides) { side, phase in
                let arguments = Probe.arguments(kind, side: side, fixture: fixture) + extra
                let outcome = try ChildProcess.run(arguments, outputFile: output)
                let report = try JSONDecoder().decode(Probe.Report.self, from: Data(outcome.output.utf8))
                guard report.count == expected else {
                    throw BenchError("\(Self.name): \(side.title) read \(report.count) documents for \(title), expected \(expected)")
                }
                if phase != .warmUp { wall[side, default: []].append(outcome.wallSeconds * 1000) }
                return report.seconds
            }
            var facts: [String: Double] = ["documentsInStore": Double(documents.count), "documentsReturned": Double(expected)]
            for (side, milliseconds) in wall { facts["\(side.rawValue)ProcessMs"] = Statistics(milliseconds).median }
            results.append(CaseResult(
                name: Self.name, title: title, work: "fresh process: \(expected) of \(documents.count)",
                unit: "ms", values: milliseconds(values), facts: facts))
        }
        return results
    }
}
