import Almanac
import Foundation

extension CraveyService {
    /// Saves a recording's metadata and its files as the document's attachments, named after
    /// its paths: the media as ``Recording/mediaFileName``, the thumbnail as
    /// ``Recording/thumbnailFileName``.
    ///
    /// - Parameters:
    ///   - recording: the metadata (checked with ``Recording/validate()``).
    ///   - media: the `.mov` or `.m4a` bytes.
    ///   - thumbnail: the video thumbnail's `.jpg` bytes; required exactly when the recording
    ///     has a `thumbnailPath`.
    /// - Throws: `.ruleViolated` for a broken rule or a thumbnail that does not match
    ///   `thumbnailPath` (pointer `/thumbnailPath`), or the store's errors.
    public func save(_ recording: Recording, media: [UInt8], thumbnail: [UInt8]? = nil) throws {
        try recording.validate()
        if (thumbnail == nil) != (recording.thumbnailPath == nil) {
            throw AlmanacError.rule(
                recording.thumbnailPath == nil
                    ? "a thumbnail was given but the recording has no thumbnailPath; give a video its thumbnail path, or drop the thumbnail"
                    : "thumbnailPath is \"\(recording.thumbnailPath!)\" but no thumbnail bytes were given; pass the thumbnail, or leave thumbnailPath out",
                in: Recording.collection, id: recording.id.uuidString, field: "thumbnailPath")
        }
        try store.save(recording)
        let id = recording.id.uuidString
        try store.saveAttachment(media, named: recording.mediaFileName, to: id, in: Recording.collection)
        if let thumbnail, let name = recording.thumbnailFileName {
            try store.saveAttachment(thumbnail, named: name, to: id, in: Recording.collection)
        }
    }

    /// The media bytes of `recording`, or `nil` when the file is missing.
    public func media(of recording: Recording) throws -> [UInt8]? {
        try store.attachment(named: recording.mediaFileName, of: recording.id.uuidString, in: Recording.collection)
    }

    /// The thumbnail bytes of `recording`, or `nil` when it has none.
    public func thumbnail(of recording: Recording) throws -> [UInt8]? {
        guard let name = recording.thumbnailFileName else { return nil }
        return try store.attachment(named: name, of: recording.id.uuidString, in: Recording.collection)
    }

    /// Counts a playback of the recording `id` at `now` and saves it.
    ///
    /// - Returns: the recording as saved, or `nil` when there is none.
    @discardableResult
    public func recordPlayback(of id: UUID, now: Date) throws -> Recording? {
        guard var recording = try store.document(Recording.self, id: id) else { return nil }
        recording.recordPlayback(at: now)
        try store.save(recording)
        return recording
    }

    /// The cravings that link to the recording `id` (the seed's `linkedCravings`), oldest first.
    public func linkedCravings(of id: UUID) throws -> [Craving] {
        try store.documents(Craving.self) { $0.recordingId == id }
    }

    /// Deletes a recording (Appendix B, "Delete Recording"): its document and its files go;
    /// the cravings linking to it stay, their `recordingId` set to null (catalog: `nullify`).
    ///
    /// - Returns: the store's report (`nullified` lists the cravings unlinked).
    /// - Throws: `.notFound` when there is no such recording.
    @discardableResult
    public func deleteRecording(id: UUID) throws -> DeleteReport {
        try store.delete(.document(Recording.collection, id: id.uuidString))
    }
}
