import Foundation
import Testing

@testable import Almanac

/// Every system call that fails, in every writer (issue 41, SQLite's `ioerr` tests): see
/// `IOFaultExplorer`. CI explores a bounded sweep (`ALMANAC_FAULT_STATES` states per workload);
/// the whole sweep, every call with every errno once and sticky:
/// `ALMANAC_FAULT_SWEEP=all swift test --filter IOFaultExplorerTests` (hours on two cores;
/// `ALMANAC_FAULT_WORKLOADS=<name>,…` explores only the workloads whose names contain one of
/// the words, so the sweep can be split across runs).
@Suite("I/O-fault explorer")
struct IOFaultExplorerTests {
    /// The crash explorer's workloads but the two where another writer's save lands midway,
    /// whose intermediate commit this explorer does not model.
    static let workloads = CrashWorkloads.all.filter { !$0.name.contains("overtaken") }

    @Test("every writer survives a failing system call at any step", arguments: workloads.indices)
    func writer(_ index: Int) throws {
        if let chosen = ProcessInfo.processInfo.environment["ALMANAC_FAULT_WORKLOADS"]?.split(separator: ","),
           !chosen.contains(where: { Self.workloads[index].name.contains($0) }) {
            return
        }
        let outcome = try IOFaultExplorer().explore(Self.workloads[index], index: index)
        print("I/O faults: \(outcome)")
        #expect(outcome.explored > 0, "\(outcome)")
        #expect(outcome.failures.isEmpty, "\(outcome)")
    }
}
