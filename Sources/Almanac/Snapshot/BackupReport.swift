import Foundation

/// What ``Store/backup(to:)`` wrote.
public struct BackupReport: Sendable, Equatable {
    /// The backup's folder.
    public var url: URL
    /// Documents in the backup (all checked).
    public var documents: Int
    /// Files copied, documents and attachments and schema files alike.
    public var files: Int
    /// How many of them are copy-on-write clones, sharing their blocks with the store until
    /// either side changes (APFS, Btrfs, XFS); the rest were copied byte by byte.
    public var cloned: Int
}
