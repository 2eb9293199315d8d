import Foundation

/// How an observation notices changes made outside its own ``Store``.
///
/// Changes saved through the same `Store` are delivered at once. Changes by another process
/// (an app's widget, the `almanac` tool) or by hand in a text editor are noticed by watching
/// the folders the query covers: inotify on Linux; on Apple systems a `DispatchSource` on a
/// few folders, plus polling (the descriptor budget there allows only a handful of watched
/// folders, and folder events miss a file edited in place). Where watching is unavailable,
/// or with ``forcePolling``, the files' stamps (size, modification time, inode) are compared
/// every ``pollingInterval`` seconds.
public struct ObservationOptions: Sendable, Equatable {
    /// Seconds between two comparisons of stamps when polling; 1 by default.
    public var pollingInterval: TimeInterval
    /// Poll even where folders can be watched: for volumes that deliver no events (network
    /// shares, some sync folders) and for tests of the fallback.
    public var forcePolling: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - pollingInterval: seconds between polls (at least 0.05).
    ///   - forcePolling: poll even where folders can be watched.
    public init(pollingInterval: TimeInterval = 1, forcePolling: Bool = false) {
        self.pollingInterval = max(0.05, pollingInterval)
        self.forcePolling = forcePolling
    }
}
