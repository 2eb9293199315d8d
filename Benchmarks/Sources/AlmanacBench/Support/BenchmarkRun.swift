import Foundation

/// One benchmark run: the selected cases in order, then the table, the targets and the JSON.
struct BenchmarkRun {
    let options: Options

    /// The repository root: `--repository`, or the one this file was compiled from.
    private var repository: URL {
        options.repository ?? URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    func run() throws {
        let fileManager = FileManager.default
        let ownsTemporaryFolder = options.temporaryFolder == nil
        let root = options.temporaryFolder
            ?? fileManager.temporaryDirectory.appendingPathComponent("almanac-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let workspace = Workspace(options: options, root: root, repository: repository)
        defer {
            if options.keep {
                workspace.log("kept the stores in \(root.path)")
            } else {
                cleanUp(root, ownsTemporaryFolder: ownsTemporaryFolder, workspace: workspace)
            }
        }
        let sizes = workspace.sizes
        workspace.log("""
            \(options.quick ? "quick" : "full") run: \(options.selectedCases.joined(separator: ", ")); \
            \(sizes.repetitions) rounds after a warm-up; stores in \(root.path)
            """)

        var results: [CaseResult] = []
        for name in options.selectedCases {
            results += try BenchmarkCatalog.makeCase(name).run(in: workspace)
        }
        let targets = TargetCheck.evaluate(results)
        let machine = MachineInfo(temporaryFolder: root)

        print(ResultTable.render(results))
        print("")
        for result in results where !result.facts.isEmpty {
            let facts = result.facts.sorted { $0.key < $1.key }.map { "\($0.key)=\(ResultTable.number($0.value))" }
            print("\(result.title): \(facts.joined(separator: " "))")
        }
        print("\ntargets:")
        for target in targets { print("  " + target.line) }
        print("""

            machine: \(machine.cores) cores, \(machine.memoryGiB) GiB, \(machine.cpuModel), \(machine.kernel); \
            temp folder on \(machine.fileSystem); SQLite \(machine.sqliteVersion)
            medians of \(sizes.repetitions) rounds (batch-save and migration \(sizes.batchRepetitions), scan-memory \(sizes.memoryRepetitions)) after a warm-up; \
            ±: (max-min)/median; ratios are taken per round: median (min–max)
            """)

        let date = ISO8601DateFormatter().string(from: Date())
        let file = ResultsFile(
            date: date, command: options.commandLine ?? CommandLine.arguments.joined(separator: " "),
            quick: options.quick, sizes: sizes, machine: machine, cases: results, targets: targets)
        let folder = options.resultsFolder ?? repository.appendingPathComponent("Benchmarks/results")
        let stamp = date.replacingOccurrences(of: ":", with: "")
        try file.write(to: folder.appendingPathComponent("latest.json"))
        try file.write(to: folder.appendingPathComponent("\(stamp)\(options.quick ? "-quick" : "").json"))
        print("results: \(folder.appendingPathComponent("latest.json").path)")
    }

    /// Removes everything the run made; stores can be large, so this runs even when a case failed.
    private func cleanUp(_ root: URL, ownsTemporaryFolder: Bool, workspace: Workspace) {
        workspace.log("removing the generated stores")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            workspace.remove(root.appendingPathComponent(name))
        }
        if ownsTemporaryFolder { try? FileManager.default.removeItem(at: root) }
    }
}
