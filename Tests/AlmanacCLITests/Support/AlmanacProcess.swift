#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Paths in this repository, found from this file's location
/// (`Tests/AlmanacCLITests/Support/AlmanacProcess.swift`).
enum E2ERepository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // AlmanacCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root

    static let apps = ["miga", "elaro", "pressure", "cravey"]

    static func schema(_ app: String) -> URL { root.appendingPathComponent("schema/\(app)") }
    static func sampleStore(_ app: String) -> URL { root.appendingPathComponent("samples/\(app)/store") }
    /// The sample store's own schema: the version-1 schema the app shipped with, frozen
    /// (`schema/<app>` is the current one, which `migrations/<app>` leads to).
    static func sampleSchema(_ app: String) -> URL { sampleStore(app).appendingPathComponent("schema") }
    static func migrations(_ app: String) -> URL { root.appendingPathComponent("migrations/\(app)") }
}

/// A fresh temporary folder for one test, removed when the value is released.
final class E2EFolder: @unchecked Sendable {
    // Sendable: immutable after init.
    let url: URL

    /// Whether folders go on a memory file system by default: where there is one (`/dev/shm`)
    /// with room for the suite (a container's is often 64 MB), and `ALMANAC_TEST_ON_DISK=1`
    /// does not ask for the usual temporary folder. The suite writes and removes hundreds of
    /// thousands of small files, and on ext4 the search for a free inode among recently deleted
    /// ones, not the code under test, cost most of its time. The tests that need a real disk
    /// file system mount their own (``SmallFileSystem``).
    static let memoryByDefault = ProcessInfo.processInfo.environment["ALMANAC_TEST_ON_DISK"] != "1" && memoryHasRoom

    /// Whether `/dev/shm` is writable and has 2 GiB free.
    static var memoryHasRoom: Bool {
        var info = statvfs()
        guard access("/dev/shm", W_OK | X_OK) == 0, statvfs("/dev/shm", &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) >= 2 << 30
    }

