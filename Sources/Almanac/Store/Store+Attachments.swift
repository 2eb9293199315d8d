import Foundation

/// Attachments (DESIGN §2): files a document owns, kept beside it in `<id>.files/`, e.g.
/// `data/recordings/CD3A….files/audio_CD3A….m4a`. They are written durably like documents,
/// move with their document, go with it when it is deleted, and are exported with `--attachments`.
///
/// Fields whose name ends in `Path` (Cravey's `filePath`, `thumbnailPath`) name an attachment
/// by their last path component; `check` reports such a name without its file as missing.
extension Store {
    /// Saves `bytes` as the attachment `name` of document `id`, durably.
    ///
    /// - Throws: `.invalidArgument` when the collection has no attachments or `name` is not a
    ///   plain file name; `.notFound` when the document does not exist.
    public func saveAttachment(_ bytes: [UInt8], named name: String, to id: String, in collection: String) throws {
        try AttachmentAccess(store: self).saveAttachment(bytes, named: name, to: id, in: collection)
    }

    /// The names of document `id`'s attachments, sorted.
    public func attachmentNames(of id: String, in collection: String) throws -> [String] {
        let descriptor = try self.collection(named: collection)
        return try readingOneVersion {
            guard let location = try reader.location(of: id, in: descriptor) else { return [] }
            return try reader.attachments(at: location, readingBytes: false).map(\.name)
        }
    }

    /// The bytes of document `id`'s attachment `name`, or `nil` when there is none.
    public func attachment(named name: String, of id: String, in collection: String) throws -> [UInt8]? {
        try AttachmentAccess(store: self).attachment(named: name, of: id, in: collection)
    }
}
