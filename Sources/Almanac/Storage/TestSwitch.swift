import Foundation

/// Switches that let the tests take the code paths of systems they do not run on. Debug builds
/// read them from the environment; release builds compile them to `false`.
enum TestSwitch {
    /// `ALMANAC_TEST_NO_VOLUME_SYNC=1`: act as on a system without a whole-volume sync (no
    /// `syncfs` or `fsync_volume_np`), flushing each staged file and folder instead.
    static let noVolumeSync = isSet("ALMANAC_TEST_NO_VOLUME_SYNC")
    /// `ALMANAC_TEST_NO_EXCHANGE=1`: act as on a file system without an atomic exchange of
    /// two names (exFAT, FAT, SMB), taking the journalled steps instead.
    static let noExchange = isSet("ALMANAC_TEST_NO_EXCHANGE")
    /// `ALMANAC_TEST_APPLE_ERRORS=1`: word system errors as on Apple systems (data protection).
    static let applePlatform = isSet("ALMANAC_TEST_APPLE_ERRORS")
    /// `ALMANAC_TEST_SKIP_FOLDER_FLUSH=1`: a deliberately broken write path that renames a
    /// written file into place without flushing its folder, for the crash-state explorer to catch.
    static let skipFolderFlush = isSet("ALMANAC_TEST_SKIP_FOLDER_FLUSH")

    private static func isSet(_ name: String) -> Bool {
        #if DEBUG
        return ProcessInfo.processInfo.environment[name] == "1"
        #else
        return false
        #endif
    }
}
