#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders of a store that other users of the machine may change: a store is
/// made 0600/0700 (DESIGN §2), and a copy back from exFAT or FAT leaves everything 0777.
/// `check` warns; `check --fix` makes them 0600 and 0700 again. Modes that only let others
/// read (0644, 0755) are what git checks out and `cp -r` makes under the usual umask, for
/// every store a person syncs with git: no warning for those, or it would never go away.
enum PermissionScan {
    /// The group's and others' write bits.
    static let writableByOthers: mode_t = 0o022

    /// One file or folder whose mode gives others access.
    struct Exposed: Sendable, Equatable {
        /// Store-relative path.
        var path: String
        var isFolder: Bool
        var mode: mode_t
    }

    /// Every file and folder below `root` (the root included, `.almanac/` too; links,
    /// editors', volumes' and the system's files aside) that its group or others may write.
    /// One `fstatat` per entry, folder by folder; at most 32 folders deep.
    static func exposed(in root: Directory) throws -> [Exposed] {
        var found: [Exposed] = []
        var info = stat()
        if fstat(root.descriptor, &info) == 0, info.st_mode & Self.writableByOthers != 0 {
            found.append(Exposed(path: ".", isFolder: true, mode: info.st_mode & 0o7777))
        }
        try walk(root, depth: 0, insideAlmanac: false, into: &found)
        return found
    }

    /// `insideAlmanac`: inside `.almanac/`, where every file is Almanac's (its caches' names are numbers, as vim's probe is).
    private static func walk(_ folder: Directory, depth: Int, insideAlmanac: Bool, into found: inout [Exposed]) throws {
        guard depth < 32 else { return }
        for entry in try folder.entries().sorted(by: { $0.name < $1.name })
        where entry.kind != .symbolicLink && !SystemFile.isSystemFile(entry.name) && (insideAlmanac || !ForeignFile.isPassedBy(entry, atRoot: depth == 0)) {
            guard let mode = try folder.permissions(of: entry.name) else { continue }
            let path = folder.childPath(entry.name)
            if mode & Self.writableByOthers != 0 { found.append(Exposed(path: path, isFolder: entry.kind == .folder, mode: mode)) }
            if entry.kind == .folder, let child = try folder.openFolder(entry.name) {
                try walk(child, depth: depth + 1, insideAlmanac: insideAlmanac || (depth == 0 && entry.name == ".almanac"), into: &found)
            }
        }
    }
}
