#if canImport(Darwin)
import Darwin
#endif
import Foundation

/// The data protection class of a store's folder on Apple systems: when its files can be read.
///
/// Files created in the folder inherit its class. With `complete`, the store cannot be read
/// while the device is locked (a widget or background task then gets
/// ``AlmanacError/Code/protectedDataUnavailable``); `completeUntilFirstUserAuthentication`
/// (the iOS default for app containers) can be read from the first unlock after boot on.
public enum FileProtection: String, Sendable, CaseIterable {
    /// Readable only while the device is unlocked.
    case complete
    /// Files open before the device locked stay readable; new files can be created while locked.
    case completeUnlessOpen
    /// Readable from the first unlock after boot until the device restarts.
    case completeUntilFirstUserAuthentication
    /// Always readable (Apple's class D, `FileProtectionType.none`). Not `.none`, which Swift
    /// would read as `Optional.none`: `Options(fileProtection: .none)` would mean "the
    /// container's default" instead.
    case noProtection
}

extension FileProtection {
    /// Gives the folder at `path` this protection class. A no-op where data protection does not exist.
    func apply(toFolderAt path: String) throws {
        TestHooks.protectionApplied(self, toFolderAt: path)
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let type: FileProtectionType = switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        case .noProtection: .none
        }
        do {
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        } catch {
            throw AlmanacError(.io, "cannot give the store the data protection class \(rawValue): \(error.localizedDescription)", path: path)
        }
        #endif
    }
}

extension FileProtection {
    /// The class of the open file or folder `descriptor`, or `nil` where the volume has no data
    /// protection (macOS, Linux) or the class cannot be read.
    static func inForce(at descriptor: Int32) -> FileProtection? {
        if let injected = TestHooks.injectedProtection(descriptor) { return injected }
        #if canImport(Darwin)
        // The classes' numbers (A = 1 … D = 4) are the kernel's; the SDK does not name them for apps.
        switch fcntl(descriptor, F_GETPROTECTIONCLASS) {
        case 1: return .complete
        case 2: return .completeUnlessOpen
        case 3: return .completeUntilFirstUserAuthentication
        case 4: return .noProtection
        default: return nil
        }
        #else
        return nil
        #endif
    }

    /// Whether the system may close files of this class to the app: `complete` and
    /// `completeUnlessOpen` while the device is locked; `completeUntilFirstUserAuthentication`
    /// until the first unlock after a restart, which on a Mac has always happened by the time
    /// an app runs (so a denial there is a denial).
    var closesWhileLocked: Bool {
        switch self {
        case .complete, .completeUnlessOpen: return true
        case .noProtection: return false
        case .completeUntilFirstUserAuthentication:
            #if os(macOS)
            return false
            #else
            return true
            #endif
        }
    }

    /// When files of this class are closed, for messages.
    var whenClosed: String {
        self == .completeUntilFirstUserAuthentication
            ? "until the device is first unlocked after a restart" : "while the device is locked"
    }
}
