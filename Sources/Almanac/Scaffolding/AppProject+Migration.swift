import Foundation

extension AppProject {
    /// Starts the app's next migration: the file `NNNN-slug.json` with no operations yet, and
    /// the catalog set to its number, since a schema folder is at the version of the migration
    /// that produces it (`migrate plan` and `up` check that).
    ///
    /// The number is the last migration's plus one. A migrations folder with a gap, two files
    /// of one number or a broken file is refused, as is a slug an earlier migration has: the
    /// order of migrations must never be a guess. A catalog already one version ahead of the
    /// last migration (set by hand, or by an interrupted run) is kept. An app with no
    /// migrations at version 1 gets `0001-initial.json` first, for the version it started at.
    ///
    /// - Parameters:
    ///   - slug: The file name's words: lowercase letters, digits and `-`, e.g. `add-mood`.
    ///   - description: What the migration does, for people; made from the slug when `nil`.
    /// - Returns: The files written and the catalog changed; `version` is the new migration's.
    /// - Throws: `.invalidArgument` for a bad or used slug; `.invalidMigration` for a
    ///   migrations folder with problems, or a catalog whose version is not the last
    ///   migration's (or one more); `.notFound` without a schema folder or catalog.
    @discardableResult
    package func newMigration(slug: String, description: String? = nil) throws -> ScaffoldReport {
        guard !slug.isEmpty, slug.utf8.count <= 100, MigrationFile.parseFileName("0000-\(slug).json") != nil,
              slug.first != "-", slug.last != "-"
        else {
            throw AlmanacError(.invalidArgument, "\"\(slug)\" cannot name a migration; use lowercase letters, digits and '-' (not first or last), e.g. add-sort-order")
        }
        let schema = try openSchemaFolder()
        let (catalog, loadedMembers) = try loadCatalog(in: schema)
        var members = loadedMembers
        let existing = try ProjectFolder.open(migrationsFolder) == nil ? MigrationSet() : try MigrationSet(folder: URL(fileURLWithPath: migrationsFolder))
        try existing.requireNoProblems()
        if existing.latestVersion == 0, catalog.version == 1, slug == "initial" {
            throw AlmanacError(
                .invalidArgument, "\"initial\" is the slug of the baseline migration written first (\(Self.initialMigrationFileName)); give the new migration another name, one that says what it changes",
                path: Self.join(migrationsFolder, Self.initialMigrationFileName))
        }
        if let used = existing.migrations.first(where: { $0.slug == slug }) {
            throw AlmanacError(
                .invalidArgument, "already has the slug \"\(slug)\"; give the new migration another name, one that says what it changes",
                path: Self.join(migrationsFolder, used.fileName))
        }
        var files: [(name: String, bytes: [UInt8])] = []
        var last = existing.latestVersion
        if last == 0, catalog.version == 1 {
            files.append((Self.initialMigrationFileName, try Self.initialMigration(app: catalog.app)))
            last = 1
        }
        let version = last + 1
        guard catalog.version == last || catalog.version == version else {
            throw AlmanacError(
                .invalidMigration,
                last == 0
                    ? "is at version \(catalog.version) but the app has no migrations; a schema folder is at the version of the migration that produces it. Add the migrations that lead to version \(catalog.version) (or set the catalog's version to 1 for a new app), then start the migration again"
                    : "is at version \(catalog.version) but the last migration is \(CalendarDate.pad(last, 4)); a schema folder is at the version of the migration that produces it. Set the catalog's version to \(last), then start the migration again",
                path: schema.child(Catalog.fileName), pointer: "/version")
        }
        let fileName = "\(CalendarDate.pad(version, 4))-\(slug).json"
        let words = slug.replacingOccurrences(of: "-", with: " ")
        files.append((fileName, try Self.migrationBytes(
            version: version, description: description ?? words.prefix(1).uppercased() + words.dropFirst() + ".", fileName: fileName)))
        var catalogBytes: [UInt8]?
        if catalog.version != version {
            members["version"] = .number(JSONNumber(version))
            catalogBytes = try self.catalogBytes(members, in: schema)
        }

        var report = ScaffoldReport(app: catalog.app, version: version, name: fileName)
        let migrations = try ProjectFolder.openOrCreate(migrationsFolder)
        if files.count > 1, try migrations.create(files[0].name, files[0].bytes, flush: .barrier) {
            report.created.append(migrations.child(files[0].name))
        }
        // The catalog moves first: a catalog one version ahead is what a second run accepts
        // and finishes, while a migration file ahead of the catalog would be refused.
        if let catalogBytes {
            try schema.replace(Catalog.fileName, catalogBytes, flush: .barrier)
            report.changed.append(schema.child(Catalog.fileName))
        }
        if try migrations.create(fileName, files[files.count - 1].bytes, flush: .full) {
            report.created.append(migrations.child(fileName))
        }
        return report
    }

    /// `0001-initial.json`, which stands for the version an app's first stores start at.
    static func initialMigration(app: String) throws -> [UInt8] {
        try migrationBytes(version: 1, description: "The first schema of \(app): the version a new store starts at.", fileName: initialMigrationFileName)
    }

    /// A migration file with no operations, checked as `MigrationSet` will read it.
    private static func migrationBytes(version: Int, description: String, fileName: String) throws -> [UInt8] {
        let bytes = CanonicalJSON.prettyBytes(.object([
            "version": .number(JSONNumber(version)),
            "description": .string(description),
            "operations": .array([]),
        ]))
        _ = try MigrationFile(bytes: bytes, fileName: fileName)
        return bytes
    }
}
