import Foundation

/// An app's two source folders in a project, where the scaffolding commands write: its schema
/// folder (`schema/<app>`: `catalog.json` and a JSON Schema per collection) and its
/// migrations folder (`migrations/<app>`: `NNNN-slug.json`), the layout the reference apps use
/// and the migration commands look for.
///
/// Every command checks the folders before it writes, writes each file durably and
/// atomically, never over another file, and orders its writes so that running it again after
/// an interruption finishes the job (a file it would write, found with the same bytes, counts
/// as written).
///
/// ```swift
/// let project = try AppProject(app: "journal")           // schema/journal, migrations/journal
/// try project.create(description: "A private journal.")
/// try project.addCollection(CollectionTemplate(name: "entries", layout: .partitioned(.month, dateField: "createdAt", format: .dateTime)))
/// try project.newMigration(slug: "add-mood")             // migrations/journal/0002-add-mood.json
/// ```
package struct AppProject: Sendable {
    /// The app's name, as in its catalog.
    package let app: String
    /// The schema folder's path, as given or made from the project folder.
    package let schemaFolder: String
    /// The migrations folder's path, as given or made from the project folder.
    package let migrationsFolder: String

    /// The app `app`'s folders: `schemaFolder` and `migrationsFolder` when given, else
    /// `schema/<app>` and `migrations/<app>` in `project`.
    ///
    /// - Throws: `.invalidArgument` for a name that cannot be an app's.
    package init(app: String, schemaFolder: String? = nil, migrationsFolder: String? = nil, project: String = ".") throws {
        guard Catalog.isValidName(app) else {
            throw AlmanacError(.invalidArgument, "\"\(app)\" is not a valid app name; use lowercase letters, digits and '-', starting with a letter (at most 64)")
        }
        self.app = app
        self.schemaFolder = schemaFolder ?? Self.join(project, "schema", app)
        self.migrationsFolder = migrationsFolder ?? Self.join(project, "migrations", app)
    }

    /// The apps that have a schema folder in `project`'s `schema/` (a subfolder holding a
    /// catalog), sorted.
    package static func apps(in project: String = ".") -> [String] {
        let schema = join(project, "schema")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: schema)) ?? []
        return names.filter {
            Catalog.isValidName($0) && FileManager.default.fileExists(atPath: join(schema, $0, Catalog.fileName))
        }.sorted()
    }

    /// The app named by the catalog in `schemaFolder`.
    ///
    /// - Throws: `.notFound`, `.malformedJSON` or `.invalidCatalog` from reading the catalog.
    package static func app(ofSchemaFolder schemaFolder: String) throws -> String {
        try Catalog.loadCatalogFile(folder: URL(fileURLWithPath: schemaFolder)).app
    }

    /// Starts the app: a catalog with no collections at version 1, and the migrations
    /// folder's first file, `0001-initial.json`, which stands for that version (a store made
    /// from the schema folder starts there; later migrations number on from it).
    ///
    /// - Parameter description: What the app's data is, for the catalog's `description`.
    /// - Returns: The files written.
    /// - Throws: `.invalidArgument` when the schema folder already has a catalog or the
    ///   migrations folder already has migrations; `.io` when a file cannot be written.
    @discardableResult
    package func create(description: String? = nil) throws -> ScaffoldReport {
        if let existing = try ProjectFolder.open(schemaFolder), try existing.read(Catalog.fileName) != nil {
            throw AlmanacError(
                .invalidArgument,
                "already holds the catalog of an app; add collections to it, or give the new app another name or folder",
                path: existing.child(Catalog.fileName))
        }
        let initial = Self.initialMigrationFileName
        let initialBytes = try Self.initialMigration(app: app)
        if let migrations = try ProjectFolder.open(migrationsFolder) {
            let others = try migrations.names().filter { $0.hasSuffix(".json") && $0 != initial }
            if let other = others.sorted().first {
                throw AlmanacError(
                    .invalidArgument,
                    "already holds migrations (\(other)); a new app starts with an empty migrations folder, so give it another name or folder",
                    path: migrationsFolder)
            }
        }
        var catalog: [String: JSONValue] = [
            "app": .string(app), "version": .number(JSONNumber(1)), "collections": .array([]),
        ]
        if let description, !description.isEmpty { catalog["description"] = .string(description) }
        let catalogBytes = CanonicalJSON.prettyBytes(.object(catalog))
        _ = try Catalog(bytes: catalogBytes, path: Self.join(schemaFolder, Catalog.fileName))

        var report = ScaffoldReport(app: app, version: 1)
        let migrations = try ProjectFolder.openOrCreate(migrationsFolder)
        if try migrations.create(initial, initialBytes, flush: .barrier) { report.created.append(migrations.child(initial)) }
        // The catalog is written last: until it exists the app does not, and a second run
        // finds the migration file it would write and goes on.
        let schema = try ProjectFolder.openOrCreate(schemaFolder)
        try schema.create(Catalog.fileName, catalogBytes, flush: .full)
        report.created.append(schema.child(Catalog.fileName))
        return report
    }

    /// The name of the migration that stands for an app's first schema version.
    static let initialMigrationFileName = "0001-initial.json"

    /// The schema folder, opened.
    ///
    /// - Throws: `.notFound` naming the command that makes one when it does not exist.
    func openSchemaFolder() throws -> ProjectFolder {
        guard let folder = try ProjectFolder.open(schemaFolder) else {
            throw AlmanacError(.notFound, "no schema folder for app \"\(app)\"; start the app with AppProject(app: \"\(app)\").create()", path: schemaFolder).with(.newSchema(app))
        }
        return folder
    }

    /// The catalog checked whole, the way a store is made from it (every schema file must
    /// exist and compile), and its JSON, which the scaffolding changes and writes back.
    func loadCatalog(in folder: ProjectFolder) throws -> (catalog: Catalog, members: [String: JSONValue]) {
        let catalog = try Catalog.load(folder: URL(fileURLWithPath: schemaFolder))
        guard let bytes = try folder.read(Catalog.fileName), case .object(let members) = try JSONParser.parse(bytes).value else {
            throw AlmanacError(.io, "changed while it was read; try again", path: folder.child(Catalog.fileName))
        }
        return (catalog, members)
    }

    /// The catalog JSON `members` as a file, checked as a catalog before it is written.
    func catalogBytes(_ members: [String: JSONValue], in folder: ProjectFolder) throws -> [UInt8] {
        let bytes = CanonicalJSON.prettyBytes(.object(members))
        _ = try Catalog(bytes: bytes, path: folder.child(Catalog.fileName))
        return bytes
    }

    /// `parts` joined as a path, without the `./` that joining onto the current folder adds.
    static func join(_ base: String, _ parts: String...) -> String {
        var path = base == "." || base.isEmpty ? "" : base
        for part in parts { path = path.isEmpty ? part : (path as NSString).appendingPathComponent(part) }
        return path
    }
}
