#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The forced Apple path: a test names a folder, and every file and folder below it takes the
/// code paths of an Apple system (its flush calls and their fallbacks, data protection) with
/// the errors the test chose, while tests on other folders run in parallel undisturbed.
///
/// Files are matched by their descriptor's real path (`/proc/self/fd` on Linux, `F_GETPATH` on
/// Apple systems), so the hooks need no path from the code they test. Release builds compile
/// every query to `nil`.
extension TestHooks {
    /// A system call a test can make fail.
    enum InjectedCall: Hashable, Sendable {
        /// Opening a file for reading (matched by the folder it is opened in).
        case open
        /// `F_FULLFSYNC`.
        case fullFlush
        /// `F_BARRIERFSYNC`.
        case barrierFlush
        /// `fsync`: the fallback of both, and the flush itself off the Apple path.
        case fsync
        /// `fsync_volume_np` (`syncfs` off the Apple path).
        case volumeSync
        /// Opening a file with `O_CREAT` (or for writing).
        case create
        /// `write` or `pwrite`.
        case write
        /// `renameat`.
        case rename
        /// `renameat2(RENAME_EXCHANGE)` or `renameatx_np(RENAME_SWAP)`.
        case exchange
        /// `linkat`.
        case link
        /// `mkdirat`.
        case mkdir
        /// `unlinkat` of a file.
        case unlink
        /// `unlinkat(AT_REMOVEDIR)`.
        case rmdir
        /// `ftruncate`.
        case truncate
        /// `clonefileat`.
        case clone
        /// `fchmod` / `fchmodat` of a file or folder just made.
        case chmod
    }

    /// What a test set for the files under one folder.
    struct ForcedApplePath: Sendable {
        var errors: [InjectedCall: Int32]
        var protection: FileProtection?
        /// Whether the files read here are dataless (their contents in iCloud, not on the device).
        var dataless = false
    }

    /// Whether the file or folder open as `descriptor` takes the Apple path (always on Apple systems).
    static func isApplePath(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        return true
        #else
        return forcedApplePath(for: descriptor) != nil
        #endif
    }

    /// The `errno` a test made `call` fail with for `descriptor`, or `nil`.
    @inline(__always)
    static func injectedError(_ call: InjectedCall, _ descriptor: Int32) -> Int32? {
        #if DEBUG
        // Every call but a read's open is a changing call the fault plan counts.
        if call != .open, let plan = FaultPlan.current, let code = plan.next(call, descriptor) { return code }
        #endif
        return forcedApplePath(for: descriptor)?.errors[call]
    }

    /// Whether a test made the file open as `descriptor` dataless.
    static func injectedDataless(_ descriptor: Int32) -> Bool {
        forcedApplePath(for: descriptor)?.dataless == true
    }

    /// The protection class a test gave the files under `descriptor`'s folder, or `nil`.
    static func injectedProtection(_ descriptor: Int32) -> FileProtection? {
        forcedApplePath(for: descriptor)?.protection
    }

    /// Notes that `protection` was given to the folder at `path`, for ``appliedProtections(under:)``.
    static func protectionApplied(_ protection: FileProtection, toFolderAt path: String) {
        #if DEBUG
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        ApplePaths.armed.withLock { armed in
            guard !armed.folders.isEmpty else { return }
            armed.applied.append((real, protection))
        }
        #endif
    }

    #if DEBUG
    /// The protection classes given to folders below `folder` (real paths), in order.
    static func appliedProtections(under folder: String) -> [(path: String, protection: FileProtection)] {
        let key = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        return ApplePaths.armed.withLock { $0.applied.filter { $0.path.hasPrefix(key + "/") } }
    }
    #endif

    /// Notes that the folder open as `descriptor` was listed, for ``recordingFolderListings(under:_:)``.
    @inline(__always)
    static func folderListed(_ descriptor: Int32) {
        #if DEBUG
        guard ApplePaths.armed.withLock({ !$0.listings.isEmpty }), let path = realPath(of: descriptor) else { return }
        ApplePaths.armed.withLock { armed in
            for prefix in armed.listings.keys where path == prefix || path.hasPrefix(prefix + "/") { armed.listings[prefix]?.append(path) }
        }
        #endif
    }

