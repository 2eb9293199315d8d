extension Manifest {
    /// `store.json` as the store's root holds it, with every version a sync left merged in:
    /// both sides of git's merge markers, and conflict copies beside it
    /// (`store.sync-conflict-….json`, `store 2.json`, …).
    ///
    /// - Returns: the manifest and the names of the files that held versions besides a plain
    ///   `store.json` (empty when there was nothing to merge); `nil` when there is no `store.json`.
    /// - Throws: `.syncConflict` for versions that cannot be merged (``ManifestMerge``);
    ///   `.notAStore` for a damaged file.
    static func current(in root: Directory) throws -> (manifest: Manifest, versions: [String])? {
        guard let bytes = try root.readFile(fileName) else { return nil }
        var versions: [String] = []
        var manifest: Manifest
        do {
            manifest = try Manifest(bytes: bytes)
        } catch let error as AlmanacError {
            guard let markers = MergeMarkers(bytes) else { throw error }
            do {
                let ours = try Manifest(recordBytes: markers.ours, path: fileName)
                let theirs = try Manifest(recordBytes: markers.theirs, path: fileName)
                manifest = try ManifestMerge.merge(ours, theirs, theirsName: "the other side of git's merge markers")
            } catch let side as AlmanacError where side.code == damagedCode {
                throw AlmanacError(
                    .syncConflict,
                    "store.json holds git's merge markers, and a side is not a valid store.json (\(side.message.replacingOccurrences(of: "; restore the store from a backup", with: ""))); keep one side (with git, check out ours or theirs of store.json), then check again",
                    path: fileName, underlying: side)
            }
            versions.append(fileName)
        }
        for entry in try root.entries() where entry.kind == .file && entry.name != fileName {
            guard isCopyName(entry.name), let copyBytes = try root.readFile(entry.name)
            else { continue }
            let copy: Manifest
            do {
                copy = try Manifest(recordBytes: copyBytes, path: entry.name)
            } catch let damaged as AlmanacError where damaged.code == damagedCode {
                // The store's own store.json is fine: only the sync tool's copy is damaged.
                throw AlmanacError(
                    .syncConflict,
                    "\(entry.name) is a copy of store.json a sync tool left, and it is damaged (\(damaged.message.replacingOccurrences(of: "; restore the store from a backup", with: ""))); store.json itself is whole: delete \(entry.name), then check again",
                    path: entry.name, line: damaged.line, column: damaged.column, underlying: damaged)
            }
            manifest = try ManifestMerge.merge(manifest, copy, theirsName: entry.name)
            versions.append(entry.name)
        }
        return (manifest, versions)
    }

    /// Whether `name`, at the store's root, is a copy of `store.json` a sync tool left.
    static func isCopyName(_ name: String) -> Bool {
        name != fileName && !name.contains("/") && SyncConflict.copy(named: name, exists: { $0 == fileName })?.originalName == fileName
    }

    /// ``current(in:)``'s manifest, for a writer about to rewrite it.
    /// - Throws: `.notAStore` when `store.json` is gone.
    static func required(in root: Directory) throws -> Manifest {
        guard let current = try current(in: root) else {
            throw AlmanacError(.notAStore, "store.json vanished; restore it from a backup", path: fileName)
        }
        return current.manifest
    }
}
