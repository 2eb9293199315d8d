import Foundation

/// The JSON a run writes to `Benchmarks/results/latest.json` (and a dated copy beside it).
struct ResultsFile: Codable, Sendable {
    /// Always `almanac-benchmark`.
    var format = "almanac-benchmark"
    /// The version of this file's layout.
    var version = 1
    /// When the run finished, ISO 8601 UTC.
    let date: String
    /// The command that ran it.
    let command: String
    /// Whether it was a `--quick` run.
    let quick: Bool
    /// The sizes of the work.
    let sizes: Sizes
    /// The machine.
    let machine: MachineInfo
    /// One entry per row of the table.
    let cases: [CaseResult]
    /// The targets of the issue, checked.
    let targets: [TargetCheck]

    /// Writes the file as pretty JSON with sorted keys.
    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url)
    }

    /// Reads a file written by ``write(to:)``.
    static func read(_ url: URL) throws -> ResultsFile {
        do {
            return try JSONDecoder().decode(ResultsFile.self, from: Data(contentsOf: url))
        } catch {
            throw BenchError("cannot read results \(url.path): \(error)")
        }
    }
}
