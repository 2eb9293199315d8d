/// Merging the versions of one document field by field: what one side changed is taken from
/// that side; what both changed differently follows the collection's ``CollectionDescriptor/MergePolicy``.
///
/// With the version both sides started from (git gives it to a merge driver and inside diff3
/// markers), "changed" means changed from it, as in a three-way merge. Without it, a member
/// only one version has is taken (an addition), and any value the versions hold differently
/// counts as changed on both sides.
struct VersionMerge {
    /// The merged document.
    var value: JSONValue
    /// The values both sides changed differently, by JSON pointer: the policy decided them.
    var decided: [String]

    /// A live document merged with an archived copy of its id (retention archived it on one
    /// device while another edited it). `archive/` is never migrated, so a member the archived
    /// copy lacks is a later shape (a migration added it), not a removal: it is taken from the
    /// live document before the merge.
    static func liveAndArchived(_ live: JSONValue, archived: JSONValue, base: JSONValue?, modifiedField: String?) -> JSONValue {
        var filled = archived
        if case .object(var members) = archived, let current = live.objectValue {
            for (key, value) in current where members[key] == nil { members[key] = value }
            filled = .object(members)
        }
        return VersionMerge(VersionOrder.liveFirst(live, archived: filled, modifiedField: modifiedField), base: base).value
    }

    /// Merges `versions`, the preferred first (the one ``VersionOrder`` reads), against `base`.
    init(_ versions: [JSONValue], base: JSONValue?) {
        var merged = versions[0]
        var decided: [String] = []
        for other in versions.dropFirst() {
            let base: Side = base.map(Side.value) ?? .unknown
            merged = VersionMerge.merge(base, .value(merged), .value(other), at: "", decided: &decided) ?? merged
        }
        value = merged
        self.decided = decided.sorted()
    }

    /// A value on one side: present, absent (the member is not there), or not known (no base).
    enum Side: Equatable {
        case unknown
        case absent
        case value(JSONValue)

        func member(_ key: String) -> Side {
            switch self {
            case .unknown: .unknown
            case .absent: .absent
            case .value(let value): value.objectValue.map { $0[key].map(Side.value) ?? .absent } ?? .absent
            }
        }

        var value: JSONValue? {
            if case .value(let value) = self { return value }
            return nil
        }
    }

    /// The merge of `ours` (preferred) and `theirs` against `base`; `nil` when the member is absent.
    static func merge(_ base: Side, _ ours: Side, _ theirs: Side, at pointer: String, decided: inout [String]) -> JSONValue? {
        if ours == theirs { return ours.value }
        if base != .unknown {
            if ours == base { return theirs.value }
            if theirs == base { return ours.value }
        } else {
            // No base: a member only one side has was added there.
            if ours == .absent { return theirs.value }
            if theirs == .absent { return ours.value }
        }
        if case .value(.object(let left)) = ours, case .value(.object(let right)) = theirs {
            var members: [String: JSONValue] = [:]
            for key in Set(left.keys).union(right.keys) {
                let merged = merge(base.member(key), ours.member(key), theirs.member(key),
                                   at: JSONFileReader.pointer(pointer, key), decided: &decided)
                if let merged { members[key] = merged }
            }
            return .object(members)
        }
        decided.append(pointer)
        return ours.value
    }
}
