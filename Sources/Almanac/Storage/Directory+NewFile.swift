#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Directory {
    /// Writes `bytes` as the new file `name`, durably and atomically, and never over a file
    /// that already has the name: the flushed temporary file is hard-linked to `name` (which
    /// fails when the name is taken, even when another process took it a moment ago), then its
    /// temporary name is removed and the folder flushed with `folderFlush`.
    ///
    /// - Returns: `false` when a file named `name` already exists; nothing is written then.
    /// - Throws: `.io` when a system call fails (a file system without hard links included).
    func createFile(_ name: String, _ bytes: [UInt8], mode: mode_t, folderFlush: Flush) throws -> Bool {
        let temporary = try writeTemporary(for: name, bytes, mode: mode)
        let linked = FileSystemRecorder.nameChange("link", descriptor, temporary, descriptor, name) {
            SystemCall.changing(.link, descriptor) { linkat(descriptor, temporary, descriptor, name, 0) }
        } == 0
        let code = SystemCall.errno
        // The temporary name goes before the flush, so the flush makes its removal durable too.
        _ = FileSystemRecorder.nameChange("unlink", descriptor, temporary) { SystemCall.changing(.unlink, descriptor) { unlinkat(descriptor, temporary, 0) } }
        guard linked else {
            if code == EEXIST { return false }
            throw SystemCall.failure("link", path: childPath(name), errno: code, descriptor: descriptor)
        }
        try synchronize(folderFlush)
        return true
    }
}
