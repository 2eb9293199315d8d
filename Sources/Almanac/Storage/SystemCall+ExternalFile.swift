#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemCall {
    /// Reads the whole file at `path`, outside any store (a schema, a seed file), with the
    /// system's own error when it cannot: Foundation's `Data(contentsOf:)` answers some causes
    /// (too many open files) with an error that names none.
    ///
    /// - Throws: ``AlmanacError`` naming `path` and the cause (`ENOENT` included).
    static func readExternalFile(atPath path: String) throws -> [UInt8] {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw failure("open", path: path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("stat", path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw AlmanacError(.io, "is not a regular file", path: path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                retryingInterrupts { read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            if count < 0 { throw failure("read", path: path) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
