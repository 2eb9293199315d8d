import Foundation
import Testing

/// A real file synchroniser run between two local folders: Debian's `unison` (with
/// `-copyonconflict`, or last-writer-wins with `-prefer newer` alone) and `rclone bisync`.
/// Each run is one sync as a person starts it; `.almanac/` is excluded, as the README says.
struct FileSyncTool {
    enum Kind: String {
        /// `unison -copyonconflict -prefer newer`: the newer file wins, the other is kept as
        /// `<name> (conflict_on_<date>).json` on the side that lost it.
        case unison
        /// `unison -prefer newer` alone: the newer file overwrites the other, nothing is kept.
        case unisonNewerWins
        /// `rclone bisync`: a file changed on both sides becomes `<name>..path1` and `<name>..path2` on both.
        case rclone

        var program: String { self == .rclone ? "rclone" : "unison" }
    }

    let kind: Kind
    let folders: [URL]
    /// Where the tool keeps its own state (unison's archives, rclone's listings and config).
    let home: URL

    /// Why `kind` cannot run here, or `nil` when it can.
    static func unavailable(_ kind: Kind) -> String? {
        executable(kind.program) == nil
            ? "\(kind.program) is not installed (.ci/run installs Debian's package; apt install \(kind.program))" : nil
    }

    private static func executable(_ program: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Sets the tool up for `folders` (which hold the same files) and runs the first sync.
    init(_ kind: Kind, folders: [URL], home: URL) throws {
        self.kind = kind
        self.folders = folders
        self.home = home
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        if kind == .rclone {
            _ = FileManager.default.createFile(atPath: home.appendingPathComponent("rclone.conf").path, contents: Data())
            try run(["--resync"])
        } else {
            try run([])
        }
    }

    /// One sync, run until both folders hold the same shared files (`shared` reads them): unison
    /// carries a conflict copy to the other side on its next run. Fails after 4 runs.
    func sync(shared: (Int) throws -> [String: [UInt8]]) throws {
        for _ in 0..<4 {
            try run([])
            if try shared(0) == shared(1) { return }
        }
        Issue.record("\(kind.program): 4 syncs left the folders different")
    }

    private func run(_ extra: [String]) throws {
        let program = try #require(Self.executable(kind.program), "\(Self.unavailable(kind) ?? "")")
        let arguments: [String]
        var environment = ProcessInfo.processInfo.environment
        switch kind {
        case .unison, .unisonNewerWins:
            environment["UNISON"] = home.path
            arguments = [folders[0].path, folders[1].path, "-batch", "-prefer", "newer", "-ignore", "Name .almanac", "-ignore", "Name .unison*",
                         "-confirmbigdel=false", "-silent"] + (kind == .unison ? ["-copyonconflict"] : [])
        case .rclone:
            environment["RCLONE_CONFIG"] = home.appendingPathComponent("rclone.conf").path
            // --force: the safety stop for a sync that deletes or changes more than half of a
            // side, which a small store's migration does.
            arguments = ["bisync", folders[0].path, folders[1].path, "--workdir", home.appendingPathComponent("bisync").path,
                         "--exclude", "/.almanac/**", "--force", "-q"] + extra
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: bytes, as: UTF8.self)
        // unison exits 1 when it skipped something (nothing here: -prefer decides every conflict).
        if process.terminationStatus != 0 {
            Issue.record("\(kind.program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(text)")
        }
    }
}
