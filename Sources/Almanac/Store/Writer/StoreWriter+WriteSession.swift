import Dispatch
import Foundation

/// The lock held across a run of writes.
struct WriteSession {
    var holder: StoreLock.Holder
    var lastWrite: DispatchTime
    var releaseScheduled: Bool
    /// The app's background tasks begun for the writes of this session
    /// (``Store/Options/backgroundTask``), ended once the lock is released.
    var backgroundTokens: [Int] = []
    /// A committed change could not be finished: the lock is left as a killed writer leaves
    /// it, so the next writer finishes the change from its journal.
    var interrupted = false
}

/// A pending id hint: `location` nil means the document was deleted.
typealias IDHint = (id: String, collection: String, location: DocumentLocation?)

extension StoreWriter {
    /// How long the lock is kept after a write (``Options/lockLinger``), so that a run of saves takes it once.
    ///
    /// Taking the lock rewrites the lock record, and every file dirtied next to a durable
    /// write makes that write's fsync commit more (on ext4 a save costs twice the bare
    /// syscalls with one extra file written per save). Other processes wait at most this
    /// long beyond the writes themselves.
    var lockLinger: Double { options.lockLinger }

    /// Runs `body` as the only writer, with the store's state in hand: this process's other
    /// threads wait on the state's lock, other processes on `flock`. Recovers from a previous
    /// writer's crash when taking the lock.
    ///
    /// - Parameter reading: for ``Store/read(_:)``: a store newer than this code may be read, and a
    ///   crashed writer's leftovers are left for a writer that understands them.
    func withWriteLock<T>(reading: Bool = false, _ body: (StoreState) throws -> T) throws -> T {
        if !reading, let writeRefusal { throw writeRefusal }
        if !reading, ReadTransaction.isRunningBlock {
            throw AlmanacError(.invalidArgument, "the store was written inside its own read block; write in a write block (store.write { db in … }), whose reads see its own changes")
        }
        // A write from inside a streamed read (a save in a forEachDocument body) sees the files
        // as they are, not as that read's view shows them.
        if !reading, ReadView.current != nil { return try ReadView.with(nil) { try withWriteLock(reading: false, body) } }
        // The app's background task is begun before any lock is taken: its begin may wait for
        // the main thread, which may itself be waiting for this store.
        let background = reading ? nil : options.backgroundTask
        let backgroundToken = background?.begin("Almanac: writing \(reader.url.lastPathComponent)")
        var handedToSession = false
        defer { if let background, let backgroundToken, !handedToSession { background.end(backgroundToken) } }
        return try state.withLock { state in
            // The lock is recursive so that reads on the store work inside a transaction's
            // block; a write there would commit on its own, outside the transaction.
            guard !reading || state.transactionDepth == 0 else { return try body(state) }
            guard state.transactionDepth == 0 else {
                throw AlmanacError(.invalidArgument, "the store was written inside its own write or read block; save and delete through the block's transaction (db.save, db.delete) so that the change commits with it")
            }
            state.transactionDepth += 1
            defer { state.transactionDepth -= 1 }
            if state.session == nil { try beginSession(state, recovering: writeRefusal == nil) }
            // Ended when the session releases the lock (at once, or after its linger).
            if let backgroundToken {
                state.session?.backgroundTokens.append(backgroundToken)
                handedToSession = true
            }
            do {
                let result = try StoreReader.inIndexScope(writing: !reading) { try body(state) }
                if !reading { FileSystemRecorder.mark("committed") }
                scheduleEndOfSession(state)
                if !reading { changes.post() }
                return result
            } catch {
                state.folders.removeAll()
                forgetCaches()
                endSession(state)
                throw error
            }
        }
    }

    /// Runs `read` holding the writers' lock (a read overtaken by commits too often: it ends
    /// once nobody commits). A store newer than this code may be read this way.
    func readHoldingLock<T>(_ read: () throws -> T) throws -> T {
        try withWriteLock(reading: true) { _ in try read() }
    }

    /// Finishes what a writer killed in mid-write left (a committed change, temporary files),
    /// taking the lock and giving it back (``Store/init(at:options:)``).
    func finishInterruptedWrite() throws {
        try withWriteLock { _ in }
        finishWriting()
    }

