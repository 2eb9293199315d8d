#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs this benchmark's own executable as a child process (a probe), and reports what the
/// operating system measured of it.
enum ChildProcess {
    /// What a finished child printed and used.
    struct Outcome {
        /// Its standard output.
        var output: String
        /// Its peak resident set size in bytes, from `wait4`'s `ru_maxrss`.
        var peakResidentBytes: Double
        /// Seconds from spawning to reaping it.
        var wallSeconds: Double
    }

    /// The path of the running executable.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }

    /// Runs this executable with `arguments`, its standard output going to `outputFile`; waits for it.
    ///
    /// - Throws: when it cannot be spawned or exits with a failure (its output is in the message).
    static func run(_ arguments: [String], outputFile: String) throws -> Outcome {
        let path = executablePath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = POSIX.now()
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard status == 0 else { throw BenchError("cannot run \(path): \(String(cString: strerror(status)))") }
        var exitStatus: Int32 = 0
        var usage = rusage()
        while wait4(pid, &exitStatus, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4: \(POSIX.lastError)") }
        }
        let wall = POSIX.now() - start
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        // WIFEXITED && WEXITSTATUS == 0, spelled out: the macros are not imported into Swift.
        guard exitStatus & 0x7F == 0, (exitStatus >> 8) & 0xFF == 0 else {
            throw BenchError("probe \(arguments.joined(separator: " ")) failed (status \(exitStatus)): \(output)")
        }
        #if canImport(Darwin)
        let peak = Double(usage.ru_maxrss)  // bytes on Apple systems
        #else
        let peak = Double(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return Outcome(output: output, peakResidentBytes: peak, wallSeconds: wall)
    }
}
