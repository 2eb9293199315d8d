#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Store {
    /// Creates a new, empty store at `url` from the app's schema folder, and opens it.
    ///
    /// Writes `schema/` (a copy of the schema folder), `data/` with a folder per
    /// collection, `.almanac/`, and last `store.json`, each durably: a store without
    /// `store.json` is an unfinished one that `create` may finish.
    ///
    /// ```swift
    /// let store = try Store.create(at: URL(filePath: "MyStore"),
    ///                              schema: URL(filePath: "schema/miga"),
    ///                              timeZone: TimeZone(identifier: "America/New_York")!)
    /// ```
    /// - Parameters:
    ///   - url: the new store's folder: missing, or empty.
    ///   - schemaFolder: a folder holding `catalog.json` and the collections' schema files.
    ///   - timeZone: the time zone that names day folders, by its IANA id (or UTC); fixed for
    ///     the store's life, and recorded by that id (`UTC` for Foundation's `GMT`).
    ///   - options: how to open the store afterwards.
    /// - Throws: `.storeExists` when a store is already there, `.invalidArgument` for a
    ///   folder that holds other files or a zone named by an abbreviation (`PST`),
    ///   `.invalidCatalog` for a bad schema folder.
    public static func create(
        at url: URL, schema schemaFolder: URL, timeZone: TimeZone = .current, options: Options = Options()
    ) throws -> Store {
        try StoreCreator.create(at: url, schema: schemaFolder, timeZone: timeZone, options: options)
    }

    /// The regular `.json` files of a schema folder, sorted.
    static func schemaFileNames(in folder: URL) throws -> [String] {
        try StoreCreator.schemaFileNames(in: folder)
    }
}
