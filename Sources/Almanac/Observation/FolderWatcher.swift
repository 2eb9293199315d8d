#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something that tells an observation when the folders it covers may have changed.
///
/// A watcher may report changes that turn out to be none (the observation compares results
/// before delivering); it must not miss one.
protocol FolderWatcher: AnyObject, Sendable {
    /// Covers exactly `folders` (absolute paths) from now on; called again whenever folders
    /// came or went.
    func watch(_ folders: [String])
    /// Stops watching and releases the watcher's descriptors.
    func stop()
}

extension FolderWatcher {
    /// The inode of each of `paths` that exists now: a watcher compares them with the inodes
    /// it watches, and watches again a path whose folder was replaced (a swap of `data/`, a
    /// sync tool's copy), since its old watch follows the old folder.
    static func inodes(of paths: [String]) -> [String: UInt64] {
        var inodes: [String: UInt64] = [:]
        for path in paths {
            var info = stat()
            if stat(path, &info) == 0 { inodes[path] = UInt64(info.st_ino) }
        }
        return inodes
    }
}
