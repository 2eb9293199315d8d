import Foundation

/// Runs the built `almanac` under a pseudo-terminal with util-linux `script`, for what the tool
/// shows only on a terminal (progress lines): the typescript holds everything written to it,
/// carriage returns and all.
enum TerminalRun {
    /// `script`, or `nil` where it is missing or is not util-linux's (macOS's takes other flags).
    static let script: URL? = {
        let url = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        return url
    }()

    /// Runs `almanac ARGS` on a terminal; returns its exit status and all it wrote there.
    static func run(_ args: [String], in folder: URL) throws -> (exit: Int32, output: String) {
        guard let script, let executable = AlmanacProcess.executable else {
            throw AlmanacProcessError(description: "script (util-linux) or the built almanac is missing")
        }
        let typescript = folder.appendingPathComponent("typescript-\(UUID().uuidString)")
        let command = ([executable.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = script
        // -q: no banner; -e: the command's exit status; -c: the command.
        process.arguments = ["-qec", command, typescript.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(AlmanacProcess.timeout)
        while process.isRunning {
            guard Date() < deadline else {
                process.terminate()
                throw AlmanacProcessError(description: "almanac \(args.joined(separator: " ")) under script ran past \(AlmanacProcess.timeout) s")
            }
            usleep(20_000)
        }
        let output = (try? String(contentsOf: typescript, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: typescript)
        return (process.terminationStatus, output)
    }
}
