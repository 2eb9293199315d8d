/// What ``Store/resolve(_:in:policy:taking:dryRun:)`` did with one document's versions.
public struct ResolveReport: Sendable, Equatable {
    /// The collection.
    public var collection: String
    /// The document's id.
    public var id: String
    /// Every file that held a version, relative to the store root (one remains: `<id>.json`).
    public var versions: [String]
    /// The values both versions changed differently, by JSON pointer, that the policy (or the
    /// version taken) decided.
    public var decided: [String]
    /// The policy applied; `nil` when a version was taken whole.
    public var policy: CollectionDescriptor.MergePolicy?
    /// With `keep-both`, the ids the other versions were saved under.
    public var keptAs: [String]
    /// The document as saved (or as it would be, in a dry run).
    public var result: JSONValue
    /// Whether nothing was written.
    public var dryRun: Bool
}
