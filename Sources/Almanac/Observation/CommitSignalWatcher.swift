import Foundation

/// The cross-process commit signal: watches `.almanac/commits`, the counter every writer in
/// every process advances (written in place) around each change readers can see, so that an
/// observation learns of another process's commit (an app's widget, the `almanac` tool)
/// without polling and whatever folders it covers.
///
/// The same code runs everywhere; only the watcher under it differs (inotify on Linux, a
/// `DispatchSource` on Apple systems). Until the counter exists (a store no one has written
/// since it was cloned), it watches the folder where the counter will appear, and moves to
/// the counter when it does.
final class CommitSignalWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `target` is reached only through `lock`.
    private let storePath: String
    private let onCommit: @Sendable () -> Void
    private let lock = NSLock()
    private var target: (any FolderWatcher)?

    /// - Parameters:
    ///   - makeWatcher: the platform's watcher of single paths, given the handler of its events.
    init?(storePath: String, onCommit: @escaping @Sendable () -> Void,
          makeWatcher: (@escaping @Sendable (Bool) -> Void) -> (any FolderWatcher)?) {
        self.storePath = storePath
        self.onCommit = onCommit
        let onEvent: @Sendable (Bool) -> Void = { [weak self] _ in self?.signalled() }
        guard let target = makeWatcher(onEvent) else { return nil }
        self.target = target
        follow()
    }

    /// The counter's path.
    var counterPath: String { storePath + "/.almanac/" + CommitClock.fileName }

    /// The observation's folders do not concern the signal; a refresh is a moment to check
    /// that it watches the counter itself (and the counter of the folder there now).
    func watch(_ folders: [String]) {
        follow()
    }

    func stop() {
        let target = lock.synchronized { () -> (any FolderWatcher)? in
            defer { self.target = nil }
            return self.target
        }
        target?.stop()
    }

    private func signalled() {
        follow()
        onCommit()
    }

    /// Points the watcher at the counter, or while there is none, at `.almanac/` (or the
    /// store's root while that is missing too).
    private func follow() {
        let manager = FileManager.default
        let internalFolder = storePath + "/.almanac"
        let path = manager.fileExists(atPath: counterPath) ? counterPath
            : manager.fileExists(atPath: internalFolder) ? internalFolder : storePath
        lock.synchronized { target?.watch([path]) }
    }
}
