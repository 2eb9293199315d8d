import Foundation
import Testing

/// Running git in a test's folders, as a person with a fresh identity would.
enum GitRepository {
    /// Runs git and requires it to succeed.
    static func run(_ arguments: [String], in folder: URL) throws {
        let status = try status(arguments, in: folder)
        try #require(status == 0, "git \(arguments.joined(separator: " ")) failed in \(folder.path)")
    }

    /// Runs git and returns its exit status (a merge with conflicts is not 0).
    @discardableResult
    static func status(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Almanac Test", "-c", "user.email=test@example.invalid",
                             "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", "-c", "pull.rebase=false"] + arguments
        process.currentDirectoryURL = folder
        // ALMANAC_SYNC_TRACE shows what git says (merges, conflicts, renames).
        if ProcessInfo.processInfo.environment["ALMANAC_SYNC_TRACE"] == nil {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
