import Almanac
import Foundation

/// Saying, beside a read's results, which documents a sync left in several versions.
extension Output {
    /// A conflict as `--json` prints it.
    struct Conflict: Encodable {
        var collection: String
        var id: String
        var versions: [Version]
        var differences: [String]

        struct Version: Encodable {
            var path: String
            var origin: String
        }

        init(_ conflict: DocumentConflict) {
            collection = conflict.collection
            id = conflict.id
            versions = conflict.versions.map { Version(path: $0.path, origin: $0.origin.description) }
            differences = conflict.differences.map(\.pointer)
        }
    }

    /// Prints on stderr one warning per conflict (or `{"conflicts": […]}` under `--json`):
    /// the read succeeded with the version every device reads, and says so.
    static func conflicts(_ conflicts: [DocumentConflict], json: Bool) {
        guard !conflicts.isEmpty else { return }
        guard !json else {
            let list = conflicts.map { (try? DocumentEncoder().encode(Conflict($0))) ?? .null }
            FileHandle.standardError.write(Data(JSONValue.object(["conflicts": .array(list)]).prettyJSONBytes))
            return
        }
        for conflict in conflicts {
            let others = conflict.paths.dropFirst().joined(separator: ", ")
            let fields = conflict.differences.map(\.pointer).prefix(6).joined(separator: ", ")
            error("almanac: warning: \(conflict.versions[0].path): \(conflict.collection) document \"\(conflict.id)\" is in \(conflict.versions.count) versions after a sync (also \(others.isEmpty ? "inside the same file, between git's merge markers" : others))\(fields.isEmpty ? "" : ", differing in \(fields)"); this read used the version shown here, the one every device reads; merge them with 'almanac resolve \(conflict.collection) \(conflict.id)'")
        }
    }

    /// Prints on stderr which documents of the read sit in folders of an older layout (or
    /// `{"olderLayout": […]}` under `--json`): included, and moved by `check --fix`.
    static func olderLayout(_ paths: [String], json: Bool) {
        guard !paths.isEmpty else { return }
        guard !json else {
            FileHandle.standardError.write(Data(JSONValue.object(["olderLayout": .array(paths.map(JSONValue.string))]).prettyJSONBytes))
            return
        }
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
        error("almanac: warning: \(paths.count) document\(paths.count == 1 ? " is" : "s are") in folders of an older layout (\(shown)), written by a device still on an earlier version of the app; this read includes \(paths.count == 1 ? "it" : "them"); 'almanac check --fix' moves \(paths.count == 1 ? "it" : "them") where the collection files documents now")
    }
}
