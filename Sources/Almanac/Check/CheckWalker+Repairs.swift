/// What `check --fix` can repair, gathered by ``CheckWalker`` on its walk: each has one right
/// answer, unlike the problems that need a person.
struct CheckRepairs {
    /// Documents whose date files them in another folder: each with where it belongs.
    var moves: [(document: StoredDocument, collection: CollectionDescriptor, to: DocumentLocation)] = []
    /// Documents whose bytes are not the canonical form of their content (a hand edit's
    /// spacing, key order, a byte order mark or a timestamp in another offset).
    var rewrites: [(document: StoredDocument, collection: CollectionDescriptor, bytes: [UInt8])] = []
    /// Leftover temporary files and folders, as store-relative paths.
    var leftovers: [String] = []
    /// Paths of documents that share an id with another: no move or rewrite touches them.
    var duplicated: Set<String> = []
    /// Whether the editor settings are missing or out of date (and readable, so rewritable).
    var editorSettingsStale = false
    /// Files and folders others may read (a copy from exFAT): made 0600/0700.
    var exposed: [PermissionScan.Exposed] = []
    /// Whether every version of store.json a sync left holds the same JSON: one is kept.
    var identicalManifestCopies = false
    /// Files of `schema/` whose copies a sync left all hold the file's JSON: the copies are removed.
    var identicalSchemaCopies: [String] = []
    /// Documents whose versions all hold the same values: saved once, which removes the copies.
    var identicalCopies: [(collection: String, id: String, value: JSONValue)] = []
}

extension CheckWalker {
    /// Notes `stored` for a rewrite when its file is not what a save of it would write.
    mutating func noteCanonicalForm(_ stored: StoredDocument, collection: CollectionDescriptor, in folder: Directory, name: String) {
        guard case .object = stored.value, let schema = schema(of: collection) else { return }
        let canonical = CanonicalJSON.prettyBytes(schema.normalizingTimestamps(in: stored.value))
        do {
            guard let bytes = try folder.readFile(name), bytes != canonical else { return }
        } catch {
            return  // changed or gone since it was read: the walk reported what it read
        }
        repairs.rewrites.append((stored, collection, canonical))
    }
}
