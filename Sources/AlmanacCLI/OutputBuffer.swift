import Foundation

/// Text for stdout, written in blocks of about 64 KiB, or sooner when a tenth of a second has
/// passed: a streamed listing shows its first lines at once without one system call per line.
final class OutputBuffer {
    private var pending: [UInt8] = []
    private var lastFlush = DispatchTime.now()

    /// Adds `text`, and a newline unless `newline` is false.
    func append(_ text: String, newline: Bool = true) {
        pending.append(contentsOf: text.utf8)
        if newline { pending.append(UInt8(ascii: "\n")) }
        if pending.count >= 65_536 || DispatchTime.now().uptimeNanoseconds - lastFlush.uptimeNanoseconds > 100_000_000 { flush() }
    }

    /// Writes what is pending.
    func flush() {
        lastFlush = DispatchTime.now()
        guard !pending.isEmpty else { return }
        Output.writeBytes(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
