import Foundation

/// What an observation follows: the results of a query, or one document by its id.
enum ObservedSubject: Sendable {
    case query(Query)
    case document(collection: String, id: String)
}

/// The engine of an observation: reads its subject again whenever its watchers or its store's
/// own commits say something may have changed, and delivers the results when they differ
/// from the last ones delivered.
///
/// It reads as any reader does and never takes the writers' lock: a writer is never held up
/// by an observation, and an observation sees only committed files.
final class StoreObserver: Sendable {
    typealias Delivery = @Sendable (Result<QueryResults<StoredDocument>, any Error>) -> Void

    private let store: Store
    private let subject: ObservedSubject
    private let options: ObservationOptions
    private let deliver: Delivery
    /// Where the query runs and results are delivered, one at a time.
    private let queue = DispatchQueue(label: "Almanac.observation")
    private let state = Guarded(State())
    /// Held across "not cancelled? then deliver", and by ``cancel()``: a cancel waits for a
    /// delivery in progress, so none starts after it returns. Recursive, so that a delivery
    /// may cancel its own observation; apart from the state lock, so that a writer posting a
    /// change never waits for a delivery.
    private let deliveryLock = NSRecursiveLock()

    private final class State {
        var cancelled = false
        var scheduled = false
        var foldersChanged = true
        var last: QueryResults<StoredDocument>?
        /// The folders the watchers cover now.
        var watched: [String] = []
        var watchers: [any FolderWatcher] = []
        var method = ObservationMethod.events
        var signalToken: Int?
    }

    /// How long a change waits for the changes that follow it (a save is a write and a
    /// rename; a hand edit often several writes) before the query runs.
    static let settle: DispatchTimeInterval = .milliseconds(3)

    init(store: Store, subject: ObservedSubject, options: ObservationOptions, deliver: @escaping Delivery) {
        self.store = store
        self.subject = subject
        self.options = options
        self.deliver = deliver
    }

    /// Starts watching and delivers the current results.
    func start() {
        let (watchers, method) = makeWatchers()
        let token = store.writer.changes.add { [weak self] in self?.schedule(foldersChanged: false) }
        state.withLock { state in
            state.watchers = watchers
            state.method = method
            state.signalToken = token
        }
        queue.async { self.evaluate() }
    }

    /// How the observation notices changes made outside its store.
    var method: ObservationMethod { state.withLock { $0.method } }

    /// Stops the observation; idempotent.
    func cancel() {
        let (watchers, token) = deliveryLock.synchronized {
            state.withLock { state -> ([any FolderWatcher], Int?) in
                state.cancelled = true
                defer { state.watchers = []; state.signalToken = nil }
                return (state.watchers, state.signalToken)
            }
        }
        for watcher in watchers { watcher.stop() }
        if let token { store.writer.changes.remove(token) }
    }

    /// The commit signal and a folder watcher for hand edits (none polls), or polling when
    /// asked for or when no watcher can be made.
    private func makeWatchers() -> ([any FolderWatcher], ObservationMethod) {
        let onChange: @Sendable (Bool) -> Void = { [weak self] foldersChanged in self?.schedule(foldersChanged: foldersChanged) }
        let onCommit: @Sendable () -> Void = { [weak self] in self?.schedule(foldersChanged: false) }
        let polling = { (interval: TimeInterval, reason: String) -> ([any FolderWatcher], ObservationMethod) in
            ([PollingWatcher(interval: interval, queue: self.queue, onChange: onChange)], .polling(interval: interval, reason: reason))
        }
        if let interval = options.polling { return polling(interval, "asked for (ObservationOptions.polling)") }
        let platform = ObservationPlatform(store: store)
        guard let signal = CommitSignalWatcher(storePath: store.url.path, onCommit: onCommit, makeWatcher: {
            platform.pathWatcher(queue: self.queue, onChange: $0)
        }) else {
            return polling(1, platform.unavailable)
        }
        #if DEBUG
        guard options.watchesFolders else { return ([signal], .events) }
        #endif
        guard let folders = platform.folderWatcher(storePath: store.url.path, queue: queue, onChange: onChange) else {
            signal.stop()
            return polling(1, platform.unavailable)
        }
        return ([signal, folders], .events)
    }

    /// Runs the query soon, once, however many changes arrive meanwhile.
    private func schedule(foldersChanged: Bool) {
        let run = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.foldersChanged = state.foldersChanged || foldersChanged
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        if run { queue.asyncAfter(deadline: .now() + Self.settle) { self.evaluate() } }
    }

    /// Refreshes the watched folders when needed, runs the query and delivers a change.
    private func evaluate() {
        guard let (refresh, watchers) = state.withLock({ state -> (Bool, [any FolderWatcher])? in
            guard !state.cancelled else { return nil }
            state.scheduled = false
            defer { state.foldersChanged = false }
            return (state.foldersChanged, state.watchers)
        }) else { return }
        do {
            let results: QueryResults<StoredDocument>
            switch subject {
            case .query:
                // Watch before reading, so that a change landing between the two is seen.
                if refresh { watch(try store.coveredFolders(of: subject, at: nil), with: watchers) }
                results = try store.results(of: subject)
            case .document:
                // The folders follow the document, from where this reading found it: when a
                // date change (or a person) moved it, watch its new folders and read again.
                let found = try store.results(of: subject)
                if watch(try store.coveredFolders(of: subject, at: found.documents.first?.location), with: watchers) {
                    results = try store.results(of: subject)
                } else {
                    results = found
                }
            }
            deliveryLock.synchronized {
                let changed = state.withLock { state -> Bool in
                    guard !state.cancelled, state.last != results else { return false }
                    state.last = results
                    return true
                }
                if changed { deliver(.success(results)) }
            }
        } catch {
            deliveryLock.synchronized {
                guard !state.withLock({ $0.cancelled }) else { return }
                cancel()
                deliver(.failure(error))
            }
        }
    }

    /// Points the watchers at `folders` (each watches again a folder that was replaced under
    /// the same path, as a migration's swap of `data/` does); returns whether they covered
    /// other folders before.
    @discardableResult
    private func watch(_ folders: [String], with watchers: [any FolderWatcher]) -> Bool {
        let moved = state.withLock { state -> Bool in
            defer { state.watched = folders }
            return state.watched != folders
        }
        for watcher in watchers { watcher.watch(folders) }
        return moved
    }
}
