import Almanac
import Foundation

/// A motivational video or audio recording (the seed's RecordingModel): its metadata as a
/// document, its media file and video thumbnail as the document's attachments.
///
/// `filePath` and `thumbnailPath` keep the seed's relative paths
/// ("Recordings/video_<id>.mov", "Recordings/Thumbnails/video_<id>_thumb.jpg"); their last
/// component names the attachment in the store (see ``mediaFileName``). The cravings linking
/// to a recording hold its id (``Craving/recordingId``); the seed's inverse `linkedCravings`
/// is a query, ``CraveyService/linkedCravings(of:)``, not a stored field.
public struct Recording: Document, Equatable {
    /// The catalog's name of the collection.
    public static let collection = "recordings"

    /// Video or audio.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A video, `.mov`, with a thumbnail.
        case video
        /// An audio recording, `.m4a`, never a thumbnail.
        case audio

        /// The media file's extension.
        public var fileExtension: String { self == .video ? "mov" : "m4a" }
    }

    /// Why it was recorded.
    public enum Purpose: String, Codable, Sendable, CaseIterable {
        /// "Why I'm taking a break".
        case motivational
        /// "30 days sober".
        case milestone
        /// "How I'm feeling today".
        case reflection
        /// Recorded during a craving.
        case craving
    }

    /// The longest recording the recorder allows: 2 minutes.
    public static let maximumDuration: TimeInterval = 120

    /// The recording's id (a UUID), embedded in its file names.
    public var id: UUID
    /// When it was recorded.
    public var timestamp: Date
    /// Video or audio.
    public var type: Kind
    /// Why it was recorded.
    public var purpose: Purpose
    /// Length in seconds, more than 0 and at most 120.
    public var duration: TimeInterval
    /// The media's relative path, "Recordings/<type>_<id>.<ext>".
    public var filePath: String
    /// The video thumbnail's relative path; `nil` for audio (and for a video without one).
    public var thumbnailPath: String?
    /// The user's title, at most 120 characters.
    public var title: String?
    /// The user's notes, at most 500 characters.
    public var notes: String?
    /// Times played (from a craving or from the Recordings tab).
    public var playCount: Int
    /// The latest playback; `nil` until the first.
    public var lastPlayedAt: Date?
    /// When the record was made.
    public var createdAt: Date
    /// When the title or notes were last edited; `nil` until then (playback is not an edit).
    public var modifiedAt: Date?

    /// Creates a recording's metadata with the file paths its id and type give (a video gets
    /// a thumbnail path unless `hasThumbnail` is false), not yet played.
    public init(id: UUID = UUID(), timestamp: Date, type: Kind, purpose: Purpose, duration: TimeInterval, hasThumbnail: Bool = true,
                title: String? = nil, notes: String? = nil, playCount: Int = 0, lastPlayedAt: Date? = nil, createdAt: Date, modifiedAt: Date? = nil) {
        self.id = id
        self.timestamp = timestamp
        self.type = type
        self.purpose = purpose
        self.duration = duration
        self.filePath = Self.generateFilePath(id: id, type: type)
        self.thumbnailPath = type == .video && hasThumbnail ? Self.generateThumbnailPath(id: id) : nil
        self.title = title
        self.notes = notes
        self.playCount = playCount
        self.lastPlayedAt = lastPlayedAt
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
    }

    /// The seed's FileStorageManager path: "Recordings/video_<UUID>.mov" or "Recordings/audio_<UUID>.m4a".
    public static func generateFilePath(id: UUID, type: Kind) -> String {
        "Recordings/\(type.rawValue)_\(id.uuidString).\(type.fileExtension)"
    }

    /// The seed's thumbnail path: "Recordings/Thumbnails/video_<UUID>_thumb.jpg".
    public static func generateThumbnailPath(id: UUID) -> String {
        "Recordings/Thumbnails/video_\(id.uuidString)_thumb.jpg"
    }

    /// The media's attachment name: the last component of ``filePath`` ("video_<UUID>.mov").
    public var mediaFileName: String { Self.fileName(of: filePath) }

    /// The thumbnail's attachment name ("video_<UUID>_thumb.jpg"), when there is a thumbnail.
    public var thumbnailFileName: String? { thumbnailPath.map(Self.fileName(of:)) }

    /// The attachments the document names: the media, then the thumbnail if any.
    public var attachmentNames: [String] { [mediaFileName] + (thumbnailFileName.map { [$0] } ?? []) }

    /// Counts one playback at `moment`: `playCount` goes up by one and `lastPlayedAt` becomes
    /// `moment` (unless a later playback is already recorded).
    public mutating func recordPlayback(at moment: Date) {
        playCount += 1
        lastPlayedAt = max(lastPlayedAt ?? moment, moment)
    }

    static func fileName(of path: String) -> String {
        String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path))
    }
}
