#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Store {
    /// Writes the store's documents to the file at `url` (created 0600, replaced atomically),
    /// streamed: memory stays the same whatever the store's size.
    ///
    /// The file starts with a header: app, schema version, time zone, the store's creation
    /// time, counts, and the store's schema files, so an export restores on its own. Documents
    /// follow collection by collection, in folder and file name order: two exports of the same
    /// store are byte-identical (the header carries no export time for that reason).
    ///
    /// - Parameters:
    ///   - url: the export file; its folder must exist.
    ///   - options: the format, the collections and dates to include, fields to redact.
    ///   - progress: told of each document written (phase `exporting`, against the
    ///     header's count), on the calling thread.
    /// - Throws: `.unknownCollection`, `.malformedJSON` for a damaged file, `.io`.
    @discardableResult
    public func export(to url: URL, options: ExportOptions = ExportOptions(), progress: ProgressHandler? = nil) throws -> ExportSummary {
        try StoreExporter(store: self, progress: progress).export(to: url, options: options)
    }

    /// Writes the export to an open file descriptor (standard output, say).
    @discardableResult
    public func export(toDescriptor fd: Int32, options: ExportOptions = ExportOptions(), progress: ProgressHandler? = nil) throws -> ExportSummary {
        try StoreExporter(store: self, progress: progress).export(to: fd, path: "(standard output)", options: options)
    }
}
