extension MigrationWorkingSet {
    /// Reports each result document naming, in a reference field of `catalog`, a document
    /// the results do not hold, unless the reference may dangle.
    ///
    /// A reference that named the same missing document before the migration is not the
    /// migration's doing (a hand edit, an old restore): `check` reports it, and the migration
    /// goes ahead, as a save of the document would.
    func checkReferences(of catalog: Catalog, report: (String, String, String, String) -> Void) throws {
        for collection in catalog.collections {
            for reference in collection.references where !reference.allowsDangling {
                let targets = Set((collections[reference.collection] ?? [:]).keys.map(DocumentID.key))
                for (id, entry) in (collections[collection.name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard case .string(let target)? = entry.value[reference.field], !targets.contains(DocumentID.key(target)) else { continue }
                    if try !existedBefore(target, in: reference.collection), let source = entry.source,
                       try store.reader.read(source)?.value[reference.field] == .string(target) {
                        continue
                    }
                    let label = id.isEmpty ? collection.name : "\(collection.name)/\(id)"
                    report(label, "/" + reference.field, "reference",
                           "\"\(reference.field)\" names \(reference.collection) document \"\(target)\", which the migration leaves missing; keep or move that document in the migration, or set the field to null")
                }
            }
        }
    }

    /// Whether the store held `id` in `collection` before the migration.
    private func existedBefore(_ id: String, in collection: String) throws -> Bool {
        guard let descriptor = store.catalog.collection(named: collection), (try? DocumentID.validate(id, collection: collection)) != nil
        else { return false }
        return try store.reader.location(of: id, in: descriptor) != nil
    }
}
