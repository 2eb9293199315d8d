import Foundation

/// What ``Store/restore(from:to:options:progress:)`` did.
public struct RestoreReport: Sendable, Equatable, Encodable {
    /// The store that now holds the backup's content.
    public var store: URL
    /// Where the replaced store was kept, beside the store (`nil` when there was none).
    public var replaced: URL?
    /// How many documents the restored store holds.
    public var documents: Int
}
