import Foundation

/// How an app's schema folder differs from the copy a store keeps of its schema at the same
/// version: a schema edited after its version was applied, which no migration carries.
///
/// A store reads and validates with its own copy (`schema/` in the store), never with the
/// app's folder, so such an edit changes nothing until a migration takes it in: write one
/// (it moves the catalog to the next version) and migrate.
///
/// ```swift
/// if let drift = try store.schemaDrift(from: bundle.url(forResource: "schema", withExtension: nil)!) {
///     print(drift.summary)   // catalog.json (/collections/prompts/seeded)
/// }
/// ```
public struct SchemaDrift: Sendable, Equatable, Encodable {
    /// The schema folder compared with the store's copy, as it was given.
    public var schemaFolder: String
    /// The version both catalogs claim.
    public var version: Int
    /// Each schema file that differs, by name.
    public var files: [File]

    /// One schema file that differs.
    public struct File: Sendable, Equatable, Encodable {
        /// The file's name, e.g. `catalog.json`.
        public var name: String
        /// `added`: only in the app's folder; `removed`: only in the store; `changed`: in both.
        public var kind: StoreDiff.Kind
        /// For a changed file, the JSON pointers of the values that differ.
        public var pointers: [String]
    }

    /// The files and values that differ, on one line: `catalog.json (/collections/prompts/seeded),
    /// mood.schema.json (only in the app's folder)`.
    public var summary: String {
        files.map { file in
            switch file.kind {
            case .added: return "\(file.name) (only in the app's folder)"
            case .removed: return "\(file.name) (only in the store)"
            case .changed:
                let shown = file.pointers.prefix(3).joined(separator: ", ")
                return "\(file.name) (\(shown)\(file.pointers.count > 3 ? ", and \(file.pointers.count - 3) more" : ""))"
            }
        }.joined(separator: ", ")
    }

    /// What is wrong and what to do, in the library's terms: its remedy is
    /// ``AlmanacError/Remedy/writeMigration``.
    public var message: String {
        "the schema folder \(schemaFolder) differs from the store's copy of version \(version) in \(summary), "
            + "and no migration carries the change (the store validates with its own copy, so the edit does nothing yet): "
            + AlmanacError.Remedy.writeMigration.api + "; or undo the edit"
    }
}

extension CheckReport.Problem {
    /// The `schema-drift` error `check` and `fix` report for `drift`.
    static func schemaDrift(_ drift: SchemaDrift) -> Self {
        Self(severity: .error, kind: AlmanacError.Code.schemaDrift.rawValue, path: "schema", message: drift.message, remedy: .writeMigration)
    }
}
