import Foundation
import Testing

@testable import Almanac

/// The repository root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh, empty temporary folder for one test; remove it with `defer`.
func temporaryFolder(_ label: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
}

/// Keeps a model type and its schema file from drifting apart.
///
/// For one instance of a model it checks that
/// - its encoding validates against `schema/<app>/<collection>.schema.json`;
/// - with `everyField`, it encodes every property the schema declares (so a field the
///   schema has and the Swift type forgot is caught, not only the reverse);
/// - it round-trips through a store created from `schema/<app>/` and comes back equal.
struct SchemaConformance {
    var app: String
    var timeZone = TimeZone(identifier: "UTC")!

    /// The collection's schema file as a `JSONSchema`, and its declared property names.
    func schema(of collection: String) throws -> (JSONSchema, Set<String>) {
        let url = repositoryRoot.appendingPathComponent("schema/\(app)/\(collection).schema.json")
        let value = try JSONParser.parse(try Data(contentsOf: url)).value
        let properties = Set(value["properties"]?.objectValue?.keys ?? [:].keys)
        return (try JSONSchema(value, path: url.path), properties)
    }

    /// The violations of `value` against the collection's schema, and the declared
    /// properties `value` leaves out.
    func problems(_ value: JSONValue, in collection: String) throws -> (violations: [SchemaViolation], missing: Set<String>) {
        let (schema, properties) = try schema(of: collection)
        let keys = Set(value.objectValue?.keys ?? [:].keys)
        return (schema.validate(value), properties.subtracting(keys))
    }

    /// Expects `document` to validate, to set every declared field when `everyField`, and to
    /// round-trip through a store.
    /// - Parameter savingFirst: saves what `document` refers to (the store refuses a reference to a missing document).
    func expectConforms<D: Document & Equatable>(_ document: D, everyField: Bool = true, savingFirst: (Store) throws -> Void = { _ in },
                                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try DocumentEncoder().encode(document)
        let (violations, missing) = try problems(value, in: D.collection)
        #expect(violations.isEmpty, "\(D.self) breaks its schema: \(violations)", sourceLocation: sourceLocation)
        if everyField {
            #expect(missing.isEmpty, "\(D.self) does not encode \(missing.sorted()) declared by its schema", sourceLocation: sourceLocation)
        }
        try withStore { store in
            try savingFirst(store)
            try store.save(document)
            #expect(try store.document(D.self, id: document.id) == document, "\(D.self) changed on its way through the store", sourceLocation: sourceLocation)
        }
    }

    /// As `expectConforms(_:)` for the document of a singleton collection.
    func expectConforms<S: SingletonDocument & Equatable>(singleton: S, everyField: Bool = true, savingFirst: (Store) throws -> Void = { _ in },
                                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try DocumentEncoder().encode(singleton)
        let (violations, missing) = try problems(value, in: S.collection)
        #expect(violations.isEmpty, "\(S.self) breaks its schema: \(violations)", sourceLocation: sourceLocation)
        if everyField {
            #expect(missing.isEmpty, "\(S.self) does not encode \(missing.sorted()) declared by its schema", sourceLocation: sourceLocation)
        }
        try withStore { store in
            try savingFirst(store)
            try store.save(singleton)
            #expect(try store.singleton(S.self) == singleton, "\(S.self) changed on its way through the store", sourceLocation: sourceLocation)
        }
    }

    /// Expects the schema to refuse `document` (a value the model's own rules refuse too).
    func expectRefused<D: Document>(_ document: D, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try DocumentEncoder().encode(document)
        #expect(!(try problems(value, in: D.collection).violations.isEmpty), "the schema accepts \(value)", sourceLocation: sourceLocation)
    }

    /// Runs `body` with a new store made from `schema/<app>/`, removed afterwards.
    func withStore<T>(_ body: (Store) throws -> T) throws -> T {
        let folder = temporaryFolder("\(app)-conformance")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store.create(at: folder.appendingPathComponent("store"),
                                     schema: repositoryRoot.appendingPathComponent("schema/\(app)"), timeZone: timeZone)
        return try body(store)
    }
}
