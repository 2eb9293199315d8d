import Foundation

extension Store {
    /// How a store is opened.
    public struct Options: Sendable {
        /// How long a writer waits for another process's lock before failing with `.locked`, in seconds.
        public var lockTimeout: Double
        /// The name recorded in the lock file while this store writes (shown to waiting processes).
        public var commandName: String {
            get { givenCommandName ?? ProcessInfo.processInfo.processName }
            set { givenCommandName = newValue }
        }
        /// Asked of `ProcessInfo` only when a write needs it: its first use costs a fresh
        /// process a tenth of a millisecond that a read has no use for.
        private var givenCommandName: String?
        /// The schema version the app or tool was built for; a store at a newer version refuses writes.
        public var codeSchemaVersion: Int?
        /// How long the write lock is kept after a write, in seconds, so that a run of saves takes
        /// it once; `0` releases it as each write returns.
        ///
        /// iOS kills an app that is suspended while it holds a file lock in a shared (App Group)
        /// container, and an app may be suspended the moment a save returns, so the default
        /// is `0` on iOS, watchOS, tvOS and visionOS and 0.02 s elsewhere. With a linger, call
        /// ``Store/finishWriting()`` before the app can be suspended (in `scenePhase` `.background`,
        /// or inside `beginBackgroundTask`).
        public var lockLinger: Double

        /// A Finder/Files data protection class given to a new store's folder by
        /// ``Store/create(at:schema:timeZone:options:)`` and ``Store/restore(from:to:options:progress:)``
        /// on Apple systems (files created in it inherit it); `nil` keeps the container's
        /// default (a restore: the class of the store it replaces). Ignored on other systems.
        public var fileProtection: FileProtection?

        /// How many parsed documents queries keep between calls (default 16,384; 0 keeps none).
        ///
        /// A query run again — a list refreshed, an observation after each change — then
        /// only checks each covered file's identity (one `stat`) instead of reading and parsing
        /// it. A file changed by anyone is read again; the cache never returns an old version.
        public var documentCacheCapacity: Int

        /// About how many bytes the kept documents and the values decoded from them may take
        /// (default 32 MiB), estimated from their files' sizes; the least recently used go first.
        ///
        /// In a long-lived store on Linux, folders read are watched (inotify): while no file in
        /// them changes, a query run again serves its documents, decoded, from this memory
        /// without a system call per document. Elsewhere each file's identity is checked.
        public var memoryBudget: Int

        /// The app's background task, begun just before the store takes the writers' lock and
        /// ended just after it releases it, so that an app sent to the background mid-commit
        /// is not suspended holding the lock (see ``Store/BackgroundTask``); `nil` by default.
        public var backgroundTask: BackgroundTask?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - lockTimeout: seconds to wait for the write lock (default 5).
        ///   - commandName: the name shown to other processes waiting for the lock.
        ///   - codeSchemaVersion: the schema version the caller understands; `nil` trusts the store.
        ///   - lockLinger: seconds the lock is kept after a write (default: 0 on iOS-family systems, 0.02 elsewhere).
        ///   - fileProtection: the data protection class of a store made by `create` (Apple systems only).
        ///   - documentCacheCapacity: how many parsed documents queries keep between calls (0: none).
        ///   - memoryBudget: about how many bytes those documents and their decoded values may take.
        ///   - backgroundTask: the app's background task, around every holding of the writers' lock.
        public init(lockTimeout: Double = 5, commandName: String? = nil, codeSchemaVersion: Int? = nil,
                    lockLinger: Double = Options.defaultLockLinger, fileProtection: FileProtection? = nil,
                    documentCacheCapacity: Int = 16_384, memoryBudget: Int = 32 << 20, backgroundTask: BackgroundTask? = nil) {
            self.lockTimeout = lockTimeout
            givenCommandName = commandName
            self.codeSchemaVersion = codeSchemaVersion
            self.lockLinger = max(0, lockLinger)
            self.fileProtection = fileProtection
            self.documentCacheCapacity = max(0, documentCacheCapacity)
            self.memoryBudget = max(0, memoryBudget)
            self.backgroundTask = backgroundTask
        }

        /// The default ``lockLinger``: 0 where apps are suspended (iOS and its kin), 0.02 s elsewhere.
        public static var defaultLockLinger: Double {
            #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            return 0
            #else
            return 0.02
            #endif
        }

        /// For a store built out of sight and renamed into place (an import's staging store):
        /// its writes only order, and the rename that publishes it pays the one full flush.
        var isStaging = false

        /// For a snapshot opened to be read (export and backup take one): they read it directly.
        var isSnapshot = false
    }
}