    /// Takes the file lock and starts a session.
    private func beginSession(_ state: StoreState, recovering: Bool) throws {
        let lock = try writeLock(state)
        let token = "\(getpid())-\(instanceID)-\(tokenCounter.next())"
        let (previous, holder) = try lock.acquire(command: options.commandName, token: token, timeout: options.lockTimeout)
        state.session = WriteSession(holder: holder, lastWrite: .now(), releaseScheduled: false)
        if previous.map({ "\($0.token)/\($0.state)" }) != state.lastSession {
            // Another writer came first: the open folders of the write path may be gone, and
            // if it migrated the store, this store's catalog is stale.
            state.folders.removeAll()
            if previous?.command != nil, try reader.versionOnDisk() != schemaVersion {
                endSession(state)
                throw AlmanacError(.storeChanged, "the store was migrated to another version since it was opened; open it again to write", path: reader.url.path)
            }
        }
        state.lastSession = token
        if !recovering, previous?.state == "active" {
            // A writer this code cannot judge was killed: leave its record saying so, for a
            // writer that understands its journal.
            state.session?.interrupted = true
        }
        // A committed journal is finished by whoever takes the lock next, whatever the lock
        // record says: a writer whose commit failed after its journal leaves the record as it
        // was, and so may a recovery that failed (SQLite's hot-journal rule).
        if recovering, previous?.state == "active" || hasJournal {
            do {
                try recoverInterruptedWrite(state)
                // A writer killed between the two steps of a one-file change left the clock odd.
                try clock.markSettled()
            } catch {
                // Everything stays for the next writer, and the record keeps saying so.
                state.session?.interrupted = true
                endSession(state)
                guard let error = error as? AlmanacError, hasJournal, error.code == .io || error.code == .protectedDataUnavailable else { throw error }
                throw error.prefixed(StoreWriter.pendingCommitPrefix)
            }
        }
        // Another writer, a sync tool or git may have replaced store.json (a change of the
        // calendar): this session files by the one on disk (one fstatat when nothing changed).
        // A store that refuses writes (newer than this code) has nothing to file.
        guard recovering else { return }
        do {
            try reader.takeUpReplacedManifest()
        } catch {
            endSession(state)
            throw error
        }
    }

    /// Whether `.almanac/journal.json` exists: a change committed and not yet finished (one `fstatat`).
    var hasJournal: Bool {
        (try? root.entryKind(of: ".almanac/" + WriteJournal.fileName)) == .file
    }

    /// The words before the cause when a committed change left by an earlier write cannot be finished now.
    static let pendingCommitPrefix = "an earlier change is committed but could not be put in place yet, so nothing new was written; it is finished by the next write or open of the store once the cause is gone: "

    /// Ends the session after `lockLinger` without writes, or now when there is no linger.
    private func scheduleEndOfSession(_ state: StoreState) {
        guard var current = state.session else { return }
        // A process waiting in line gets the lock now, however busy this writer is.
        guard lockLinger > 0, !((try? writeLock(state).hasWaiter()) ?? false) else { return endSession(state, always: false) }
        current.lastWrite = .now()
        defer { state.session = current }
        guard !current.releaseScheduled else { return }
        current.releaseScheduled = true
        sessionQueue.asyncAfter(deadline: .now() + lockLinger) { [weak self] in
            self?.endSessionIfIdle()
        }
    }

    private func endSessionIfIdle() {
        state.withLock { state in
            guard var current = state.session else { return }
            let idle = Double(DispatchTime.now().uptimeNanoseconds - current.lastWrite.uptimeNanoseconds) / 1e9
            if idle >= lockLinger {
                endSession(state, always: false)
            } else {
                sessionQueue.asyncAfter(deadline: .now() + (lockLinger - idle)) { [weak self] in
                    self?.endSessionIfIdle()
                }
                current.releaseScheduled = true
                state.session = current
            }
        }
    }

    /// Writes the pending hints and releases the file lock, recording a clean finish.
    ///
    /// - Parameter always: write back the folder indexes this process's commits changed; else
    ///   only when a second has passed since the last time. Sessions of single saves end after
    ///   each save, and files written beside a durable save make its flush commit more (the
    ///   next process lists the folders that changed meanwhile; it reads none of their files
    ///   until a date query asks).
    func endSession(_ state: StoreState, always: Bool = true) {
        guard let current = state.session else { return }
        flushHints(state)
        let now = DispatchTime.now().uptimeNanoseconds
        if always || now - state.indexesWritten >= 1_000_000_000 { writeFolderIndexes(state) }
        if current.interrupted {
            try? writeLock(state).abandon()
        } else {
            try? writeLock(state).release(current.holder)
        }
        state.session = nil
        state.lastSession = "\(current.holder.token)/released"
        if let background = options.backgroundTask { for token in current.backgroundTokens { background.end(token) } }
    }

    /// Ends the write session now (``Store/finishWriting()``), unless a block holds it.
    func finishWriting() {
        state.withLock { state in
            // Inside a read or write block the lock is the block's until it returns.
            guard state.transactionDepth == 0 else { return }
            endSession(state)
        }
    }
}
