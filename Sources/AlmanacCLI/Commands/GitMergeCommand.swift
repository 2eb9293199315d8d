import Almanac
import Foundation

/// `almanac git merge --store DIR BASE OURS THEIRS PATH`: git's merge driver (`%O %A %B %P`).
enum GitMergeCommand: AlmanacCommand {
    static let group: CommandGroup? = .git
    static let base = PositionalSpec.required("base", help: "The version both sides started from (git's %O).")
    static let ours = PositionalSpec.required("ours", help: "This side's version, replaced by the result (git's %A).")
    static let theirs = PositionalSpec.required("theirs", help: "The other side's version (git's %B).")
    static let path = PositionalSpec.required("path", help: "The file's path in the repository (git's %P).")

    static let spec = CommandSpec(
        name: "merge", abstract: "Merge two versions of a store file, as git's merge driver (installed by 'almanac git install').",
        discussion: """
            Documents merge field by field: a field one side changed is taken from it, a field both changed follows the \
            collection's merge policy (newer-wins by its modification field). store.json merges compatible histories. \
            Writes the result over OURS and exits 0; exits 1 with both versions between merge markers when they cannot be \
            merged (a manual or keep-both policy, or a file that is not JSON); 'almanac resolve' handles those.
            """,
        positionals: [base, ours, theirs, path])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let basePath = context.values.positional(base), let oursPath = context.values.positional(ours),
              let theirsPath = context.values.positional(theirs), let repositoryPath = context.values.positional(path)
        else { throw context.usage("git merge takes BASE OURS THEIRS PATH (git's %O %A %B %P)") }
        let store = try context.storeURL()
        func read(_ file: String) throws -> [UInt8] {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw AlmanacError(.notFound, "cannot read \(file), a version git handed to the merge driver")
            }
            return Array(data)
        }
        // git runs the driver at the repository's top; PATH is relative to it, and so is --store.
        let prefix = store.path == "." ? "" : store.path.hasSuffix("/") ? store.path : store.path + "/"
        let inStore = repositoryPath.hasPrefix(prefix) ? String(repositoryPath.dropFirst(prefix.count)) : repositoryPath
        let catalog = FileManager.default.contents(atPath: store.appendingPathComponent("schema/catalog.json").path).map(Array.init)
        let outcome = StoreFileMerge.merge(base: try? read(basePath), ours: try read(oursPath), theirs: try read(theirsPath),
                                           path: inStore, catalog: catalog)
        switch outcome {
        case .merged(let bytes):
            try Data(bytes).write(to: URL(fileURLWithPath: oursPath))
            if context.json { try Output.json(Merged(path: repositoryPath, merged: true, reason: nil)) }
            return ExitCode.success
        case .conflicted(let bytes, let reason):
            try Data(bytes).write(to: URL(fileURLWithPath: oursPath))
            if context.json { try Output.json(Merged(path: repositoryPath, merged: false, reason: reason)) }
            Output.error("almanac: \(repositoryPath): left both versions between merge markers: \(reason); 'almanac resolve' merges them")
            return ExitCode.failure
        }
    }

    /// What `git merge --json` prints (git itself reads only the file and the exit code).
    struct Merged: Encodable {
        var path: String
        var merged: Bool
        var reason: String?
    }
}
