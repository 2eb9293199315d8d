import Foundation

extension Store {
    /// How the schema folder `folder` (an app's `schema/<app>`, or the one it ships) differs
    /// from this store's copy of its schema, when its catalog is at the store's version.
    ///
    /// Files are compared as JSON values, so spacing and member order do not count.
    ///
    /// - Returns: `nil` when the two agree, or when the folder's catalog is at another version
    ///   (a pending migration leads there, or the folder is older than the store).
    /// - Throws: `.invalidCatalog` for a folder without a readable catalog or of another app;
    ///   `.malformedJSON` for a schema file that is not JSON (the error names the file).
    public func schemaDrift(from folder: URL) throws -> SchemaDrift? {
        try SchemaDriftFinder(store: self).drift(from: folder)
    }
}
