/// The app's way of asking the system for time to finish a write when it is sent to the
/// background, which the store calls around every moment it holds the writers' lock.
///
/// iOS kills an app that is suspended while it holds a file lock in a shared (App Group)
/// container (crash code `0xdead10cc`). Almanac holds the lock only to commit (a migration,
/// seed import or retention run reads and stages without it), and with
/// ``Store/Options/lockLinger`` 0 (the iOS default) releases it as each write returns. Given a
/// background task, the store calls ``begin`` just before it takes the lock and ``end`` just
/// after it releases it, so an app sent to the background mid-commit gets the seconds it
/// needs to finish instead of being suspended holding the lock.
///
/// On iOS, pair it with `UIApplication.beginBackgroundTask(withName:expirationHandler:)` and
/// `endBackgroundTask(_:)` (UIKit, also from SwiftUI apps); in an app extension or widget,
/// where there is no `UIApplication`, with `ProcessInfo.performExpiringActivity(withReason:using:)`:
///
/// ```swift
/// import UIKit
///
/// let backgroundTask = Store.BackgroundTask(
///     begin: { name in
///         // The store calls begin before it takes any lock, on the thread that writes.
///         let begin = { @MainActor in UIApplication.shared.beginBackgroundTask(withName: name, expirationHandler: nil).rawValue }
///         if Thread.isMainThread { return MainActor.assumeIsolated(begin) }
///         return DispatchQueue.main.sync { MainActor.assumeIsolated(begin) }
///     },
///     end: { token in
///         DispatchQueue.main.async { UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: token)) }
///     })
/// let store = try Store(at: url, options: Store.Options(backgroundTask: backgroundTask))
/// ```
///
/// A commit takes milliseconds, far inside the time iOS gives a background task; the
/// expiration handler is left out for that reason.
/// ```
extension Store {
    /// Begins and ends the app's background task around the store's holding of the writers' lock.
    public struct BackgroundTask: Sendable {
        /// Asks the system for time, naming the work; returns a token for ``end``.
        public var begin: @Sendable (_ name: String) -> Int
        /// Tells the system the work of `token` is done.
        public var end: @Sendable (_ token: Int) -> Void

        /// Creates a background task from the app's begin and end calls.
        ///
        /// - Parameters:
        ///   - begin: called on the writing thread before the store takes any lock (so it may
        ///     wait for the main thread); returns a token.
        ///   - end: called just after the lock is released, with that token, on the writing thread
        ///     or, after a ``Store/Options/lockLinger``, on the store's own queue; it must not wait
        ///     for another thread.
        public init(begin: @escaping @Sendable (_ name: String) -> Int, end: @escaping @Sendable (_ token: Int) -> Void) {
            self.begin = begin
            self.end = end
        }
    }
}
