#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The `AlmanacTestWorker` executable (Tests/Worker), a second process that writes to a store
/// through the library while a test kills it or runs `almanac` beside it.
enum WorkerProcess {
    static var executable: URL? {
        guard let almanac = AlmanacProcess.executable else { return nil }
        let worker = almanac.deletingLastPathComponent().appendingPathComponent("AlmanacTestWorker")
        return FileManager.default.isExecutableFile(atPath: worker.path) ? worker : nil
    }

    /// Starts the worker with `arguments`; its standard output goes to `output` when given.
    static func start(_ arguments: [String], environment: [String: String] = [:], output: URL? = nil) throws -> Process {
        guard let executable else {
            throw AlmanacProcessError(description: AlmanacProcess.executable == nil
                ? AlmanacProcess.missingExecutable
                : "AlmanacTestWorker is not built beside \(AlmanacProcess.executable?.path ?? "almanac"); run swift build (it builds both)")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        // Not a pipe nobody reads: a worker that writes much would block on it.
        process.standardError = FileHandle.standardError
        try process.run()
        return process
    }

    /// Runs the worker to its end and returns its exit status (128 + signal when killed).
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:], output: URL? = nil, timeout: TimeInterval = AlmanacProcess.timeout) throws -> Int32 {
        let process = try start(arguments, environment: environment, output: output)
        return try wait(process, timeout: timeout)
    }

    /// Waits for `process` and returns its exit status (128 + signal when killed).
    static func wait(_ process: Process, timeout: TimeInterval = AlmanacProcess.timeout) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                process.terminate()
                throw AlmanacProcessError(description: "AlmanacTestWorker \(process.arguments ?? []) outlived \(timeout) s")
            }
            usleep(5_000)
        }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Sends `SIGKILL` to `process` and waits for it.
    static func kill9(_ process: Process) throws {
        kill(process.processIdentifier, SIGKILL)
        _ = try wait(process)
    }
}