    /// - Parameter inMemory: put the folder on the memory file system (`/dev/shm`) where there
    ///   is one with room (``memoryHasRoom``); `false`, the usual temporary folder.
    init(inMemory: Bool = E2EFolder.memoryByDefault) {
        var base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        if inMemory, Self.memoryHasRoom { base = URL(fileURLWithPath: "/dev/shm") }
        url = base.appendingPathComponent("almanac-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// A writable copy of the sample store of `app` (never write into `samples/`).
    func copySample(_ app: String) throws -> URL {
        let copy = path("\(app)-store")
        try FileManager.default.copyItem(at: E2ERepository.sampleStore(app), to: copy)
        return copy
    }

    /// Writes `text` to `relative` and returns its URL.
    @discardableResult
    func write(_ text: String, to relative: String) throws -> URL {
        let file = path(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }
}

/// What one run of `almanac` did.
struct AlmanacRun: CustomStringConvertible {
    var exit: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(exit)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }

    /// stdout parsed with Foundation's JSONSerialization.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }
}

struct AlmanacProcessError: Error, CustomStringConvertible {
    var description: String
}

/// Runs the built `almanac` executable as a subprocess.
enum AlmanacProcess {
    /// How long one subprocess (the tool or the test worker) may run before the test calls it
    /// hung and fails: generous, and the same for every helper, so that a slow or busy machine
    /// never fails a test (a command that normally takes 0.1 s may take a minute while another
    /// build runs beside the suite). `ALMANAC_E2E_TIMEOUT` overrides.
    static let timeout: TimeInterval = ProcessInfo.processInfo.environment["ALMANAC_E2E_TIMEOUT"].flatMap(TimeInterval.init) ?? 600

    /// The `almanac` executable built next to the test bundle (or named by
    /// `ALMANAC_E2E_BINARY`), or `nil`.
    static let executable: URL? = {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["ALMANAC_E2E_BINARY"], !explicit.isEmpty {
            return fileManager.isExecutableFile(atPath: explicit) ? URL(fileURLWithPath: explicit) : nil
        }
        var folders: [URL] = []
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        folders.append(argument0.deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Each folder, and its parent (`<dir>/../almanac`, for macOS `*.xctest/Contents/MacOS`
        // two more levels up).
        var candidates: [URL] = []
        for folder in folders {
            var current = folder
            for _ in 0..<4 {
                candidates.append(current.appendingPathComponent("almanac"))
                current = current.deletingLastPathComponent()
            }
        }
        for candidate in candidates {
            var isFolder: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
               fileManager.isExecutableFile(atPath: candidate.path)
            {
                return candidate.standardizedFileURL
            }
        }
        return nil
    }()

    /// What to do when ``executable`` is `nil`: the CI workflows set `ALMANAC_E2E_BINARY`, since
    /// a runner may start the tests from a bundle that has no `almanac` beside it (Xcode's).
    static var missingExecutable: String {
        if let explicit = ProcessInfo.processInfo.environment["ALMANAC_E2E_BINARY"], !explicit.isEmpty {
            return "ALMANAC_E2E_BINARY is \(explicit), which is not an executable file; set it to the built tool, e.g. ALMANAC_E2E_BINARY=\"$(swift build --show-bin-path)/almanac\""
        }
        return "the almanac executable was not found beside the test bundle (\(CommandLine.arguments[0])); run `swift build` first (with the same --scratch-path as `swift test`), or set ALMANAC_E2E_BINARY to the built tool, e.g. ALMANAC_E2E_BINARY=\"$(swift build --show-bin-path)/almanac\""
    }

    /// ``executable``, or an error that says how to provide it.
    static func requiredExecutable() throws -> URL {
        guard let executable else { throw AlmanacProcessError(description: missingExecutable) }
        return executable
    }

    /// Runs `almanac args…` and returns its exit status and output.
    ///
    /// - Parameters:
    ///   - stdin: the standard input; `nil` gives the process an empty one,
    ///     so a command that reads stdin never waits on the test runner's terminal.
    ///   - env: variables added to the environment; `ALMANAC_STORE` is removed from the
    ///     inherited environment, so pass it here when a test wants it.
    ///   - cwd: the working folder (default: a fresh empty temporary folder, so that no
    ///     `schema/` folder is found by accident).
    /// - Throws: `AlmanacProcessError` when the executable is missing (run `swift build`) or
    ///   the process outlives ``timeout``; a test that calls this with `try` then fails
    ///   with that message. Safe to call from several threads at once.
    ///   - descriptorLimit: the process's limit of open files (`ulimit -n`), as on Apple systems
    ///     (256 on macOS by default); `nil` inherits the test runner's.
    ///   - user: run as this user id (and group id) through `setpriv`, for permission tests
    ///     (the runner must be root); `nil` runs as the runner.
    static func run(
        _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL? = nil, descriptorLimit: Int? = nil,
        user: Int? = nil
    ) throws -> AlmanacRun {
        guard let executable else { throw AlmanacProcessError(description: missingExecutable) }
        let fileManager = FileManager.default
        let io = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("almanac-e2e-io-\(UUID().uuidString)")
        try fileManager.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: io) }
        // Files, not pipes: no buffer can fill up, and no end of file depends on which other
        // processes (spawned by tests running in parallel) inherited a pipe's write end.
        let outURL = io.appendingPathComponent("stdout")
        let errURL = io.appendingPathComponent("stderr")
        let inURL = io.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data((stdin ?? "").utf8).write(to: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inHandle = try FileHandle(forReadingFrom: inURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
            try? inHandle.close()
        }

        let process = Process()
        if let descriptorLimit {
            // The shell sets the limit, then becomes almanac: the limit holds for almanac alone.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", executable.path] + args
        } else if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", executable.path] + args
        } else {
            process.executableURL = executable
            process.arguments = args
        }
        var environment = ProcessInfo.processInfo.environment
        environment["ALMANAC_STORE"] = nil
        environment.merge(env) { _, new in new }
        process.environment = environment
        let workingFolder = cwd ?? io.appendingPathComponent("cwd")
        if cwd == nil { try fileManager.createDirectory(at: workingFolder, withIntermediateDirectories: true) }
        process.currentDirectoryURL = workingFolder
        process.standardInput = inHandle
        process.standardOutput = outHandle
        process.standardError = errHandle

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            if finished.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                _ = finished.wait(timeout: .now() + 2)
            }
            throw AlmanacProcessError(description: "almanac \(args.joined(separator: " ")) did not finish within \(timeout) seconds; killed")
        }
        let status: Int32 = process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
        let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return AlmanacRun(exit: status, stdout: stdout, stderr: stderr)
    }
}

/// File-system helpers for assertions.
enum E2EFiles {
    /// The permission bits of `url` (without following a final symbolic link).
    static func mode(_ url: URL) -> mode_t? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Every regular file below `folder`, as paths relative to it, sorted.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if !isFolder(folder.appendingPathComponent(relative)) { result.append(relative) }
        }
        return result.sorted()
    }

    static func text(_ url: URL) -> String? {
        (try? Data(contentsOf: url)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A JSON object file, parsed with Foundation.
    static func object(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
