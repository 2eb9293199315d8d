/// One case of the benchmark: the same work done by Almanac, SQLite and the bare system calls.
protocol BenchmarkCase {
    /// The name given to `--case`.
    static var name: String { get }
    /// Runs the case and returns its rows.
    func run(in workspace: Workspace) throws -> [CaseResult]
}

extension BenchmarkCase {
    /// Seconds turned into milliseconds.
    func milliseconds<Key>(_ values: [Key: [Double]]) -> [Key: [Double]] {
        values.mapValues { $0.map { $0 * 1000 } }
    }
}
