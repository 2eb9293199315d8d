import Almanac
import Foundation

/// Case 5: open the 3-year store in a fresh process and read one document by id.
///
/// Each measurement is a new child process; the time is taken inside it, from before opening
/// to after the decoded document is in hand (process start-up is not counted; the child's
/// whole life is in the `…ProcessMs` facts).
/// - Almanac: `Store(at:)` then `document(UsageEvent.self, id:)`.
/// - SQLite: `sqlite3_open_v2` (+ WAL and `synchronous` pragmas) then `SELECT body WHERE id = ?`, decoded.
/// - bare: open, read, close and decode the file at its known path (the bare side has no
///   index, so it is given the path: a lower bound).
struct OpenReadCase: BenchmarkCase {
    static let name = "open-read"

    func run(in workspace: Workspace) throws -> [CaseResult] {
        let fixture = try workspace.fixture("3y")
        let documents = fixture.events.prepared
        workspace.log("\(Self.name): \(documents.count)-document store, one child process per read")
        let output = workspace.root.appendingPathComponent("probe-output.json").path
        var wall: [Side: [Double]] = [:]
        let rounds = workspace.sizes.repetitions
        let values = try workspace.repeater().run(workspace.options.sides) { side, phase in
            // A different document each round, the same one for every side.
            let round = if case .round(let number) = phase { number + 1 } else { 0 }
            let document = documents[(round * 7_919 + documents.count / 3) % documents.count]
            let arguments = Probe.arguments("open-read", side: side, fixture: fixture, id: document.id, path: document.relativePath)
            let outcome = try ChildProcess.run(arguments, outputFile: output)
            let report = try JSONDecoder().decode(Probe.Report.self, from: Data(outcome.output.utf8))
            if phase != .warmUp { wall[side, default: []].append(outcome.wallSeconds * 1000) }
            return report.seconds
        }
        var facts: [String: Double] = ["documents": Double(documents.count), "rounds": Double(rounds)]
        for (side, milliseconds) in wall {
            facts["\(side.rawValue)ProcessMs"] = Statistics(milliseconds).median
        }
        return [CaseResult(
            name: Self.name, title: Self.name, work: "open \(documents.count)-doc store + 1 read",
            unit: "ms", values: milliseconds(values), facts: facts)]
    }
}
