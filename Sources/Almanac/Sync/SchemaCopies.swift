/// Copies a sync tool left in the store's `schema/` folder: a schema file or the catalog that
/// changed on two devices (`catalog.json..path1`, `catalog.sync-conflict-….json`,
/// `cravings.schema 2.json`, …).
///
/// A copy is never dropped silently: `check` names each, a migration refuses to run while one
/// is there, and resolving keeps one version of each file — the versions when they are the
/// same; else, for the catalog, the one at the store's schema version; else the one a person
/// names — and removes the others, as one change. While a file is gone and only its copies
/// are left (rclone renames both sides), reads use the version resolving would keep.
struct SchemaCopies {
    /// One file of `schema/` and the copies a sync left of it.
    struct Versions: Equatable {
        /// The file's own name (`catalog.json`).
        var name: String
        /// Whether the file itself is there.
        var exists: Bool
        /// The copies' names, in name order.
        var copies: [String]
        /// The tool that made each copy, by name.
        var tools: [String: String]

        /// Every file holding a version: the file itself first.
        var files: [String] { (exists ? [name] : []) + copies }
    }

    /// Every file of `folder` (the store's `schema/`) that sync tools left copies of.
    static func find(in folder: Directory) throws -> [Versions] {
        let names = Set(try folder.entries().filter { $0.kind == .file }.map(\.name))
        var found: [String: Versions] = [:]
        for name in names.sorted() where !name.hasPrefix(".") && !SystemFile.isSystemFile(name) {
            guard let copy = SyncConflict.copy(named: name, exists: { names.contains($0) }), copy.originalName != name else { continue }
            var versions = found[copy.originalName] ?? Versions(name: copy.originalName, exists: names.contains(copy.originalName), copies: [], tools: [:])
            versions.copies.append(name)
            versions.tools[name] = copy.tool
            found[copy.originalName] = versions
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    /// The files of `folder` (the store's `schema/`) that are neither the catalog, nor a schema
    /// file `catalog` lists, nor a copy of one by its name: a copy no naming explains (OneDrive's
    /// `catalog-LAPTOP.json`) or a file a person put there.
    static func strays(in folder: Directory, catalog: Catalog) throws -> [String] {
        let known = Set([Catalog.fileName] + catalog.collections.map(\.schema))
        let copies = Set(try find(in: folder).flatMap(\.copies))
        return try folder.entries().filter { $0.kind == .file }.map(\.name).sorted().filter { name in
            !name.hasPrefix(".") && !SystemFile.isSystemFile(name) && !known.contains(name) && !copies.contains(name)
        }
    }

    /// Whether every file of `versions` holds the same JSON — the file and its copies, or
    /// its copies alone where the tool renamed both sides (rclone's `..path1`, `..path2`): the
    /// same work done on two devices. Such copies are one version, no conflict: reads use it,
    /// `check` mentions them, and resolving, `check --fix` or the next migration keeps one.
    static func areIdentical(_ versions: Versions, in folder: Directory) -> Bool {
        guard let first = versions.files.first.flatMap({ value(of: $0, in: folder) }) else { return false }
        return versions.files.dropFirst().allSatisfy { value(of: $0, in: folder) == first }
    }

    private static func value(of file: String, in folder: Directory) -> JSONValue? {
        (try? folder.readFile(file)).flatMap { $0 }.flatMap { try? JSONParser.parse($0).value }
    }

    /// Refuses a migration while `schema/` holds copies a sync left that differ, or any file the
    /// catalog does not list: a migration replaces the folder, and would drop them. Copies that
    /// hold the same JSON as their file are dropped with it: nothing is lost.
    static func refuseMigration(in root: Directory, catalog: Catalog) throws {
        guard let folder = try root.openFolder("schema") else { return }
        if let first = try find(in: folder).first(where: { !areIdentical($0, in: folder) }) {
            let copies = first.copies.map { "schema/" + $0 }.joined(separator: ", ")
            throw AlmanacError(
                .syncConflict,
                "schema/ holds \(first.copies.count == 1 ? "a version" : "versions") of schema/\(first.name) that a sync left (\(copies)); a migration replaces schema/ and would drop \(first.copies.count == 1 ? "it" : "them"): keep one with the Store.resolve… calls, then migrate",
                path: "schema/" + first.copies[0]).with(.resolveConflicts)
        }
        if let stray = try strays(in: folder, catalog: catalog).first {
            throw AlmanacError(
                .syncConflict,
                "schema/\(stray) is not a file of the store's schema (its catalog does not list it), and a migration replaces schema/ and would drop it: if a sync tool made it from a schema file, keep the right version under that file's name; else move it out of the store; then migrate",
                path: "schema/" + stray)
        }
    }

    /// The bytes of `schema/<name>`, or when it is gone and copies of it are left, of the
    /// version resolving would keep (the first by name when that takes a person); `nil` when
    /// there is neither.
    static func file(_ name: String, in folder: Directory, schemaVersion: Int?) throws -> [UInt8]? {
        if let bytes = try folder.readFile(name) { return bytes }
        guard let versions = try find(in: folder).first(where: { $0.name == name }) else { return nil }
        let kept = (try? kept(versions, in: folder, schemaVersion: schemaVersion)) ?? versions.copies[0]
        return try folder.readFile(kept)
    }

    /// The file of `versions` that resolving keeps: the file itself when every version holds
    /// the same JSON; else, for the catalog, the one version at `schemaVersion`.
    /// - Throws: `.syncConflict` naming the versions and what differs, when that leaves more than one.
    static func kept(_ versions: Versions, in folder: Directory, schemaVersion: Int?) throws -> String {
        var values: [(file: String, value: JSONValue?)] = []
        for file in versions.files {
            values.append((file, (try? folder.readFile(file)).flatMap { $0 }.flatMap { try? JSONParser.parse($0).value }))
        }
        func distinct(_ list: [(file: String, value: JSONValue?)]) -> [(file: String, value: JSONValue?)] {
            var seen: [JSONValue?] = []
            return list.filter { entry in
                guard entry.value != nil, !seen.contains(entry.value) else { return false }
                seen.append(entry.value)
                return true
            }
        }
        var candidates = distinct(values)
        if candidates.count > 1, versions.name == Catalog.fileName, let schemaVersion {
            let atVersion = candidates.filter { $0.value?["version"]?.numberValue?.doubleValue == Double(schemaVersion) }
            if !atVersion.isEmpty { candidates = atVersion }
        }
        if candidates.count == 1, values.allSatisfy({ $0.value != nil }) { return candidates[0].file }
        let unreadable = values.filter { $0.value == nil }.map { "schema/" + $0.file }
        let differences = candidates.count > 1
            ? (candidates[0].value ?? .null).differences(to: candidates[1].value ?? .null).prefix(6).map { $0.pointer.isEmpty ? "the whole file" : $0.pointer }
            : []
        let what = unreadable.isEmpty
            ? "they differ in \(differences.joined(separator: ", "))\(versions.name == Catalog.fileName ? " (and no single one is at the store's schema version \(schemaVersion.map(String.init) ?? "?"))" : "")"
            : "\(unreadable.joined(separator: ", ")) cannot be read as JSON"
        throw AlmanacError(
            .syncConflict,
            "a sync left schema/\(versions.name) in \(versions.files.count) versions (\(versions.files.map { "schema/" + $0 }.joined(separator: ", "))); \(what); keep one: Store.resolveSchemaCopies(taking:) with its path",
            path: "schema/" + (versions.copies.first ?? versions.name)).with(.takeSchemaVersion)
    }
}
