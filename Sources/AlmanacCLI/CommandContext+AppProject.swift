import Almanac
import Foundation

extension CommandContext {
    /// The store's collection `name`; when the store has none but the app's project catalog
    /// (`schema/<app>` here, or `--schema DIR`) declares it, the error says why: the collection
    /// was added after this store's version, and a store learns of it by migrating.
    func collection(named name: String, in store: Store) throws -> CollectionDescriptor {
        do {
            return try store.collection(named: name)
        } catch let error as AlmanacError where error.code == .unknownCollection {
            guard let catalog = try? projectCatalog(app: store.app), catalog.collection(named: name) != nil else { throw error }
            var explained = error
            explained.message = "no collection \"\(name)\" in this store (at schema version \(store.schemaVersion)), though the app's catalog (version \(catalog.version)) declares it: a store learns of a collection by migrating. "
                + (catalog.version > store.schemaVersion
                    ? "Run 'almanac migrate up' to bring the store to version \(catalog.version)."
                    : "Add a migration for it with 'almanac migrate new SLUG' (it moves the catalog to the next version), then run 'almanac migrate up'.")
            throw explained
        }
    }

    /// The newest schema version the app's project reaches (its migrations folder, its schema
    /// folder), when it is newer than the store's; `nil` when there is no project here.
    func newerProjectVersion(than store: Store) -> Int? {
        let schemaVersion = (try? projectCatalog(app: store.app))??.version
        // migrations/<app> here: the commands that ask this take no --migrations.
        let migrations = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("migrations").appendingPathComponent(store.app)
        let migrationsVersion = FileManager.default.fileExists(atPath: migrations.path) ? (try? MigrationSet(folder: migrations))?.latestVersion : nil
        guard let newest = [schemaVersion, migrationsVersion].compactMap({ $0 }).max(), newest > store.schemaVersion else { return nil }
        return newest
    }

    /// The app whose project folders a scaffolding command changes: `--app APP`, else the app
    /// of `--schema DIR`'s catalog, else the one app under `schema/` in the current folder;
    /// `--schema DIR` and `--migrations DIR` (for a command that takes it) name the folders when given.
    func appProject(takesMigrations: Bool) throws -> AppProject {
        let schema = values.option(CommonOptions.schema)
        let migrations = takesMigrations ? values.option(CommonOptions.migrations) : nil
        if let app = values.option(CommonOptions.app) {
            if let schema, let named = try? AppProject.app(ofSchemaFolder: schema), named != app {
                throw usage("--schema \(schema) holds the catalog of app '\(named)', not '\(app)'; give one of them")
            }
            return try AppProject(app: app, schemaFolder: schema, migrationsFolder: migrations)
        }
        if let schema {
            return try AppProject(app: try AppProject.app(ofSchemaFolder: schema), schemaFolder: schema, migrationsFolder: migrations)
        }
        let apps = AppProject.apps()
        guard apps.count == 1 else {
            throw usage(apps.isEmpty
                ? "no app here: there is no schema/APP/catalog.json in the current folder; name the app with --app APP (or its folder with --schema DIR), or start one with 'almanac schema new APP'"
                : "schema/ holds \(apps.count) apps (\(apps.joined(separator: ", "))); name one with --app APP")
        }
        return try AppProject(app: apps[0], migrationsFolder: migrations)
    }
}
