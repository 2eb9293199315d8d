import Almanac
import Foundation

/// Makes the Almanac stores of the benchmark through the public API: `Store.create` from the
/// frozen version-1 schema of the app's sample store (`samples/<app>/store/schema`), time zone UTC.
///
/// Not from `schema/<app>`: that folder is the reference app's current schema and moves on
/// with its migrations (MIGA's version 3 files usage events by month), while the cases
/// measure the layout they always measured (MIGA usage events in day folders).
struct StoreFactory {
    /// The repository root, holding `schema/` and `samples/`.
    let repository: URL

    /// The schema folder the benchmark's stores of `app` are created from (and validated against):
    /// `samples/<app>/store/schema`, which stays at version 1.
    func schemaFolder(for app: String) -> URL {
        repository.appendingPathComponent("samples/\(app)/store/schema")
    }

    /// A new, empty store for `D`'s app at `url`, opened.
    ///
    /// An Elaro store first gets the sample store's focus areas and action templates, which
    /// the generated action instances refer to.
    func create<D: BenchDocument>(for type: D.Type, at url: URL) throws -> Store {
        let schema = schemaFolder(for: D.app)
        let store = try Store.create(at: url, schema: schema, timeZone: TimeZone(identifier: "UTC")!,
                                     options: Store.Options(commandName: "almanac-bench"))
        if D.app == "elaro" {
            for collection in ["focus-areas", "action-templates"] {
                let folder = repository.appendingPathComponent("samples/elaro/store/data/\(collection)")
                let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
                let documents = try names.map { try JSONValue(parsing: [UInt8](Data(contentsOf: folder.appendingPathComponent($0)))) }
                try store.save(json: documents, in: collection)
            }
        }
        return store
    }

    /// Checks that the file Almanac wrote for `document` in the store at `url` holds exactly the
    /// bytes the bare side writes, at the same path: otherwise the comparison would be unfair.
    func checkSameBytes(store url: URL, collection: String, _ document: PreparedDocument) throws {
        let path = url.appendingPathComponent("data/\(collection)/\(document.relativePath)")
        guard let written = FileManager.default.contents(atPath: path.path) else {
            throw BenchError("Almanac did not write \(path.path), where the bare side writes this document")
        }
        guard [UInt8](written) == document.fileBytes else {
            throw BenchError("""
                Almanac's file \(path.path) differs from the bytes the bare side writes:
                Almanac: \(String(decoding: written, as: UTF8.self))
                bare:    \(String(decoding: document.fileBytes, as: UTF8.self))
                """)
        }
    }
}
