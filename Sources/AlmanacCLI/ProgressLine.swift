#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import Foundation

/// The progress of a long command on stderr, as one line rewritten in place: `backup: copying
/// 1200 files (3400/s)`, `export: exporting 52000/100000 documents (41000/s)`. Only on a
/// terminal, and not with `--quiet` or `--json`: a log or a pipe gets the result alone.
final class ProgressLine: @unchecked Sendable {
    // Sendable: every mutable property is touched only while `lock` is held.
    private let lock = NSLock()
    private let command: String
    private var phaseStarted = Date()
    private var phase: String?
    private var lastShown: Date?
    private var latest: OperationProgress?
    private var drawn: OperationProgress?

    /// A line for `command`, or `nil` when none is to be shown.
    init?(_ command: String, context: CommandContext, quiet: OptionSpec) {
        guard isatty(2) == 1, !context.json, !context.values.flag(quiet) else { return nil }
        self.command = command
    }

    /// The closure to hand the library.
    var handler: ProgressHandler { { [self] progress in report(progress) } }

    func report(_ progress: OperationProgress) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        if progress.phase != phase {
            // A phase's last count is shown before the next phase's first.
            if let latest, latest != drawn { draw(latest, at: now) }
            phase = progress.phase
            phaseStarted = now
            lastShown = nil
        }
        latest = progress
        // The first report of a phase at once, then ten lines a second at most.
        if let lastShown, now.timeIntervalSince(lastShown) < 0.1 { return }
        lastShown = now
        draw(progress, at: now)
    }

    /// Shows the last report, then clears the line: the command's result follows.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if let latest, latest != drawn { draw(latest, at: Date()) }
        if drawn != nil { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func draw(_ progress: OperationProgress, at now: Date) {
        var line = "\(command): \(progress.phase) \(progress.done)"
        if progress.total > 0 { line += "/\(progress.total)" }
        line += " \(progress.unit)"
        let seconds = now.timeIntervalSince(phaseStarted)
        if seconds >= 0.2, progress.done > 0 { line += " (\(Int(Double(progress.done) / seconds))/s)" }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        drawn = progress
    }
}
