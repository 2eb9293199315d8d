import Almanac
import Foundation

/// The data model's "Export/Delete: full export (JSON) and one-tap delete from Settings".
extension ElaroService {
    /// Writes the parent's full export: every document of every Elaro collection, notes
    /// included (it is the parent's own copy, not analytics), as one JSON object
    /// `{"header": …, "items": […]}` that `Store.importExport(from:…)` can restore.
    ///
    /// - Parameter url: the file to write (created 0600, replaced atomically).
    /// - Returns: what was written, per collection.
    /// - Throws: the store's errors (`.io` when the file cannot be written).
    @discardableResult
    public func exportEverything(to url: URL) throws -> ExportSummary {
        try store.export(to: url, options: ExportOptions(format: .json, attachments: true))
    }

    /// Settings' one-tap delete: removes every document (focus areas, templates, milestones,
    /// actions, summaries and the analytics queue) in one atomic change, keeping the store
    /// usable at its schema version; the next launch's seed import brings the templates back.
    ///
    /// - Returns: what was removed.
    /// - Throws: the store's errors.
    @discardableResult
    public func deleteEverything() throws -> DeleteReport {
        try store.delete(.all)
    }
}
