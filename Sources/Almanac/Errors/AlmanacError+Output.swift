import Foundation
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
        guard let failure = underlying as? POSIXFailure, failure.errno == EACCES || failure.errno == EPERM,
              concerns(outsidePath: path)
        else { return self }
        let what = writing
            ? "permission denied writing this file; check that you may write to its folder, or choose another place"
            : "permission denied reading this file; check that you may read it"
        return AlmanacError(.io, "\(what) (\(failure.description), errno \(failure.errno))", path: path, underlying: failure)
    }

    /// Whether the error's file is the outside file itself, its folder, or a file under it or
    /// under its temporary sibling (a backup being copied): a denial on a file of the store
    /// (its lock, say) keeps its own path and wording, since that is what to fix.
    private func concerns(outsidePath path: String) -> Bool {
        guard let own = self.path else { return true }
        let outside = URL(fileURLWithPath: path).standardizedFileURL
        let parent = outside.deletingLastPathComponent().path
        let standardized = URL(fileURLWithPath: own).standardizedFileURL.path
        guard own.hasPrefix("/") else { return false }
        if standardized == outside.path || standardized == parent { return true }
        guard standardized.hasPrefix(parent == "/" ? "/" : parent + "/") else { return false }
        let first = standardized.dropFirst(parent == "/" ? 1 : parent.count + 1).split(separator: "/").first.map(String.init) ?? ""
        return first == outside.lastPathComponent || Directory.isTemporaryName(first)
    }
}

extension AlmanacError {
    /// A copy whose message starts with `prefix`.
    func prefixed(_ prefix: String) -> AlmanacError {
        var copy = self
        copy.message = prefix + copy.message
        return copy
    }
}
