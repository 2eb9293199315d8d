/// Something that tells an observation when the folders it covers may have changed.
///
/// A watcher may report changes that turn out to be none (the observation compares results
/// before delivering); it must not miss one.
protocol FolderWatcher: AnyObject, Sendable {
    /// Covers exactly `folders` (absolute paths) from now on; called again whenever folders
    /// came or went.
    func watch(_ folders: [String])
    /// Stops watching and releases the watcher's descriptors.
    func stop()
}
