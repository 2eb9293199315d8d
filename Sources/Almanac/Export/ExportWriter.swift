#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to a file descriptor, so an export of any size holds one buffer.
final class ExportWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private(set) var written = 0
    /// Whether the writes go to a file the crash explorer follows (not standard output).
    private let recorded: Bool

    init(descriptor: Int32, path: String, recorded: Bool = false) {
        self.descriptor = descriptor
        self.path = path
        self.recorded = recorded
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 1 << 16 { try flush() }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeBytes { raw in
                let count = SystemCall.changing(.write, descriptor) { systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset) }
                if recorded { FileSystemRecorder.wrote(descriptor, raw.baseAddress! + offset, count: count) }
                return count
            }
            guard count > 0 else { throw SystemCall.failure("write", path: path, descriptor: descriptor) }
            offset += count
        }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}

/// `write(2)`, named apart from ``ExportWriter/write(_:)``.
@inline(__always)
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
