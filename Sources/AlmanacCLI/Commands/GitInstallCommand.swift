import Almanac
import Foundation

/// `almanac git install --store DIR`: makes `almanac git merge` the merge driver of the store's
/// documents and `store.json` in the git repository that holds the store.
enum GitInstallCommand: AlmanacCommand {
    static let group: CommandGroup? = .git

    static let spec = CommandSpec(
        name: "install", abstract: "Merge the store's documents field by field during git merge and git pull.",
        discussion: """
            Writes .gitattributes in the store folder (its documents and store.json use the merge driver "almanac"), \
            adds .almanac/ to .gitignore (it belongs to one device), and sets merge.almanac.driver in the repository's \
            git config to this almanac tool, and turns off git's directory-rename detection (merge.directoryRenames), \
            which can drop a document edited on one device while another archived its day. Run it once per clone: git config is not committed. Safe to run again.
            """)

    /// What `git install --json` prints.
    struct Installed: Encodable {
        var repository: String
        var attributes: String
        var driver: String
    }

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.storeURL().standardizedFileURL
        _ = try Store.app(at: store)  // a store, not any folder
        let top = (try? git(["rev-parse", "--show-toplevel"], in: store))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !top.isEmpty else {
            throw AlmanacError(.notFound, "\(store.path) is not inside a git repository; run 'git init' there (or clone the store's repository), then install the driver")
        }
        let topURL = URL(fileURLWithPath: top).resolvingSymlinksInPath()
        let storePath = store.resolvingSymlinksInPath().path
        let relative = storePath == topURL.path ? "." : String(storePath.dropFirst(topURL.path.count + 1))
        _ = try GitSettings.write(toStoreAt: store)
        let tool = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? "almanac"
        let driver = "\(quoted(tool)) git merge --store \(quoted(relative)) %O %A %B %P"
        _ = try git(["config", "merge.almanac.name", "Almanac: documents merged field by field"], in: store)
        _ = try git(["config", "merge.almanac.driver", driver], in: store)
        for (key, value) in GitSettings.configuration { _ = try git(["config", key, value], in: store) }
        try context.print(Installed(repository: topURL.path, attributes: store.appendingPathComponent(".gitattributes").path, driver: driver)) { installed in
            "merge driver installed in \(installed.repository): \(installed.attributes) routes the store's documents and store.json to it; git config merge.almanac.driver = \(installed.driver)"
        }
        return ExitCode.success
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs git in `folder` and returns its output.
    private static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw AlmanacError(.io, "cannot run git (\(error)); install git and put it on PATH")
        }
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AlmanacError(.io, "git \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
