import Almanac
import Foundation

/// The `almanac` command: parses the command line, runs the command, maps errors to exit codes.
@main
enum AlmanacTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            Output.write("almanac \(AlmanacVersion.current) (store format \(AlmanacVersion.storeFormat))")
            exit(0)
        }
        let result: ParseResult
        do {
            result = try CommandList.parser.parse(arguments)
        } catch {
            // The line did not parse, so --json is looked for among the options as typed.
            Output.failure(error, json: arguments.prefix { $0 != "--" }.contains(CommonOptions.json.displayName))
            exit(UsageError.exitCode)
        }
        switch result {
        case .help(let path):
            Output.write(CommandList.parser.help(for: path))
            exit(0)
        case .run(let command):
            let code = run(command)
            OpenStores.shared.finishAll()
            if ProcessInfo.processInfo.environment["ALMANAC_FLUSH_COUNTS"] == "1" {
                // What the command paid for durability (the Apple platforms article, "Flushes").
                Output.error("almanac: flushes: \(FlushCounts.current)")
            }
            if ProcessInfo.processInfo.environment["ALMANAC_WORK_COUNTS"] == "1" {
                // What the command's reads and the folder index did (counted in debug builds).
                Output.error("almanac: work: \(WorkCounter.summary)")
            }
            exit(code)
        }
    }

    /// Runs a parsed command and returns its exit code; errors are printed (as JSON under
    /// `--json`) and mapped to the exit codes of ``ExitCode``.
    static func run(_ parsed: ParsedCommand, attempt: Int = 1) -> Int32 {
        let context = CommandContext(values: parsed.values)
        do {
            guard let command = CommandList.command(for: parsed.path) else {
                throw context.usage("'\(parsed.path.joined(separator: " "))' is a group of commands; name one of them")
            }
            return try command.run(context)
        } catch let error as AlmanacError where error.code == .storeChanged && attempt < 3 {
            // The command opened the store, then waited for the lock while another process
            // migrated it; nothing was written. Open the store again and run it once more.
            return run(parsed, attempt: attempt + 1)
        } catch let error as UsageError {
            Output.failure(error, json: context.json)
            return UsageError.exitCode
        } catch let error as AlmanacError {
            Output.failure(FlagHints.apply(error), json: context.json)
            return ExitCode.for(error)
        } catch {
            // A Foundation file error is worded as Almanac words the system call behind it.
            if AlmanacError.posixCode(of: error as NSError) != nil {
                Output.failure(AlmanacError.fromFoundation(error, operation: "a file operation", path: "."), json: context.json)
            } else {
                Output.failure(error, json: context.json)
            }
            return ExitCode.failure
        }
    }
}

/// The exit codes of DESIGN §8.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let problemsFound: Int32 = 3
    static let locked: Int32 = 4
    static let storeTooNew: Int32 = 5

    static func `for`(_ error: AlmanacError) -> Int32 {
        switch error.code {
        case .locked: locked
        case .storeTooNew: storeTooNew
        case .invalidDocument, .invalidID, .malformedJSON, .uniqueViolation, .idCollision, .checkFailed, .migrationFailed, .ruleViolation, .missingReference, .deleteRestricted, .misfiled, .syncConflict: problemsFound
        // A collection the store does not have is a mistyped argument, as an unknown field is.
        case .invalidArgument, .invalidQuery, .unknownCollection: usage
        case .invalidMigration: problemsFound
        default: failure
        }
    }
}
