#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real, small file system mounted for one test: a tmpfs with `size=` and `nr_inodes=`
/// limits, or an ext4 image on a loop device, so that a disk that fills up, or runs out of
/// inodes, is the kernel's and not an injected error. Needs root on Linux; ``unavailable``
/// says why not elsewhere. Unmounted (and the image removed) when released.
final class SmallFileSystem: @unchecked Sendable {
    // Sendable: immutable after init; the test that made it is its only user.
    enum Kind: String, Sendable, CustomStringConvertible {
        /// exFAT through FUSE (`exfat-fuse`): no hard links, no atomic exchange, no permissions.
        case tmpfs, ext4, exfat, xfs, btrfs
        var description: String { rawValue }
    }

    let kind: Kind
    let mountPoint: URL
    private let holder: E2EFolder
    private var reserve: [URL] = []

    /// Why this machine cannot mount one, or `nil` when it can.
    static let unavailable: String? = {
        #if os(Linux)
        if getuid() != 0 { return "mounting a small file system needs root" }
        guard FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return "no /bin/mount" }
        let probe = E2EFolder()
        let point = probe.path("probe")
        try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        guard command(["/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", point.path]) == 0 else {
            return "this machine does not allow mounting a tmpfs (a container without CAP_SYS_ADMIN)"
        }
        _ = command(["/bin/umount", point.path])
        return nil
        #else
        return "small file systems are mounted on Linux only"
        #endif
    }()

    /// Why an ext4 image cannot be loop-mounted here, or `nil` when it can.
    static let ext4Unavailable: String? = {
        if let unavailable { return unavailable }
        guard let mkfs = ["/sbin/mkfs.ext4", "/usr/sbin/mkfs.ext4"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return "mkfs.ext4 is not installed (Debian's e2fsprogs)"
        }
        let probe = E2EFolder()
        let image = probe.path("probe.img")
        let point = probe.path("probe")
        try? FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: image.path, contents: Data(count: 2 << 20)),
              command([mkfs, "-q", "-F", image.path]) == 0
        else { return "mkfs.ext4 failed" }
        guard command(["/bin/mount", "-o", "loop", image.path, point.path]) == 0 else {
            return "this machine does not allow loop-mounting an image (no loop devices in this container)"
        }
        _ = command(["/bin/umount", point.path])
        return nil
    }()

    /// Why an image of `kind` (exFAT, xfs, btrfs; ext4 and tmpfs as above) cannot be mounted
    /// here, or `nil` when it can: each needs its Debian package, which `.ci/run` installs.
    static func unavailable(_ kind: Kind) -> String? {
        switch kind {
        case .tmpfs: return unavailable
        case .ext4: return ext4Unavailable
        case .exfat, .xfs, .btrfs:
            if let unavailable = ext4Unavailable { return unavailable }
            let tools: [String] = switch kind {
            case .exfat: ["mkfs.exfat", "mount.exfat-fuse", "losetup"]
            case .xfs: ["mkfs.xfs"]
            default: ["mkfs.btrfs"]
            }
            for name in tools where Self.tool(name) == nil {
                return "\(name) is not installed (Debian's \(kind == .exfat ? "exfatprogs and exfat-fuse" : kind == .xfs ? "xfsprogs" : "btrfs-progs"))"
            }
            if kind == .exfat, !FileManager.default.fileExists(atPath: "/dev/fuse") { return "no /dev/fuse: FUSE file systems cannot be mounted here" }
            return nil
        }
    }

    private static func tool(_ name: String) -> String? {
        ["/sbin", "/usr/sbin", "/bin", "/usr/bin"].map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
    }

    private var loopDevice: String?

    /// Mounts a file system of `kilobytes` with at most `inodes` files and folders (tmpfs), or
    /// an ext4 image of that size (`inodes` then sets its inode count).
    init(_ kind: Kind, kilobytes: Int, inodes: Int? = nil) throws {
        self.kind = kind
        holder = E2EFolder()
        mountPoint = holder.path("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        switch kind {
        case .tmpfs:
            var options = "size=\(kilobytes)k"
            if let inodes { options += ",nr_inodes=\(inodes)" }
            guard Self.command(["/bin/mount", "-t", "tmpfs", "-o", options, "tmpfs", mountPoint.path]) == 0 else {
                throw AlmanacProcessError(description: "mount -t tmpfs -o \(options) failed")
            }
        case .ext4:
            let image = holder.path("fs.img")
            guard FileManager.default.createFile(atPath: image.path, contents: Data(count: kilobytes * 1024)) else {
                throw AlmanacProcessError(description: "cannot make the image \(image.path)")
            }
            let mkfs = ["/sbin/mkfs.ext4", "/usr/sbin/mkfs.ext4"].first(where: FileManager.default.isExecutableFile(atPath:)) ?? "mkfs.ext4"
            var arguments = [mkfs, "-q", "-F", "-m", "0", "-b", "1024"]
            if let inodes { arguments += ["-N", String(inodes)] }
            guard Self.command(arguments + [image.path]) == 0,
                  Self.command(["/bin/mount", "-o", "loop", image.path, mountPoint.path]) == 0
            else { throw AlmanacProcessError(description: "cannot make or mount an ext4 image") }
            // ext4 makes lost+found; the tests fill what is left.
        case .exfat, .xfs, .btrfs:
            let image = holder.path("fs.img")
            // Sparse: xfs wants 300 MiB at least, and only what is written takes room.
            guard FileManager.default.createFile(atPath: image.path, contents: nil), truncate(image.path, off_t(kilobytes) * 1024) == 0 else {
                throw AlmanacProcessError(description: "cannot make the image \(image.path)")
            }
            let made: Bool
            switch kind {
            case .exfat:
                made = Self.command([Self.tool("mkfs.exfat") ?? "mkfs.exfat", image.path]) == 0
            case .xfs:
                made = Self.command([Self.tool("mkfs.xfs") ?? "mkfs.xfs", "-q", "-f", image.path]) == 0
            default:
                made = Self.command([Self.tool("mkfs.btrfs") ?? "mkfs.btrfs", "-q", "-f", image.path]) == 0
            }
            guard made else { throw AlmanacProcessError(description: "mkfs of a \(kind) image failed") }
            if kind == .exfat {
                // exfat-fuse mounts a block device: the image goes on a loop device first.
                let device = try Self.output([Self.tool("losetup") ?? "losetup", "-f", "--show", image.path]).trimmingCharacters(in: .whitespacesAndNewlines)
                loopDevice = device
                guard !device.isEmpty, Self.command([Self.tool("mount.exfat-fuse") ?? "mount.exfat-fuse", device, mountPoint.path]) == 0 else {
                    throw AlmanacProcessError(description: "mount.exfat-fuse \(device) failed")
                }
            } else {
                guard Self.command(["/bin/mount", "-o", "loop", image.path, mountPoint.path]) == 0 else {
                    throw AlmanacProcessError(description: "cannot mount the \(kind) image")
                }
            }
        }
    }

    deinit {
        _ = Self.command(["/bin/umount", "-l", mountPoint.path])
        if let loopDevice { _ = Self.command([Self.tool("losetup") ?? "losetup", "-d", loopDevice]) }
    }

    private static func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func path(_ relative: String) -> URL { mountPoint.appendingPathComponent(relative) }

    /// Writes `text` to `name` in a scratch folder of the volume, outside any store.
    func scratchFile(_ text: String, named name: String) throws -> URL {
        let folder = path("scratch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Fills every free block but `blocks` blocks of 4 KiB (and `inodes` spare inodes).
    func fill(leaving blocks: Int = 0, inodes spareInodes: Int = 0) {
        fill(keeping: blocks, inodes: spareInodes)
        release()
    }

    /// Fills every free block, keeping `blocks` blocks of 4 KiB in reserve files (and
    /// `inodes` spare inodes, as empty files) for ``release()`` to free.
    func fill(keeping blocks: Int = 0, inodes spareInodes: Int = 0) {
        keep(blocks: blocks, inodes: spareInodes)
        // Blocks first, then every inode left: files of one block, then empty ones.
        let filler = path(".filler")
        try? FileManager.default.createDirectory(at: filler, withIntermediateDirectories: true)
        let fd = open(path(".filler/big").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if fd >= 0 {
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            var small = [UInt8](repeating: 0, count: 1)
            // ext4 gives back blocks it reserved once the writes reach the disk: fill again after each sync.
            for _ in 0..<3 {
                while small.withUnsafeMutableBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
                fsync(fd)
            }
            close(fd)
        }
    }

    /// Uses every inode but `spare` (as empty files) while blocks stay free.
    func fillInodes(leaving spare: Int) {
        fillInodes(keeping: spare)
        release()
    }

    /// Runs out of inodes (every one used by an empty file) while blocks stay free.
    func fillInodes(keeping spare: Int = 0) {
        keep(blocks: 0, inodes: spare)
        let filler = path(".inodes")
        try? FileManager.default.createDirectory(at: filler, withIntermediateDirectories: true)
        var index = 0
        while true {
            let fd = open(filler.appendingPathComponent("\(index)").path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard fd >= 0 else { break }
            close(fd)
            index += 1
        }
    }

    /// Reserve files for ``release()`` to free: `blocks` of 4 KiB, and `inodes` empty ones.
    private func keep(blocks: Int, inodes: Int) {
        for index in 0..<(blocks + inodes) {
            let file = path(".reserve-\(index)")
            _ = FileManager.default.createFile(atPath: file.path, contents: index < blocks ? Data(count: 4096) : nil)
            reserve.append(file)
        }
    }

    /// Frees the reserve that ``fill(keeping:inodes:)`` kept.
    func release() {
        for file in reserve { try? FileManager.default.removeItem(at: file) }
        reserve.removeAll()
    }

    /// Frees everything the fills took: the disk has room again.
    func empty() {
        release()
        try? FileManager.default.removeItem(at: path(".filler"))
        try? FileManager.default.removeItem(at: path(".inodes"))
    }

    /// Runs `arguments` with no input or output and returns its exit status (-1 when it
    /// cannot start). Spawned and waited for by pid: a FUSE mount helper leaves a daemon
    /// behind holding what it inherited, which Foundation's `Process` would wait on forever.
    @discardableResult
    static func command(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

}
