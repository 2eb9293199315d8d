import Almanac
import Foundation

/// What every command needs: its parsed values and a way to open the store they name.
struct CommandContext {
    let values: ParsedValues

    /// Whether `--json` was given: results and errors are printed as JSON.
    var json: Bool { values.flag(CommonOptions.json) }

    /// Prints `value` as JSON under `--json` (with `extra` members beside its own), else the
    /// lines `text` makes of it.
    func print<T: Encodable>(_ value: T, adding extra: [String: JSONValue] = [:], text: (T) -> String) throws {
        if json {
            try Output.json(value, adding: extra)
        } else {
            Output.write(text(value))
        }
    }

    /// The store folder from `--store` or `ALMANAC_STORE`.
    func storeURL() throws -> URL {
        guard let path = values.option(CommonOptions.store) ?? ProcessInfo.processInfo.environment["ALMANAC_STORE"], !path.isEmpty else {
            throw usage("no store given; pass --store DIR or set ALMANAC_STORE")
        }
        return URL(fileURLWithPath: path)
    }

    func usage(_ message: String) -> UsageError {
        UsageError(message: message, rootName: "almanac", commandPath: values.commandPath)
    }

    /// Opens the store, telling it the schema version this tool works with: that of
    /// `--schema DIR`, else of `schema/<app>` in the current folder, when there is one.
    /// Only the catalog file is read: compiling every schema on each command is wasted work.
    func openStore() throws -> Store {
        let url = try storeURL()
        let codeVersion = try projectCatalog(app: try Store.app(at: url))?.version
        let store = try Store(at: url, options: try storeOptions(codeSchemaVersion: codeVersion))
        OpenStores.shared.add(store)
        return store
    }

    /// `--lock-timeout` (the one place it is read) and the command's name, shown to
    /// processes waiting for the lock.
    func storeOptions(codeSchemaVersion: Int? = nil) throws -> Store.Options {
        let timeout = try values.double(CommonOptions.lockTimeout, expecting: "a number of seconds") ?? 5
        guard timeout >= 0 else { throw usage("--lock-timeout expects a number of seconds ≥ 0, got '\(timeout)'") }
        // A command runs each query once: documents kept for a next query would only cost memory.
        return Store.Options(lockTimeout: timeout, commandName: values.commandPath.joined(separator: " "),
                             codeSchemaVersion: codeSchemaVersion, documentCacheCapacity: 0)
    }

    /// `--from`/`--to` as given, or nil when neither is.
    func dateRange() throws -> DateRangeArgument? {
        try DateRangeArgument.parse(values, usage: usage)
    }

    /// `--from`/`--to` as a range of days, for commands that select by day only.
    func dayRange() throws -> ClosedRange<CalendarDate>? {
        try dateRange()?.days(usage: usage)
    }

    /// `--where EXPR`..., each parsed for `collection` (bare values read as the schema's types)
    /// and all required; nil when none is given.
    ///
    /// - Throws: `.invalidQuery` (exit 2) naming an unknown field, operator or a value of the wrong type.
    func condition(for collection: String, in store: Store) throws -> Condition? {
        let conditions = try values.options(CommonOptions.filter).map { try store.condition(parsing: $0, in: collection) }
        return conditions.count > 1 ? .all(conditions) : conditions.first
    }

    /// The query `ls` (and `delete`) run: `--from`/`--to`, `--where`, and the order and window given.
    func query(_ collection: String, in store: Store, sorts: [String] = [], limit: Int? = nil, offset: Int? = nil) throws -> Query {
        var query = Query(collection)
        query.condition = try condition(for: collection, in: store)
        switch try dateRange()?.selection(in: store.calendar, usage: usage) {
        case .days(let range)?: query.days = range
        case .instants(let range)?: query.instants = range
        case nil: break
        }
        query.sort = try sorts.map { text in
            do { return try Query.Sort(parsing: text) } catch let error as AlmanacError { throw usage(error.message) }
        }
        if let limit, limit < 0 { throw usage("--limit expects a number of documents ≥ 0, got \(limit)") }
        if let offset, offset < 0 { throw usage("--offset expects a number of documents ≥ 0, got \(offset)") }
        query.limit = limit
        query.offset = offset ?? 0
        return query
    }

    /// The app's migrator: its migrations folder (`--migrations DIR` or `migrations/<app>`),
    /// and, when the command plans or migrates, its schema folder as the target.
    func migrator(app: String, needsSchema: Bool) throws -> Migrator {
        if needsSchema, projectSchemaFolder(app: app) == nil, values.option(CommonOptions.migrations) == nil,
           !FileManager.default.fileExists(atPath: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
               .appendingPathComponent("migrations").appendingPathComponent(app).path) {
            // Both are missing: say so at once, not one per try.
            throw usage("no migrations or schema folder for app '\(app)': run from the project folder that holds migrations/\(app) and schema/\(app), or pass --migrations DIR and --schema DIR")
        }
        let migrations = try MigrationSet(folder: try migrationsFolder(app: app))
        let schema = needsSchema ? try requiredSchemaFolder(app: app) : nil
        return Migrator(migrations: migrations, targetSchema: schema, registry: ReferenceMigrations.registry)
    }

    /// The schema folder a migration targets: `--schema DIR` or `schema/<app>`.
    func requiredSchemaFolder(app: String) throws -> URL {
        guard let schema = projectSchemaFolder(app: app) else {
            throw usage("no schema folder for app '\(app)': run from the project folder that holds schema/\(app), or pass --schema DIR")
        }
        return schema
    }

    /// `--migrations DIR`, or `migrations/<app>` under the current folder.
    ///
    /// - Throws: a usage error naming both places when neither exists.
    func migrationsFolder(app: String) throws -> URL {
        if let explicit = values.option(CommonOptions.migrations) {
            // The parent of the apps' folders, given for the store's app's.
            let url = URL(fileURLWithPath: explicit)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            if !names.contains(where: { $0.hasSuffix(".json") }), names.contains(app) {
                throw usage("--migrations \(explicit) holds the migrations folders of apps, not migration files; pass --migrations \((explicit as NSString).appendingPathComponent(app)), the folder of this store's app")
            }
            return url
        }
        let candidate = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("migrations").appendingPathComponent(app)
        guard FileManager.default.fileExists(atPath: candidate.path) else {
            throw usage("no migrations folder for app '\(app)': run from the project folder that holds migrations/\(app), or pass --migrations DIR")
        }
        return candidate
    }

    /// The catalog of the app's current schema folder (see ``projectSchemaFolder(app:)``), or `nil` when there is none.
    func projectCatalog(app: String) throws -> Catalog? {
        try projectSchemaFolder(app: app).map { try Catalog.loadCatalogFile(folder: $0) }
    }

    /// `--schema DIR`, or `schema/<app>` under the current folder when it exists.
    func projectSchemaFolder(app: String) -> URL? {
        if let explicit = values.option(CommonOptions.schema) { return URL(fileURLWithPath: explicit) }
        let candidate = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("schema").appendingPathComponent(app)
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent(Catalog.fileName).path) ? candidate : nil
    }
}
