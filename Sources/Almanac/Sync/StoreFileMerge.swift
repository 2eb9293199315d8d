import Foundation

/// Merging two versions of one file of a store, as git asks a merge driver to: the versions
/// both sides of a `git merge` or `git pull` hold, and the version they started from.
///
/// A document merges field by field: a field one side changed is taken from
/// it; a field both changed follows the collection's merge policy, `newer-wins` by its
/// modification field. `store.json` merges its histories. The result is
/// the same whichever side is "ours", so two devices that each pull end with the same bytes.
///
/// Install it in a repository with `almanac git install`, which writes `.gitattributes` and
/// the repository's git config.
public enum StoreFileMerge {
    /// What a merge gives.
    public enum Outcome: Sendable, Equatable {
        /// The merged file, in canonical form.
        case merged([UInt8])
        /// Both versions between git's merge markers, for a person or `almanac resolve`
        /// (a `manual` or `keep-both` policy, or versions that are not JSON), with why.
        case conflicted([UInt8], reason: String)
    }

    /// Merges `ours` and `theirs` of the file `path` (relative to the store root: `store.json`
    /// or `data/…`) against `base`.
    ///
    /// - Parameters:
    ///   - base: the version both sides started from (`nil` when the file is new on both).
    ///   - ours: this side's version.
    ///   - theirs: the other side's version.
    ///   - path: the file, relative to the store root.
    ///   - catalogBytes: the store's `schema/catalog.json`, for each collection's merge settings
    ///     (`nil`: merged by the defaults).
    /// - Returns: the merged bytes, or the versions between markers with the reason.
    public static func merge(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], path: String, catalog catalogBytes: [UInt8]?) -> Outcome {
        let marked = markers(ours, theirs)
        if path == Manifest.fileName {
            do {
                let merged = try ManifestMerge.merge(try Manifest(bytes: ours), try Manifest(bytes: theirs), theirsName: "the other side")
                return .merged(try merged.bytes)
            } catch {
                return .conflicted(marked, reason: "\(error)")
            }
        }
        guard let mine = try? JSONParser.parse(ours).value, let other = try? JSONParser.parse(theirs).value else {
            return .conflicted(marked, reason: "a side is not JSON")
        }
        let parts = path.split(separator: "/").map(String.init)
        let catalog = catalogBytes.flatMap { try? Catalog(bytes: $0, path: "schema/catalog.json") }
        let name = parts.count > 2 ? parts[1] : parts.last.map { String($0.dropLast(5)) } ?? ""
        let collection = catalog?.collection(named: name)
        let versions = VersionOrder.sorted([.init(path: "ours", origin: .file, value: mine), .init(path: "theirs", origin: .file, value: other)],
                                           modifiedField: collection?.modifiedField)
        let merge = VersionMerge(versions.map(\.value), base: base.flatMap { try? JSONParser.parse($0).value })
        let policy = collection?.mergePolicy ?? .newerWins
        guard policy == .newerWins || merge.decided.isEmpty else {
            return .conflicted(marked, reason: "both sides changed \(merge.decided.joined(separator: ", ")) and \(name)'s merge policy is \(policy.rawValue)")
        }
        return .merged(CanonicalJSON.prettyBytes(merge.value))
    }

    /// Both versions between git's merge markers, as one hunk.
    private static func markers(_ ours: [UInt8], _ theirs: [UInt8]) -> [UInt8] {
        func line(_ bytes: [UInt8]) -> [UInt8] { bytes.last == UInt8(ascii: "\n") || bytes.isEmpty ? bytes : bytes + [UInt8(ascii: "\n")] }
        return Array("<<<<<<< ours\n".utf8) + line(ours) + Array("=======\n".utf8) + line(theirs) + Array(">>>>>>> theirs\n".utf8)
    }
}
