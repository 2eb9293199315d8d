#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Store {
    /// Removes the temporary files that exports to `url` left beside it: those of processes
    /// that no longer run (an export killed with `kill -9`), and with `includingThisProcess`
    /// this process's own (an export abandoned on SIGINT or SIGTERM).
    ///
    /// A temporary file is `.<name>.<pid>-<n>.almanac-tmp`; one of a live process is another
    /// export in progress and is left alone.
    package static func removeExportLeftovers(for url: URL, includingThisProcess: Bool = false) {
        let folder = url.deletingLastPathComponent()
        let prefix = "." + url.lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let ownProcess = getpid()
        for name in names where Directory.isTemporaryName(name) && name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix(while: { $0 != "-" })) else { continue }
            let abandoned = pid == ownProcess ? includingThisProcess : kill(pid, 0) != 0 && errno == ESRCH
            if abandoned { unlink(folder.appendingPathComponent(name).path) }
        }
    }
}
