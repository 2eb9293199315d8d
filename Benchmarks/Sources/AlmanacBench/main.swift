import Foundation

// The benchmark harness of Almanac; see Benchmarks/README.md. `Benchmarks/run` builds and runs it.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "probe":
        try Probe(arguments: Array(arguments.dropFirst())).run()
    case "compare":
        guard arguments.count == 3 else { throw BenchError("usage: AlmanacBench compare OLD.json NEW.json") }
        try Comparison.run(old: URL(fileURLWithPath: arguments[1]), new: URL(fileURLWithPath: arguments[2]))
    case "list":
        print(BenchmarkCatalog.names.joined(separator: "\n"))
    default:
        try BenchmarkRun(options: Options(arguments: arguments)).run()
    }
} catch {
    FileHandle.standardError.write(Data("AlmanacBench: error: \(error)\n".utf8))
    exit(1)
}
