/// One document found in several versions: files a sync tool or a merge left for one id.
///
/// A store kept in git, Syncthing, iCloud Drive or Dropbox can end up with two versions of a
/// document edited on two devices: a conflict copy beside the file, both versions between
/// git's merge markers, or the id in two date folders. Reads return one of them, chosen the
/// same way on every device (``versions`` first), and carry the conflict beside it;
/// ``Store/resolve(_:in:policy:taking:dryRun:)`` merges them.
///
/// ```swift
/// for conflict in try store.conflicts() {
///     print(conflict.id, conflict.versions.map(\.path), conflict.differences.map(\.pointer))
/// }
/// ```
public struct DocumentConflict: Sendable, Equatable {
    /// The collection.
    public var collection: String
    /// The document's id.
    public var id: String
    /// Every version, the one reads return first (see ``Version/origin``).
    public var versions: [Version]
    /// The version both devices last had, when known (git's merge base inside the markers).
    public var base: JSONValue?

    /// One version of the document.
    public struct Version: Sendable, Equatable {
        /// The file that holds it, relative to the store root.
        public var path: String
        /// How the file came to hold it.
        public var origin: Origin
        /// The version's JSON.
        public var value: JSONValue
    }

    /// Where a version comes from.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// The document's own file, `<id>.json` (one of several when the id is in two folders).
        case file
        /// A copy a sync tool made beside the file (`tool`: Syncthing, Dropbox, Nextcloud,
        /// ownCloud, iCloud Drive, unison, rclone; "a sync tool" for a copy no known naming
        /// explains, recognised by its name's prefix or by the id it holds).
        case copy(tool: String)
        /// The side of git's merge markers that this device had (`HEAD`).
        case gitOurs
        /// The side of git's merge markers that the merge brought in.
        case gitTheirs

        /// Words for messages: "Syncthing's conflict copy", "git's merge (ours)".
        public var description: String {
            switch self {
            case .file: "the document's file"
            case .copy(let tool): tool == SyncConflict.unknownTool ? "another version (a sync tool's copy)" : "\(tool)'s conflict copy"
            case .gitOurs: "git merge markers, this side (ours)"
            case .gitTheirs: "git merge markers, the other side (theirs)"
            }
        }
    }

    /// One value that differs between the versions.
    public struct Difference: Sendable, Equatable {
        /// The value's JSON pointer, e.g. `/intensity`.
        public var pointer: String
        /// Its value in each version, in the order of ``DocumentConflict/versions`` (`nil`: absent).
        public var values: [JSONValue?]
    }

    /// The values that differ between the versions, field by field.
    public var differences: [Difference] {
        guard let first = versions.first else { return [] }
        var pointers: [String] = []
        var seen: Set<String> = []
        for other in versions.dropFirst() {
            for change in first.value.differences(to: other.value) where seen.insert(change.pointer).inserted {
                pointers.append(change.pointer)
            }
        }
        return pointers.sorted().map { pointer in
            Difference(pointer: pointer, values: versions.map { $0.value.value(atPointer: pointer) })
        }
    }

    /// The files holding versions, each once, relative to the store root.
    public var paths: [String] {
        var seen: Set<String> = []
        return versions.map(\.path).filter { seen.insert($0).inserted }
    }
}
