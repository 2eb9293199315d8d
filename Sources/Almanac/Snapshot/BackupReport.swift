import Foundation

/// What ``Store/backup(to:progress:)`` wrote.
public struct BackupReport: Sendable, Equatable, Encodable {
    /// The backup's folder.
    public var url: URL
    /// Documents in the backup (all checked).
    public var documents: Int
    /// Files copied, documents and attachments and schema files alike.
    public var files: Int
    /// How many of them are copy-on-write clones, sharing their blocks with the store until
    /// either side changes (APFS, Btrfs, XFS); the rest were copied byte by byte.
    public var cloned: Int
    /// What a check of the copy found: the store's own problems, copied as they are (a
    /// damaged file, a conflict copy, an unknown file). The copy is kept either way.
    public var check: CheckReport

    /// Whether the copy checks clean (no error; warnings may remain).
    public var isClean: Bool { check.isClean }
}

extension BackupReport {
    private enum CodingKeys: String, CodingKey { case backup, documents, files, cloned, problems }

    /// Encodes the report; the new folder's path is the member `backup`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url.path, forKey: .backup)
        try container.encode(documents, forKey: .documents)
        try container.encode(files, forKey: .files)
        try container.encode(cloned, forKey: .cloned)
        try container.encode(check.problems, forKey: .problems)
    }
}
