#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The machine a run measured on: cores, memory, CPU, and the disk under the temporary folder.
struct MachineInfo: Codable, Sendable {
    /// Online cores (`nproc`).
    let cores: Int
    /// Physical memory in GiB.
    let memoryGiB: Double
    /// The CPU's model name from `/proc/cpuinfo`.
    let cpuModel: String
    /// The kernel (`uname -sr`).
    let kernel: String
    /// The run's temporary folder.
    let temporaryFolder: String
    /// The file system type, device, mount point and options holding the temporary folder,
    /// from `/proc/mounts`; for ext4, whether it has a journal (`/sys/fs/ext4/<dev>/journal_task`).
    let fileSystem: String
    /// The linked libsqlite3's version.
    let sqliteVersion: String

    /// Describes this machine, for a run whose stores live in `temporaryFolder`.
    init(temporaryFolder: URL) {
        cores = ProcessInfo.processInfo.activeProcessorCount
        memoryGiB = (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        cpuModel = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        var names = utsname()
        uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        kernel = "\(text(names.sysname)) \(text(names.release))"
        self.temporaryFolder = temporaryFolder.path
        fileSystem = MachineInfo.mount(of: temporaryFolder.resolvingSymlinksInPath().path)
        sqliteVersion = SQLiteDatabase.libraryVersion
    }

    /// `ext4 on /dev/vda (/) rw,relatime, no journal`: the mount with the longest mount point that holds `path`.
    private static func mount(of path: String) -> String {
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        var best: (point: String, text: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 3 else { continue }
            let point = fields[1]
            let holds = point == "/" || path == point || path.hasPrefix(point + "/")
            if holds, point.count > (best?.point.count ?? -1) {
                var text = "\(fields[2]) on \(fields[0]) (\(point))" + (fields.count > 3 ? " \(fields[3])" : "")
                let journal = "/sys/fs/ext4/\(fields[0].split(separator: "/").last ?? "")/journal_task"
                if fields[2] == "ext4", let task = try? String(contentsOfFile: journal, encoding: .utf8) {
                    text += task.contains("<none>") ? ", no journal" : ", journal"
                }
                best = (point, text)
            }
        }
        return best?.text ?? "unknown"
    }
}
