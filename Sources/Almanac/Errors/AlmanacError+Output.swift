#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AlmanacError {
    /// The error as it concerns a file outside the store (an export written, an export
    /// read, a backup's destination): a permission failure names that file and its folder
    /// instead of telling the person to check the store.
    ///
    /// - Parameters:
    ///   - path: the outside file or folder, as the caller gave it.
    ///   - writing: whether the file was being written (else read).
    func concerningOutsideFile(_ path: String, writing: Bool) -> AlmanacError {
        guard let failure = underlying as? POSIXFailure, failure.errno == EACCES || failure.errno == EPERM else { return self }
        let what = writing
            ? "permission denied writing this file; check that you may write to its folder, or choose another place"
            : "permission denied reading this file; check that you may read it"
        return AlmanacError(.io, "\(what) (\(failure.description), errno \(failure.errno))", path: path, underlying: failure)
    }
}
