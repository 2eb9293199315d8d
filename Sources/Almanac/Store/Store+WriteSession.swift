import Dispatch
import Foundation

/// The lock held across a run of writes.
struct WriteSession {
    var holder: StoreLock.Holder
    var lastWrite: DispatchTime
    var releaseScheduled: Bool
    /// A committed change could not be finished: the lock is left as a killed writer leaves
    /// it, so the next writer finishes the change from its journal.
    var interrupted = false
}

/// A pending id hint: `location` nil means the document was deleted.
typealias IDHint = (id: String, collection: String, location: DocumentLocation?)

extension Store {
    /// How long the lock is kept after a write (``Options/lockLinger``), so that a run of saves takes it once.
    ///
    /// Taking the lock rewrites the lock record, and every file dirtied next to a durable
    /// write makes that write's fsync commit more (on ext4 a save costs twice the bare
    /// syscalls with one extra file written per save). Other processes wait at most this
    /// long beyond the writes themselves.
    var lockLinger: Double { options.lockLinger }


    /// Runs `body` as the only writer: this process's other threads wait on `mutex`, other
    /// processes on `flock`. Recovers from a previous writer's crash when taking the lock.
    ///
    /// - Parameter reading: for ``read(_:)``: a store newer than this code may be read, and a
    ///   crashed writer's leftovers are left for a writer that understands them.
    func withWriteLock<T>(reading: Bool = false, _ body: () throws -> T) throws -> T {
        if !reading, let writeRefusal { throw writeRefusal }
        mutex.lock()
        defer { mutex.unlock() }
        // The mutex is recursive so that reads on the store work inside a transaction's block;
        // a write there would commit on its own, outside the transaction.
        guard !reading || transactionDepth == 0 else { return try body() }
        guard transactionDepth == 0 else {
            throw AlmanacError(.invalidArgument, "the store was written inside its own write or read block; save and delete through the block's transaction (db.save, db.delete) so that the change commits with it")
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        if session == nil { try beginSession(recovering: writeRefusal == nil) }
        do {
            let result = try body()
            scheduleEndOfSession()
            return result
        } catch let error as AlmanacError where error.code == .simulatedCrash {
            // Like a killed process: drop the lock without recording a clean finish.
            try? writeLock().abandon()
            session = nil
            pendingHints.removeAll()
            cache.invalidate()
            throw error
        } catch {
            cache.invalidate()
            endSession()
            throw error
        }
    }

    /// Takes the lock and starts a session. Call with `mutex` held.
    private func beginSession(recovering: Bool) throws {
        let lock = try writeLock()
        let token = "\(getpid())-\(instanceID)-\(tokenCounter.next())"
        let (previous, holder) = try lock.acquire(command: options.commandName, token: token, timeout: options.lockTimeout)
        session = WriteSession(holder: holder, lastWrite: .now(), releaseScheduled: false)
        // The caches are still good only if the previous writer was this store, finished.
        if previous.map({ "\($0.token)/\($0.state)" }) != cache.token {
            cache.invalidate()
            // Another writer came first; if it migrated the store, this store's catalog is stale.
            if previous?.command != nil, try versionOnDisk() != schemaVersion {
                endSession()
                throw AlmanacError(.storeChanged, "the store was migrated to another version since it was opened; open it again to write", path: url.path)
            }
        }
        // From here the caches describe the store as this writer leaves it.
        cache.token = token
        if !recovering, previous?.state == "active" {
            // A writer this code cannot judge was killed: leave its record saying so, for a
            // writer that understands its journal.
            session?.interrupted = true
        }
        if recovering, previous?.state == "active" {
            do {
                try recoverInterruptedWrite()
            } catch {
                endSession()
                throw error
            }
        }
    }

    /// Ends the session after `lockLinger` without writes, or now when there is no linger.
    /// Call with `mutex` held.
    private func scheduleEndOfSession() {
        guard var current = session else { return }
        // A process waiting in line gets the lock now, however busy this writer is.
        guard lockLinger > 0, !((try? writeLock().hasWaiter()) ?? false) else { return endSession() }
        current.lastWrite = .now()
        defer { session = current }
        guard !current.releaseScheduled else { return }
        current.releaseScheduled = true
        sessionQueue.asyncAfter(deadline: .now() + lockLinger) { [weak self] in
            self?.endSessionIfIdle()
        }
    }

    private func endSessionIfIdle() {
        mutex.lock()
        defer { mutex.unlock() }
        guard var current = session else { return }
        let idle = Double(DispatchTime.now().uptimeNanoseconds - current.lastWrite.uptimeNanoseconds) / 1e9
        if idle >= lockLinger {
            endSession()
        } else {
            sessionQueue.asyncAfter(deadline: .now() + (lockLinger - idle)) { [weak self] in
                self?.endSessionIfIdle()
            }
            current.releaseScheduled = true
            session = current
        }
    }

    /// Writes the pending hints and releases the lock, recording a clean finish.
    /// Call with `mutex` held (or from `deinit`).
    func endSession() {
        guard let current = session else { return }
        flushHints()
        if current.interrupted {
            try? writeLock().abandon()
        } else {
            try? writeLock().release(current.holder)
        }
        session = nil
        cache.token = "\(current.holder.token)/released"
    }

    /// Finishes the write session now instead of after the short linger: the lock is
    /// released and id hints are written, so another process can write at once.
    ///
    /// Saves are durable when they return whether or not this is called; call it when a
    /// burst of writes is over and another process may want to write, and on iOS before the
    /// app can be suspended when ``Options/lockLinger`` is above zero (a suspended app holding
    /// a lock in a shared container is killed):
    ///
    /// ```swift
    /// let task = UIApplication.shared.beginBackgroundTask()
    /// try store.save(entry)
    /// store.finishWriting()
    /// UIApplication.shared.endBackgroundTask(task)
    /// ```
    public func finishWriting() {
        mutex.synchronized {
            // Inside a read or write block the lock is the block's until it returns.
            guard transactionDepth == 0 else { return }
            endSession()
        }
    }
}
