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
    /// Always readable.
    case none
}

extension FileProtection {
    /// Gives the folder at `path` this protection class. A no-op where data protection does not exist.
    func apply(toFolderAt path: String) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let type: FileProtectionType = switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        case .none: .none
        }
        do {
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: path)
        } catch {
            throw AlmanacError(.io, "cannot give the store the data protection class \(rawValue): \(error.localizedDescription)", path: path)
        }
        #endif
    }
}
