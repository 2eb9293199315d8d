#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an export's JSON Lines one line at a time, holding one buffer whatever the file's size.
final class ExportReader {
    private let descriptor: Int32
    let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0

    init(path: String) throws {
        let fd = SystemCall.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw SystemCall.failure("open", path: path).concerningOutsideFile(path, writing: false) }
        descriptor = fd
        self.path = path
    }

    deinit { close(descriptor) }

    /// The next non-empty line without its newline, or `nil` at the end of the file.
    func nextLine() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                if line.isEmpty { continue }
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { raw in
                SystemCall.retryingInterrupts { read(descriptor, raw.baseAddress, raw.count) }
            }
            if count < 0 { throw SystemCall.failure("read", path: path) }
            if count == 0 { atEnd = true } else { buffer += chunk[0..<count] }
        }
    }
}
