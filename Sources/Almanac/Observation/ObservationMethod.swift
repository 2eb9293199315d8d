import Foundation

/// How a running observation notices changes made outside its own ``Store``
/// (``ObservationHandle/method``).
public enum ObservationMethod: Sendable, Equatable {
    /// File-system events and the cross-process commit signal: nothing runs while nothing changes.
    case events
    /// Comparing the covered folders every `interval` seconds, for `reason`: asked for with
    /// ``ObservationOptions/polling``, or no watcher could be made (e.g. inotify unavailable
    /// in a container, or its per-user instance limit reached).
    case polling(interval: TimeInterval, reason: String)
}
