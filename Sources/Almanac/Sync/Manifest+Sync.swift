extension Manifest {
    /// `store.json` as the store's root holds it, with every version a sync left merged in:
    /// both sides of git's merge markers, and copies beside it (`store.sync-conflict-….json`,
    /// `store 2.json`, `store.json..path1`, …, or a file of any name that holds a store
    /// manifest). When a tool left only copies (rclone bisync renames both sides), their merge
    /// is the store's `store.json`.
    ///
    /// - Returns: the manifest and the names of the files that held versions besides a plain
    ///   `store.json` (empty when there was nothing to merge; the copies alone when
    ///   `store.json` is gone); `nil` when there is neither `store.json` nor a copy of it.
    /// - Throws: `.syncConflict` for versions that cannot be merged (``ManifestMerge``);
    ///   `.notAStore` for a damaged file.
    static func current(in root: Directory) throws -> (manifest: Manifest, versions: [String])? {
        var versions: [String] = []
        var manifest: Manifest?
        if let bytes = try root.readFile(fileName) {
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
        }
        for entry in try root.entries().sorted(by: { $0.name < $1.name }) where entry.kind == .file && entry.name != fileName {
            guard let copy = try copy(named: entry.name, in: root) else { continue }
            manifest = try manifest.map { try ManifestMerge.merge($0, copy, theirsName: entry.name) } ?? copy
            versions.append(entry.name)
        }
        return manifest.map { ($0, versions) }
    }

    /// The manifest the root's file `name` holds when it is a copy of `store.json` a sync left:
    /// named as one (then it must parse), or holding a store manifest whatever its name (a file
    /// up to 1 MiB that parses as one); `nil` for any other file.
    private static func copy(named name: String, in root: Directory) throws -> Manifest? {
        if isCopyName(name) {
            guard let bytes = try root.readFile(name) else { return nil }
            do {
                return try Manifest(recordBytes: bytes, path: name)
            } catch let damaged as AlmanacError where damaged.code == damagedCode {
                throw AlmanacError(
                    .syncConflict,
                    "\(name) is a copy of store.json a sync tool left, and it is damaged (\(damaged.message.replacingOccurrences(of: "; restore the store from a backup", with: ""))); delete \(name), then check again (store.json's other versions hold the store's record)",
                    path: name, line: damaged.line, column: damaged.column, underlying: damaged)
            }
        }
        guard !name.hasPrefix("."), !SystemFile.isSystemFile(name), !SyncConflict.toolEntries.contains(name),
              let size = try? root.identity(of: name)?.size, size <= 1 << 20,
              let bytes = try? root.readFile(name), bytes.first == UInt8(ascii: "{")
        else { return nil }
        return try? Manifest(recordBytes: bytes, path: name)
    }

    /// Whether the root's file `name` is a copy of `store.json` a sync left, by its name or by
    /// what it holds (``current(in:)`` lists it among the versions).
    static func isCopy(_ name: String, in root: Directory) -> Bool {
        name != fileName && !name.contains("/") && (isCopyName(name) || (try? copy(named: name, in: root)) != nil)
    }

    /// Whether `name`, at the store's root, is named as a copy of `store.json` a sync tool left.
    static func isCopyName(_ name: String) -> Bool {
        name != fileName && !name.contains("/") && SyncConflict.copy(named: name, exists: { $0 == fileName })?.originalName == fileName
    }

    /// ``current(in:)``'s manifest, for a writer about to rewrite it.
    /// - Throws: `.notAStore` when `store.json` is gone.
    static func required(in root: Directory) throws -> Manifest {
        guard let current = try current(in: root) else { throw vanished }
        return current.manifest
    }

    /// The error of a writer that finds neither `store.json` nor a copy of it.
    static var vanished: AlmanacError {
        AlmanacError(.notAStore, "store.json vanished; restore it from a backup", path: fileName)
    }
}
