#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Store {
    /// Removes the temporary files and folders (`.<name>.<pid>-<n>.almanac-tmp`) that writers of
    /// `names` left in `folder`: those of processes that no longer run (killed with `kill -9`),
    /// and with `includingThisProcess` this process's own (abandoned on SIGINT or SIGTERM). One
    /// of a live process is another writer's work in progress and is left alone.
    static func removeLeftovers(of names: Set<String>, in folder: URL, includingThisProcess: Bool = false) {
        ImportLeftovers.removeLeftovers(of: names, in: folder, includingThisProcess: includingThisProcess)
    }

    /// Removes the temporary files exports to `url` left beside it (see ``removeLeftovers(of:in:includingThisProcess:)``).
    package static func removeExportLeftovers(for url: URL, includingThisProcess: Bool = false) {
        removeLeftovers(of: [url.lastPathComponent], in: url.deletingLastPathComponent(), includingThisProcess: includingThisProcess)
    }
}
