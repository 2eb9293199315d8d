import Foundation

/// The watchers an observation gets on this system: every platform difference of observation
/// is here. Tests on Linux take the Apple path for one store (``TestHooks/withApplePath(under:errors:protection:_:)``):
/// inotify stands in for kqueue, with the same limit on watched folders and no FSEvents.
struct ObservationPlatform {
    /// How many folders an Apple system's kqueue watcher covers: each costs a descriptor, and
    /// an app has a few hundred.
    static let appleFolderLimit = 8

    /// Whether this store takes the Apple path.
    let applePath: Bool

    init(store: Store) {
        #if canImport(Darwin)
        applePath = true
        #else
        applePath = TestHooks.isApplePath(store.reader.root.descriptor)
        #endif
    }

    /// Why no watcher could be made, for ``ObservationMethod/polling(interval:reason:)``.
    var unavailable: String {
        #if os(Linux)
        return "inotify is unavailable (a container without it, or the per-user limit of inotify instances reached)"
        #else
        return "this system offers no file-system events Almanac uses"
        #endif
    }

    /// A watcher of single paths (the commit counter): inotify on Linux, kqueue on Apple systems.
    func pathWatcher(queue: DispatchQueue, onChange: @escaping @Sendable (Bool) -> Void) -> (any FolderWatcher)? {
        #if os(Linux)
        return InotifyWatcher(queue: queue, limit: 1, foldersOnly: false, onChange: onChange)
        #elseif canImport(Darwin)
        return DispatchSourceWatcher(queue: queue, limit: 1, onChange: onChange)
        #else
        return nil
        #endif
    }

    /// The watcher of the covered folders, for hand edits: inotify on every folder on Linux;
    /// file-level FSEvents over the store on macOS; kqueue on the newest few folders on iOS
    /// and its siblings (where a person rarely edits a file by hand).
    func folderWatcher(storePath: String, queue: DispatchQueue, onChange: @escaping @Sendable (Bool) -> Void) -> (any FolderWatcher)? {
        #if os(macOS)
        if let events = FileEventsWatcher(storePath: storePath, queue: queue, onChange: onChange) { return events }
        return DispatchSourceWatcher(queue: queue, limit: Self.appleFolderLimit, onChange: onChange)
        #elseif canImport(Darwin)
        return DispatchSourceWatcher(queue: queue, limit: Self.appleFolderLimit, onChange: onChange)
        #elseif os(Linux)
        return InotifyWatcher(queue: queue, limit: applePath ? Self.appleFolderLimit : .max, onChange: onChange)
        #else
        return nil
        #endif
    }
}
