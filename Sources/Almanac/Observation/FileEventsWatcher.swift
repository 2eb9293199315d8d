#if os(macOS)
import CoreServices
import Foundation

/// A ``FolderWatcher`` for macOS: one FSEvents stream with file-level events over the whole
/// store, so a hand edit in place (which a folder's kqueue source does not see) arrives too,
/// in any folder, with one stream instead of a descriptor per folder.
///
/// FSEvents follows paths, not folders: after a migration swaps `data/`, the stream goes on
/// reporting the new one.
final class FileEventsWatcher: FolderWatcher, @unchecked Sendable {
    // Sendable: `stream` is reached only through `lock`; `handler` is immutable.
    private let lock = NSLock()
    private var stream: FSEventStreamRef?
    private let handler: Handler

    /// The stream's callback context: a C function cannot capture, so it finds the handler here.
    private final class Handler: Sendable {
        let onChange: @Sendable (_ foldersChanged: Bool) -> Void
        init(_ onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) { self.onChange = onChange }
    }

    /// Starts a stream over `storePath` whose events go to `onChange` on `queue`; nil when
    /// FSEvents refuses it (the caller watches folders with kqueue instead).
    init?(storePath: String, queue: DispatchQueue, onChange: @escaping @Sendable (_ foldersChanged: Bool) -> Void) {
        handler = Handler(onChange)
        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(handler).toOpaque(),
                                           retain: nil, release: nil, copyDescription: nil)
        let callback: FSEventStreamCallback = { _, info, count, _, flags, _ in
            guard let info else { return }
            let handler = Unmanaged<Handler>.fromOpaque(info).takeUnretainedValue()
            let folderFlags = UInt32(kFSEventStreamEventFlagItemIsDir | kFSEventStreamEventFlagMustScanSubDirs
                | kFSEventStreamEventFlagRootChanged)
            var foldersChanged = false
            for index in 0..<count where flags[index] & folderFlags != 0 { foldersChanged = true }
            handler.onChange(foldersChanged)
        }
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer
            | kFSEventStreamCreateFlagWatchRoot)
        guard let stream = FSEventStreamCreate(nil, callback, &context, [storePath] as CFArray,
                                               FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.01, flags)
        else { return nil }
        FSEventStreamSetDispatchQueue(stream, queue)
        guard FSEventStreamStart(stream) else {
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            return nil
        }
        self.stream = stream
    }

    /// One stream covers every folder below the store's root: nothing to change.
    func watch(_ folders: [String]) {}

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard let stream else { return }
        self.stream = nil
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        FSEventStreamRelease(stream)
    }

    deinit { stop() }
}
#endif