    /// Notes that the file `name` of the folder open as `descriptor` was looked at (a `stat`
    /// of its identity), for ``recordingFileLooks(under:_:)``.
    @inline(__always)
    static func fileLooked(_ descriptor: Int32, _ name: String) {
        #if DEBUG
        guard ApplePaths.armed.withLock({ !$0.looks.isEmpty }), let folder = realPath(of: descriptor) else { return }
        ApplePaths.armed.withLock { armed in
            for prefix in armed.looks.keys where folder == prefix || folder.hasPrefix(prefix + "/") { armed.looks[prefix]?.append(folder + "/" + name) }
        }
        #endif
    }

    private static func forcedApplePath(for descriptor: Int32) -> ForcedApplePath? {
        #if DEBUG
        guard ApplePaths.armed.withLock({ !$0.folders.isEmpty }), let path = realPath(of: descriptor) else { return nil }
        return ApplePaths.armed.withLock { armed in
            armed.folders.first { path == $0.key || path.hasPrefix($0.key + "/") }?.value
        }
        #else
        return nil
        #endif
    }

    #if DEBUG
    private final class ApplePaths {
        static let armed = Guarded(ApplePaths())
        /// Real folder path → what the test set for it.
        var folders: [String: ForcedApplePath] = [:]
        /// Real folder path → the folders listed under it meanwhile.
        var listings: [String: [String]] = [:]
        /// Real folder path → the files looked at under it meanwhile.
        var looks: [String: [String]] = [:]
        /// Protection classes given to folders while some folder was on the Apple path.
        var applied: [(path: String, protection: FileProtection)] = []
    }

    /// Runs `body` and returns the folders (real paths) listed under `folder` meanwhile, by any
    /// thread: a test proves an idle observation lists nothing.
    static func recordingFolderListings(under folder: String, _ body: () throws -> Void) rethrows -> [String] {
        let key = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        ApplePaths.armed.withLock { $0.listings[key] = [] }
        defer { ApplePaths.armed.withLock { $0.listings[key] = nil } }
        try body()
        return ApplePaths.armed.withLock { $0.listings[key] ?? [] }
    }

    /// Runs `body` and returns the files (real paths) under `folder` whose identity was looked
    /// at meanwhile: a test proves a warm read looks at none.
    static func recordingFileLooks(under folder: String, _ body: () throws -> Void) rethrows -> [String] {
        let key = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        ApplePaths.armed.withLock { $0.looks[key] = [] }
        defer { ApplePaths.armed.withLock { $0.looks[key] = nil } }
        try body()
        return ApplePaths.armed.withLock { $0.looks[key] ?? [] }
    }

    /// Runs `body` with every file and folder under `folder` on the Apple path, failing the
    /// calls in `errors` with their `errno`, reporting `protection` as their class, and with
    /// `dataless` every file read there as dataless.
    static func withApplePath<T>(under folder: String, errors: [InjectedCall: Int32] = [:], protection: FileProtection? = nil,
                                 dataless: Bool = false, _ body: () throws -> T) rethrows -> T {
        let key = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        ApplePaths.armed.withLock { $0.folders[key] = ForcedApplePath(errors: errors, protection: protection, dataless: dataless) }
        defer { ApplePaths.armed.withLock { $0.folders[key] = nil } }
        return try body()
    }

    /// The path of the file or folder open as `descriptor`, as the kernel knows it.
    static func realPath(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [UInt8](repeating: 0, count: Int(MAXPATHLEN))
        guard buffer.withUnsafeMutableBytes({ fcntl(descriptor, F_GETPATH, $0.baseAddress!) }) != -1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        #else
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/fd/\(descriptor)", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
        #endif
    }
    #endif
}
