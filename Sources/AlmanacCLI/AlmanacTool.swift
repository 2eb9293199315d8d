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
            result = try CommandTree.parser.parse(arguments)
        } catch {
            Output.error(error.report)
            exit(UsageError.exitCode)
        }
        switch result {
        case .help(let path):
            Output.write(CommandTree.parser.help(for: path))
            exit(0)
        case .run(let command):
            let code = run(command)
            if ProcessInfo.processInfo.environment["ALMANAC_FLUSH_COUNTS"] == "1" {
                // What the command paid for durability (README, "On Apple platforms").
                Output.error("almanac: flushes: \(FlushCounts.current)")
            }
            exit(code)
        }
    }

    /// Runs a parsed command and returns its exit code.
    static func run(_ command: ParsedCommand) -> Int32 {
        let context = CommandContext(values: command.values)
        do {
            switch command.path {
            case ["init"]: return try InitCommand.run(context)
            case ["status"]: return try StatusCommand.run(context)
            case ["ls"]: return try ListCommand.run(context)
            case ["get"]: return try GetCommand.run(context)
            case ["put"]: return try PutCommand.run(context)
            case ["rm"]: return try RemoveCommand.run(context)
            case ["check"]: return try CheckCommand.run(context)
            case ["migrate", "status"]: return try MigrateStatusCommand.run(context)
            case ["migrate", "plan"]: return try MigratePlanCommand.run(context)
            case ["migrate", "up"]: return try MigrateUpCommand.run(context)
            case ["migrate", "rollback"]: return try MigrateRollbackCommand.run(context)
            case ["migrate", "repair"]: return try MigrateRepairCommand.run(context)
            case ["seed", "import"]: return try SeedImportCommand.run(context)
            case ["export"]: return try ExportCommand.run(context)
            case ["backup"]: return try BackupCommand.run(context)
            case ["import"]: return try ImportCommand.run(context)
            case ["delete"]: return try DeleteCommand.run(context)
            case ["retention", "run"]: return try RetentionRunCommand.run(context)
            case let path where path.first == "report": return try ReportCommand.run(context)
            default:
                Output.error("almanac: error: '\(command.path.joined(separator: " "))' is not implemented")
                return 1
            }
        } catch let error as UsageError {
            Output.error(error.report)
            return UsageError.exitCode
        } catch let error as AlmanacError {
            Output.error("almanac: error: \(error)")
            return ExitCode.for(error)
        } catch {
            Output.error("almanac: error: \(error)")
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
        case .invalidDocument, .invalidID, .malformedJSON, .uniqueViolation, .idCollision, .checkFailed, .migrationFailed, .ruleViolation, .missingReference, .deleteRestricted: problemsFound
        case .invalidArgument: usage
        case .invalidMigration: problemsFound
        default: failure
        }
    }
}
