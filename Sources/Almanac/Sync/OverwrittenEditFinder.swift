/// Finds and restores the edits a last-writer-wins sync took back (``OverwrittenEdit``).
///
/// Every file this device writes has a second name in `.almanac/base/<collection>/`
/// (`<id>.mine.json`, see StoreWriter+MergeBase.swift). While the document's file is still that
/// file, nothing happened; when a sync put another file in its place, the two versions are
/// compared: an edit is overwritten when the current version is older by the modification
/// field and lacks a value this device changed (against the merge base, when there is one).
struct OverwrittenEditFinder {
    let store: Store

    func edits(in collection: String? = nil) throws -> [OverwrittenEdit] {
        let descriptors = try collection.map { [try store.collection(named: $0)] } ?? store.catalog.collections
        return try store.readingOneVersion {
            var found: [OverwrittenEdit] = []
            for descriptor in descriptors where !descriptor.isSingleton {
                found += try edits(of: descriptor)
            }
            return found
        }
    }

    private func edits(of descriptor: CollectionDescriptor) throws -> [OverwrittenEdit] {
        let reader = store.reader
        guard let field = descriptor.modifiedField,
              let bases = try reader.openFolders([".almanac", StoreReader.mergeBaseFolder, descriptor.name])
        else { return [] }
        var found: [OverwrittenEdit] = []
        for entry in try bases.entries().sorted(by: { $0.name < $1.name }) where entry.kind == .file && entry.name.hasSuffix(".mine.json") {
            let key = String(entry.name.dropLast(".mine.json".count))
            // Still the bytes this device wrote (the common case): nothing replaced them. Compared
            // by content, never by inode: the copy is a file of its own (a store copied by any tool keeps it so).
            guard DocumentID.isValid(key), let location = try reader.location(of: key, in: descriptor),
                  let folder = try reader.openFolders(location.folderPath)
            else { continue }
            if let live = try folder.readFile(location.fileName), let own = try bases.readFile(entry.name), live == own {
                continue
            }
            guard let document = try? reader.document(json: key, in: descriptor), document.conflict == nil else { continue }
            // A version without the field is the oldest (VersionOrder's rule).
            guard let bytes = try bases.readFile(entry.name), let mine = try? JSONParser.parse(bytes).value,
                  let madeAt = mine[field], document.value[field].map({ VersionOrder.ModifiedKey($0) < VersionOrder.ModifiedKey(madeAt) }) ?? true
            else { continue }
            let replacedBy = document.value[field]
            let base = (try? bases.readFile(DocumentID.fileName(key))).flatMap { $0 }.flatMap { try? JSONParser.parse($0).value }
            let changed = (base ?? document.value).differences(to: mine).map(\.pointer)
            let lost = changed.filter { $0 != "/" + field && document.value.value(atPointer: $0) != mine.value(atPointer: $0) }
            guard !lost.isEmpty else { continue }
            found.append(OverwrittenEdit(
                collection: descriptor.name, id: document.location.id ?? key, path: document.location.relativePath, mine: mine,
                current: document.value, madeAt: madeAt.stringValue ?? madeAt.shortDescription,
                replacedBy: replacedBy.map { $0.stringValue ?? $0.shortDescription } ?? "no \(field)", fields: lost))
        }
        return found
    }

    /// Saves each overwritten edit again, merged with the current version against the merge
    /// base (this device's values where it changed them, the current version's where only it
    /// did; this device's where both did, its version being the newer), as one transaction.
    func restore(dryRun: Bool) throws -> [OverwrittenEdit] {
        let edits = try edits()
        guard !dryRun, !edits.isEmpty else { return edits }
        return try store.write { transaction in
            for edit in edits {
                let descriptor = try store.collection(named: edit.collection)
                let base = store.reader.mergeBase(of: edit.id, in: edit.collection)
                _ = try transaction.save(json: VersionMerge([edit.mine, edit.current], base: base).value, in: descriptor)
            }
            return edits
        }
    }
}
