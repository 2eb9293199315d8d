import Foundation

extension Store {
    /// Compares two stores, or a store and a backup (a folder) or an export (a file): what the
    /// second holds that the first does not, and the other way round, down to each field.
    ///
    /// ```swift
    /// let diff = try Store.diff(backupURL, storeURL)
    /// for change in diff.documents { print(change.kind, change.newPath ?? change.oldPath ?? "") }
    /// ```
    /// Documents are matched by collection and id, so a document whose date moved it to
    /// another folder is one changed document. A store being written meanwhile is compared
    /// collection by collection, each as it was when read.
    /// - Parameters:
    ///   - old: the first store's folder, or an export file.
    ///   - new: the second store's folder, or an export file.
    ///   - options: the collections and days to compare.
    /// - Returns: the differences; ``StoreDiff/isEqual`` when there are none.
    /// - Throws: `.notAStore`, `.unknownCollection` (a collection neither store has),
    ///   `.malformedJSON` or `.invalidDocument` for a damaged document, or the errors of
    ///   ``Store/importExport(from:into:options:progress:)`` for an export that cannot be read.
    public static func diff(_ old: URL, _ new: URL, options: DiffOptions = DiffOptions()) throws -> StoreDiff {
        try StoreDiffer.diff(old, new, options: options)
    }
}
