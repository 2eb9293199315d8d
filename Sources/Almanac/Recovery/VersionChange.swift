/// What a migration or a rollback puts in place, path by path: the record its staging folder
/// holds before the journal names it, so that whoever finds the journal can finish the change.
///
/// A version change never shares a file between two names and keeps only what it replaces:
/// the paths it moves out of the store go to the staging folder's `outgoing` folder (a
/// migration's become the backup that a rollback puts back), and the paths it moves in come
/// from the `incoming` folder, where the change staged them. Everything else in the store
/// stays where it is, untouched, so its cost follows what it changes (DESIGN §5).
struct VersionChange: StoreRecord, Sendable, Equatable {
    static let recordName = "the record of a version change"

    /// The folder of the staging folder that holds what moves in (`""`: the staging folder itself).
    var incoming: String
    /// The folder of the staging folder that receives what moves out.
    var outgoing: String
    /// Store-relative paths (files or folders) moved out, in the first phase.
    var movedOut: [String]
    /// Store-relative paths (files or folders) moved in, in the second phase.
    var movedIn: [String]
    /// Store-relative folders that exist once the change is in (the collection folders).
    var folders: [String]
    /// The SHA-256 of every file a migration moved in, by store-relative path: content that
    /// differs later was written after the migration, whatever its inode (a copy changes those).
    var written: [String: String]

    init(incoming: String, outgoing: String, movedOut: [String], movedIn: [String], folders: [String], written: [String: String] = [:]) {
        self.incoming = incoming
        self.outgoing = outgoing
        self.movedOut = movedOut
        self.movedIn = movedIn
        self.folders = folders
        self.written = written
    }

    /// Reads the record from `path` (store-relative, for messages).
    ///
    /// - Throws: `.io` naming the file and the member when it is damaged, or when a path
    ///   leaves the store's own folders (`data/`, `archive/`, `schema/`): recovery moves
    ///   these paths, so a record nobody wrote must not steer it.
    init(bytes: [UInt8], path: String) throws {
        self = try VersionChange(recordBytes: bytes, path: path)
        for name in [incoming, outgoing] where !name.isEmpty && !VersionChange.isPlainName(name) {
            throw AlmanacError(.io, "\(Self.recordName) names a staging folder \"\(name)\" that is no plain name; restore the store from a backup", path: path)
        }
        for (member, paths) in [("movedOut", movedOut), ("movedIn", movedIn), ("folders", folders), ("written", Array(written.keys))] {
            if let bad = paths.first(where: { VersionChange.components($0) == nil }) {
                throw AlmanacError(.io, "\(Self.recordName) names \"\(bad)\", which is no path inside the store's data, archive or schema; restore the store from a backup",
                                   path: path, pointer: "/" + member)
            }
        }
    }

    /// The components of a store-relative path below `data/`, `archive/` or `schema/`, or
    /// `nil` for anything else (`..`, an empty component, another top folder).
    static func components(_ path: String) -> [String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let top = parts.first, ["data", "archive", "schema"].contains(top), parts.allSatisfy(isPlainName) else { return nil }
        return parts
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
    }
}
