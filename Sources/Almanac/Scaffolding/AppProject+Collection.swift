extension AppProject {
    /// Adds a collection to the app: its JSON Schema skeleton (see ``CollectionTemplate``)
    /// and its entry at the end of the catalog, at the catalog's current version.
    ///
    /// The catalog is rewritten the way Almanac writes JSON (sorted keys, 2-space indent).
    /// A store learns of a collection by migrating to the version that adds it, so an app
    /// whose stores exist takes a migration first (``newMigration(slug:description:)``).
    ///
    /// - Returns: The schema file written and the catalog changed.
    /// - Throws: `.notFound` without a schema folder or catalog; the catalog's own errors when
    ///   it is broken (nothing is written then); `.invalidArgument` when the catalog already has
    ///   the collection, or another file has the schema file's name.
    @discardableResult
    package func addCollection(_ template: CollectionTemplate) throws -> ScaffoldReport {
        let folder = try openSchemaFolder()
        let (catalog, loadedMembers) = try loadCatalog(in: folder)
        var members = loadedMembers
        guard catalog.collection(named: template.name) == nil else {
            throw AlmanacError(
                .invalidArgument, "already declares the collection \"\(template.name)\"; change its entry and schema file by hand, or choose another name",
                path: folder.child(Catalog.fileName))
        }
        let schemaBytes = CanonicalJSON.prettyBytes(template.schema(app: catalog.app))
        _ = try JSONSchema(template.schema(app: catalog.app), path: folder.child(template.schemaFileName))
        if case .array(let collections)? = members["collections"] {
            members["collections"] = .array(collections + [template.catalogEntry])
        } else {
            members["collections"] = .array([template.catalogEntry])
        }
        let catalogBytes = try self.catalogBytes(members, in: folder)

        var report = ScaffoldReport(app: catalog.app, version: catalog.version, name: template.name)
        // The schema file first: a catalog naming a file that is not there yet would break
        // every reader, while a schema file no catalog names yet is only unused.
        if try folder.create(template.schemaFileName, schemaBytes, flush: .barrier) {
            report.created.append(folder.child(template.schemaFileName))
        }
        try folder.replace(Catalog.fileName, catalogBytes, flush: .full)
        report.changed.append(folder.child(Catalog.fileName))
        return report
    }
}
