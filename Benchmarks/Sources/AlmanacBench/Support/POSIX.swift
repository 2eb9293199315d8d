#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The few system calls the bare side and the harness use, throwing ``BenchError`` on failure.
enum POSIX {
    /// The current `errno` as text.
    static var lastError: String { String(cString: strerror(errno)) }

    /// Opens the folder at `path`.
    static func openFolder(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("open \(path): \(lastError)") }
        return fd
    }

    /// Opens the folder `name` below the folder `parent`, or returns `nil` when it does not exist.
    static func openFolder(_ name: String, in parent: Int32) throws -> Int32? {
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { return fd }
        if errno == ENOENT { return nil }
        throw BenchError("open \(name): \(lastError)")
    }

    /// Reads the whole file `name` of the folder `folder`: open, fstat, read, close.
    static func readFile(_ name: String, in folder: Int32) throws -> Data {
        let fd = openat(folder, name, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("open \(name): \(lastError)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw BenchError("stat \(name): \(lastError)") }
        var data = Data(count: Int(info.st_size))
        let filled = data.withUnsafeMutableBytes { buffer -> Int in
            var filled = 0
            while filled < buffer.count {
                let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if count <= 0 { return count < 0 ? -1 : filled }
                filled += count
            }
            return filled
        }
        guard filled == data.count else { throw BenchError("read \(name): \(lastError)") }
        return data
    }

    /// Creates `name` in `folder` (O_EXCL, mode 0600), writes `bytes`, fsyncs (unless
    /// `synchronize` is false) and closes it.
    static func writeNewFile(_ name: String, in folder: Int32, _ bytes: [UInt8], synchronize: Bool = true) throws {
        let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("open \(name): \(lastError)") }
        let written = bytes.withUnsafeBytes { buffer -> Int in
            var written = 0
            while written < buffer.count {
                let count = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if count <= 0 { return -1 }
                written += count
            }
            return written
        }
        guard written == bytes.count, !synchronize || fsync(fd) == 0 else {
            let message = lastError
            close(fd)
            throw BenchError("write \(name): \(message)")
        }
        guard close(fd) == 0 else { throw BenchError("close \(name): \(lastError)") }
    }

    /// Renames `from` to `to` inside `folder`.
    static func rename(_ from: String, to: String, in folder: Int32) throws {
        guard renameat(folder, from, folder, to) == 0 else { throw BenchError("rename \(from): \(lastError)") }
    }

    /// Flushes a file or folder to stable storage.
    static func synchronize(_ fd: Int32) throws {
        guard fsync(fd) == 0 else { throw BenchError("fsync: \(lastError)") }
    }

    /// Flushes every dirty buffer of the file system holding `fd` to stable storage: `syncfs`
    /// where the C library has it (Linux; looked up at run time, as Almanac does, since the
    /// imported headers do not declare it everywhere), else `sync` (every file system).
    static func synchronizeFileSystem(of fd: Int32) throws {
        if let syncfs = syncFileSystem {
            guard syncfs(fd) == 0 else { throw BenchError("syncfs: \(lastError)") }
        } else {
            sync()
        }
    }

    private typealias SyncFunction = @convention(c) (Int32) -> Int32
    private static let syncFileSystem: SyncFunction? = {
        #if canImport(Darwin)
        return nil
        #else
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, "syncfs") else { return nil }
        return unsafeBitCast(address, to: SyncFunction.self)
        #endif
    }()

    /// Reads every file below the folder `path` once (open, read, close), so that a following
    /// measurement finds the whole tree in the page cache. Returns the bytes read.
    @discardableResult
    static func readTree(_ path: String) throws -> Int {
        let folder = try openFolder(path)
        defer { close(folder) }
        return try readTree(folder)
    }

    private static func readTree(_ folder: Int32) throws -> Int {
        var total = 0
        for entry in try entries(of: folder) {
            if entry.isFolder {
                guard let child = try openFolder(entry.name, in: folder) else { continue }
                defer { close(child) }
                total += try readTree(child)
            } else {
                total += try readFile(entry.name, in: folder).count
            }
        }
        return total
    }

    /// Reads the file at `path` whole, if it exists; returns its size.
    @discardableResult
    static func readFile(atPath path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("open \(path): \(lastError)") }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            guard count >= 0 else { throw BenchError("read \(path): \(lastError)") }
            if count == 0 { return total }
            total += count
        }
    }

    /// The entries of the folder `fd` except `.` and `..`, with whether each is a folder.
    static func entries(of fd: Int32) throws -> [(name: String, isFolder: Bool)] {
        let listing = dup(fd)
        guard listing >= 0, let stream = fdopendir(listing) else { throw BenchError("opendir: \(lastError)") }
        defer { closedir(stream) }
        rewinddir(stream)  // the duplicate shares the offset of `fd`, which an earlier listing left at the end
        var result: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            result.append((name, Int32(entry.pointee.d_type) == Int32(DT_DIR)))
        }
        return result
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Seconds of CPU (user and system, all threads) this process has used so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The bytes that the files below `path` occupy on disk (allocated blocks), folders included.
    static func diskUsage(_ path: String) -> Int64 {
        var total: Int64 = 0
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        total += Int64(info.st_blocks) * 512
        if (info.st_mode & S_IFMT) == S_IFDIR, let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            for name in names { total += diskUsage(path + "/" + name) }
        }
        return total
    }
}
