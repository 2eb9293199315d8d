import Almanac
import Foundation

extension Recording: ModelRules {
    /// Checks rule `files-named-after-id` (the paths embed the id and the type; audio has no
    /// thumbnail), the 2-minute limit, a playback count that agrees with `lastPlayedAt`, and
    /// `modified-after-created`.
    ///
    /// - Throws: `.ruleViolated` with the pointer `/filePath`, `/thumbnailPath`, `/duration`,
    ///   `/playCount` or `/modifiedAt`.
    public func validate() throws {
        let expectedFile = Self.generateFilePath(id: id, type: type)
        if filePath != expectedFile {
            throw AlmanacError.rule(
                "files-named-after-id: filePath is \"\(filePath)\" but a \(type.rawValue) recording with this id is stored as \"\(expectedFile)\"; "
                    + "use Recording.generateFilePath(id:type:)",
                in: Self.collection, id: id.uuidString, field: "filePath")
        }
        if let thumbnailPath {
            if type == .audio {
                throw AlmanacError.rule(
                    "files-named-after-id: an audio recording has no thumbnail, but thumbnailPath is \"\(thumbnailPath)\"; leave it out",
                    in: Self.collection, id: id.uuidString, field: "thumbnailPath")
            }
            let expectedThumbnail = Self.generateThumbnailPath(id: id)
            if thumbnailPath != expectedThumbnail {
                throw AlmanacError.rule(
                    "files-named-after-id: thumbnailPath is \"\(thumbnailPath)\" but this recording's thumbnail is \"\(expectedThumbnail)\"; "
                        + "use Recording.generateThumbnailPath(id:)",
                    in: Self.collection, id: id.uuidString, field: "thumbnailPath")
            }
        }
        if !(duration > 0 && duration <= Self.maximumDuration) {
            throw AlmanacError.rule(
                "duration is \(duration) seconds; a recording lasts more than 0 and at most \(Int(Self.maximumDuration)) seconds (2 minutes)",
                in: Self.collection, id: id.uuidString, field: "duration")
        }
        if playCount < 0 || (lastPlayedAt != nil && playCount < 1) {
            throw AlmanacError.rule(
                "playCount is \(playCount)\(lastPlayedAt == nil ? "" : " although lastPlayedAt is set"); count each playback with recordPlayback(at:)",
                in: Self.collection, id: id.uuidString, field: "playCount")
        }
        try CraveyRecordRules.checkModified(modifiedAt, createdAt: createdAt, collection: Self.collection, id: id)
    }
}
