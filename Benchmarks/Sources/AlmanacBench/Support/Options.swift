import Foundation

/// The command line of a benchmark run.
struct Options: Sendable {
    /// Reduced sizes and fewer rounds: every case in well under two minutes.
    var quick = false
    /// The cases to run, in the order of ``BenchmarkCatalog/names``; empty means all.
    var cases: [String] = []
    /// The sides to measure; fewer than all (e.g. `--sides almanac`, for a profiler) leaves ratios out.
    var sides: [Side] = Side.allCases
    /// Recorded rounds per case; `nil` takes the size's default (5, or 3 when quick).
    var repetitions: Int?
    /// Where stores are generated: a fresh folder the run may fill and empty.
    var temporaryFolder: URL?
    /// The repository root (holding `schema/` and `samples/`).
    var repository: URL?
    /// Where `latest.json` and the dated copies go.
    var resultsFolder: URL?
    /// Leave the generated stores in the temporary folder (to inspect them, or to profile a probe).
    var keep = false
    /// The command as typed by the user, recorded in the results.
    var commandLine: String?

    static let usage = """
        usage: AlmanacBench [--quick] [--case NAME[,NAME…]]… [--sides SIDE[,SIDE…]] [--repetitions N]
                            [--keep] [--temp DIR] [--repository DIR] [--results DIR] [--command TEXT]
               AlmanacBench compare OLD.json NEW.json
               AlmanacBench list

        cases: \(BenchmarkCatalog.names.joined(separator: ", "))
        sides: almanac, sqlite, bare
        """

    /// Parses the arguments after the program name.
    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let next = remaining.popFirst() else { throw BenchError("\(option) needs a value\n\(Options.usage)") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--full": quick = false
            case "--case", "--cases":
                for name in try value(for: argument).split(separator: ",").map(String.init) {
                    guard BenchmarkCatalog.names.contains(name) else {
                        throw BenchError("unknown case '\(name)'; the cases are \(BenchmarkCatalog.names.joined(separator: ", "))")
                    }
                    cases.append(name)
                }
            case "--sides", "--side":
                sides = try value(for: argument).split(separator: ",").map { name in
                    guard let side = Side(rawValue: String(name)) else { throw BenchError("unknown side '\(name)'; the sides are almanac, sqlite, bare") }
                    return side
                }
            case "--repetitions":
                guard let count = Int(try value(for: argument)), count >= 1 else { throw BenchError("--repetitions needs a number ≥ 1") }
                repetitions = count
            case "--temp": temporaryFolder = URL(fileURLWithPath: try value(for: argument))
            case "--repository": repository = URL(fileURLWithPath: try value(for: argument))
            case "--results": resultsFolder = URL(fileURLWithPath: try value(for: argument))
            case "--keep": keep = true
            case "--command": commandLine = try value(for: argument)
            case "--help", "-h": throw BenchError(Options.usage)
            default: throw BenchError("unknown argument '\(argument)'\n\(Options.usage)")
            }
        }
    }

    /// The cases to run, in catalog order.
    var selectedCases: [String] {
        cases.isEmpty ? BenchmarkCatalog.names : BenchmarkCatalog.names.filter(cases.contains)
    }
}
