#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StoreWriter {
    /// Makes the files of `exposed` (store-relative paths, `.` the root) 0600 and its folders 0700, as a new store's are, holding
    /// the writers' lock (a mode is no content: nothing else changes). Returns how many took
    /// the mode: on exFAT and FAT a mode does not stick, and `check` goes on saying so.
    func restrictPermissions(_ exposed: [(path: String, isFolder: Bool)]) throws -> Int {
        try withWriteLock { _ in
            var changed = 0
            for item in exposed {
                let parts = item.path == "." ? [] : item.path.split(separator: "/").map(String.init)
                if parts.isEmpty {
                    if SystemCall.changing(.chmod, root.descriptor, { fchmod(root.descriptor, 0o700) }) == 0 { changed += 1 }
                    continue
                }
                guard let folder = try reader.openFolders(Array(parts.dropLast())) else { continue }
                let mode: mode_t = item.isFolder ? 0o700 : 0o600
                if SystemCall.changing(.chmod, folder.descriptor, { fchmodat(folder.descriptor, parts[parts.count - 1], mode, 0) }) == 0,
                   try folder.permissions(of: parts[parts.count - 1]) == mode {
                    changed += 1
                }
            }
            return changed
        }
    }
}
