import Foundation

/// How an observation notices changes made outside its own ``Store``.
///
/// Changes saved through the same `Store` are delivered at once. Changes by another process
/// (an app's widget, the `almanac` tool) are signalled by `.almanac/commits`, the counter
/// every writer advances around each commit, watched for writes (inotify on Linux, a
/// `DispatchSource` on Apple systems). Hand edits are noticed by watching the folders the query
/// covers: inotify on Linux, file-level FSEvents on macOS, a `DispatchSource` on the newest few
/// folders elsewhere. None of these polls: an idle observation costs nothing.
///
/// Polling is used only when asked for (``polling``: volumes that deliver no events, such as
/// network shares and some sync folders) or when no watcher can be made; the observation's
/// ``ObservationHandle/method`` says which, and why.
public struct ObservationOptions: Sendable, Equatable {
    /// Seconds between two comparisons of the covered folders' entries (inode, size,
    /// modification and change time); `nil`, the default, watches instead of polling.
    public var polling: TimeInterval?
    #if DEBUG
    /// Whether folders are watched for hand edits (tests turn it off to prove what the commit
    /// signal alone delivers).
    var watchesFolders = true
    #endif

    /// Creates options.
    ///
    /// - Parameter polling: poll every this many seconds (at least 0.05) instead of watching;
    ///   `nil` watches.
    ///
    /// ```swift
    /// // A store on a network share, whose server sends no file events:
    /// let handle = try store.observe(query, options: ObservationOptions(polling: 2)) { … }
    /// ```
    public init(polling: TimeInterval? = nil) {
        self.polling = polling.map { max(0.05, $0) }
    }
}
