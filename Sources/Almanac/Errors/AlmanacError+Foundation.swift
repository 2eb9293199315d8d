#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension AlmanacError {
    /// The error for a failed Foundation file call (`FileManager`, `Data(contentsOf:)`,
    /// `Data.write(to:)`): its system cause worded as Almanac words every failed system call
    /// (``SystemCall/failure(_:path:errno:descriptor:)``), so that no `NSCocoaErrorDomain` text
    /// reaches a user. An error that is already an ``AlmanacError`` is returned as it is.
    ///
    /// - Parameters:
    ///   - operation: what was being done, for the message (`create folder`, `read`, `list`…).
    ///   - path: the file or folder the call worked on.
    package static func fromFoundation(_ error: any Error, operation: String, path: String) -> AlmanacError {
        if let almanac = error as? AlmanacError { return almanac }
        guard let code = posixCode(of: error as NSError) else {
            return AlmanacError(.io, "\(operation) failed; check that the file exists, that you may use it, and that the disk has room", path: path)
        }
        // The folder's descriptor lets a full disk be told from a volume out of inodes.
        let folder = code == ENOSPC ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
        defer { if folder >= 0 { close(folder) } }
        return SystemCall.failure(operation, path: path, errno: code, descriptor: folder >= 0 ? folder : nil)
    }

    /// Whether the error is about one file alone (it does not parse, validate or open for this
    /// user, or is not downloaded), so that reads which do not need that file go on without it.
    package var concernsOneFile: Bool {
        switch code {
        case .malformedJSON, .invalidDocument, .misfiled, .notDownloaded, .symbolicLink: return true
        case .io: return [EACCES, EPERM, EISDIR, ENOTDIR].contains((underlying as? POSIXFailure)?.errno ?? 0) || underlying == nil
        default: return false
        }
    }

    /// The `errno` behind a Foundation error: its own code in the POSIX domain, the underlying
    /// error's, or the Cocoa file error's usual cause.
    package static func posixCode(of error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, let code = posixCode(of: underlying) { return code }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch error.code {
        case NSFileWriteOutOfSpaceError: return ENOSPC
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return EACCES
        case NSFileWriteVolumeReadOnlyError: return EROFS
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return ENOENT
        case NSFileWriteFileExistsError: return EEXIST
        case NSFileReadTooLargeError: return EFBIG
        default: return nil
        }
    }
}
