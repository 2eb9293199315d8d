import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Cravey recordings, links and deletes")
struct CraveyRecordingTests {
    static let zone = TimeZone(identifier: "America/Chicago")!
    static let media: [UInt8] = Array("moov-bytes".utf8)
    static let thumb: [UInt8] = Array("jpeg-bytes".utf8)
    static let audioBytes: [UInt8] = Array("m4a-bytes".utf8)

    static func at(_ day: String, _ hour: Int, _ minute: Int = 0) -> Date { instant(day, hour, minute, in: zone) }

    /// A store with a video and an audio recording (files attached), three cravings linked
    /// to the video, one to the audio and one unlinked.
    static func withFixture(_ body: (Store, CraveyService, Recording, Recording, [Craving]) throws -> Void) throws {
        try SchemaConformance(app: "cravey", timeZone: zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            let video = Recording(timestamp: at("2025-01-07", 21, 14), type: .video, purpose: .motivational, duration: 74.5,
                                  title: "Why I'm taking a break", createdAt: at("2025-01-07", 21, 16))
            let audio = Recording(timestamp: at("2025-01-15", 22, 48), type: .audio, purpose: .craving, duration: 48.2,
                                  createdAt: at("2025-01-15", 22, 49))
            try cravey.save(video, media: media, thumbnail: thumb)
            try cravey.save(audio, media: audioBytes)
            var cravings: [Craving] = []
            for (index, link) in [video.id, video.id, video.id, audio.id, nil].enumerated() {
                let moment = at("2025-01-2\(index)", 20)
                let craving = Craving(timestamp: moment, intensity: 6 + index, triggers: [.anxious], createdAt: moment.addingTimeInterval(30), recordingId: link)
                try cravey.log(craving)
                cravings.append(craving)
            }
            try body(store, cravey, video, audio, cravings)
        }
    }

    @Test("a recording's media and thumbnail are the document's attachments, named after its paths")
    func filesAreAttachments() throws {
        try Self.withFixture { store, cravey, video, audio, _ throws in
            #expect(try store.attachmentNames(of: video.id.uuidString, in: "recordings") == video.attachmentNames.sorted())
            #expect(try cravey.media(of: video) == Self.media && cravey.thumbnail(of: video) == Self.thumb)
            #expect(try store.attachmentNames(of: audio.id.uuidString, in: "recordings") == ["audio_\(audio.id.uuidString).m4a"])
            #expect(try cravey.media(of: audio) == Self.audioBytes && cravey.thumbnail(of: audio) == nil)
            #expect(try store.document(Recording.self, id: video.id) == video)
        }
    }

    @Test("saving a recording refuses a thumbnail that does not match thumbnailPath, and a broken file rule, before writing")
    func saveChecksFiles() throws {
        try SchemaConformance(app: "cravey", timeZone: Self.zone).withStore { store throws in
            let cravey = CraveyService(store: store)
            let video = Recording(timestamp: Self.at("2025-01-07", 21), type: .video, purpose: .milestone, duration: 10, createdAt: Self.at("2025-01-07", 21, 1))
            #expect(throws: AlmanacError.self) { try cravey.save(video, media: Self.media) }
            let audio = Recording(timestamp: Self.at("2025-01-07", 21), type: .audio, purpose: .reflection, duration: 10, createdAt: Self.at("2025-01-07", 21, 1))
            #expect(throws: AlmanacError.self) { try cravey.save(audio, media: Self.audioBytes, thumbnail: Self.thumb) }
            var renamed = audio
            renamed.filePath = "Recordings/audio_other.m4a"
            #expect(throws: AlmanacError.self) { try cravey.save(renamed, media: Self.audioBytes) }
            #expect(try store.documents(Recording.self).isEmpty, "nothing was written")
        }
    }

    @Test("a craving links to a recording by id (many-to-one); linkedCravings is the inverse; a link to a missing recording is refused")
    func cravingLinks() throws {
        try Self.withFixture { _, cravey, video, audio, cravings throws in
            #expect(try cravey.linkedCravings(of: video.id).map(\.id) == cravings[0..<3].map(\.id))
            #expect(try cravey.linkedCravings(of: audio.id).map(\.id) == [cravings[3].id])
            let dangling = Craving(timestamp: Self.at("2025-01-30", 9), intensity: 4, createdAt: Self.at("2025-01-30", 9, 1), recordingId: UUID())
            do {
                try cravey.log(dangling)
                Issue.record("a link to no recording was saved")
            } catch let error as AlmanacError {
                #expect(error.code == .ruleViolated && error.pointer == "/recordingId")
            }
        }
    }

    @Test("playback: playCount incremented and lastPlayedAt updated")
    func playback() throws {
        try Self.withFixture { store, cravey, video, _, _ throws in
            try cravey.recordPlayback(of: video.id, now: Self.at("2025-01-28", 7))
            let played = try #require(try cravey.recordPlayback(of: video.id, now: Self.at("2025-01-29", 7)))
            #expect(played.playCount == 2 && played.lastPlayedAt == Self.at("2025-01-29", 7) && played.modifiedAt == nil)
            #expect(try store.document(Recording.self, id: video.id) == played)
            #expect(try cravey.recordPlayback(of: UUID(), now: Self.at("2025-01-29", 7)) == nil)
        }
    }

    @Test("Delete Recording: its files and document go; linked cravings remain with recordingId nil (.nullify)")
    func deleteRecording() throws {
        try Self.withFixture { store, cravey, video, audio, cravings throws in
            let report = try cravey.deleteRecording(id: video.id)
            #expect(report.deleted == ["recordings/\(video.id.uuidString)"] && report.attachments == 2)
            #expect(report.nullified.count == 3)
            #expect(try store.document(Recording.self, id: video.id) == nil)
            #expect(try store.attachmentNames(of: video.id.uuidString, in: "recordings").isEmpty, "the files are gone")
            let remaining = try store.documents(Craving.self)
            #expect(remaining.count == 5, "no craving was deleted")
            for craving in cravings[0..<3] {
                var expected = craving
                expected.recordingId = nil
                #expect(remaining.contains(expected), "only recordingId changed")
            }
            #expect(remaining.first { $0.id == cravings[3].id }?.recordingId == audio.id, "links to the other recording stay")
            #expect(try cravey.media(of: audio) == Self.audioBytes)
        }
    }

    @Test("Delete Craving (that links to Recording): the recording and its files remain, still in the Recordings tab")
    func deleteCraving() throws {
        try Self.withFixture { store, cravey, video, _, cravings throws in
            #expect(try cravey.deleteCraving(id: cravings[0].id))
            #expect(try store.documents(Craving.self).count == 4)
            #expect(try store.document(Recording.self, id: video.id) == video)
            #expect(try cravey.media(of: video) == Self.media && cravey.thumbnail(of: video) == Self.thumb)
            #expect(try cravey.recordingsPage().contains(video))
            #expect(try cravey.linkedCravings(of: video.id).count == 2)
        }
    }

    @Test("Delete All Data: every recording and file, every craving (cascading) and the rest go; the defaults are seeded again")
    func deleteAllData() throws {
        try Self.withFixture { store, cravey, video, audio, _ throws in
            try cravey.seedDefaultMessagesIfNeeded(now: Self.at("2025-01-06", 3))
            try cravey.showMessage(for: [.bored], now: Self.at("2025-01-20", 9))
            try cravey.log(UsageSession(timestamp: Self.at("2025-01-20", 21), method: .joints, amount: 1, createdAt: Self.at("2025-01-20", 21, 1)))
            let report = try cravey.deleteAllData(now: Self.at("2025-02-01", 12))
            #expect(report.attachments == 3)
            #expect(try store.documents(Recording.self).isEmpty && store.documents(Craving.self).isEmpty && store.documents(UsageSession.self).isEmpty)
            for recording in [video, audio] {
                #expect(try store.attachmentNames(of: recording.id.uuidString, in: "recordings").isEmpty)
            }
            let messages = try store.documents(MotivationalMessage.self)
            #expect(messages.count == 11 && messages.allSatisfy { $0.timesShown == 0 && $0.createdAt == Self.at("2025-02-01", 12) })
        }
    }

    @Test("the seed's recording queries: videos most recent first, most played, by purpose, pages of 20")
    func recordingQueries() throws {
        try Self.withFixture { _, cravey, video, audio, _ throws in
            var later = Recording(timestamp: Self.at("2025-01-30", 8), type: .video, purpose: .milestone, duration: 20,
                                  createdAt: Self.at("2025-01-30", 8, 1))
            try cravey.save(later, media: Self.media, thumbnail: Self.thumb)
            #expect(try cravey.recordings(type: .video).map(\.id) == [later.id, video.id])
            #expect(try cravey.recordings(purpose: .motivational).map(\.id) == [video.id])
            for _ in 0..<3 { later = try #require(try cravey.recordPlayback(of: later.id, now: Self.at("2025-01-31", 8))) }
            try cravey.recordPlayback(of: audio.id, now: Self.at("2025-01-31", 9))
            #expect(try cravey.mostPlayedRecordings().map(\.id) == [later.id, audio.id, video.id])
            #expect(try cravey.recordingsPage(limit: 2).map(\.id) == [later.id, audio.id])
            #expect(try cravey.recordingsPage(offset: 2, limit: 20).map(\.id) == [video.id])
        }
    }

    @Test("the seed's usage and craving queries: last 7 days newest first, all vape usage, usage triggered by anxiety, high-intensity cravings, 30-day average")
    func usageAndCravingQueries() throws {
        try Self.withFixture { _, cravey, _, _, cravings throws in
            let now = Self.at("2025-01-27", 12)
            let sessions = [
                UsageSession(timestamp: Self.at("2025-01-20", 11, 59), method: .vape, amount: 4, triggers: [.anxious], createdAt: Self.at("2025-01-20", 12)),
                UsageSession(timestamp: Self.at("2025-01-20", 12, 1), method: .joints, amount: 1, triggers: [.bored], createdAt: Self.at("2025-01-20", 12, 2)),
                UsageSession(timestamp: Self.at("2025-01-26", 22), method: .vape, amount: 6, triggers: [.anxious, .tired], createdAt: Self.at("2025-01-26", 22, 1)),
            ]
            for session in sessions { try cravey.log(session) }
            #expect(try cravey.recentUsage(days: 7, now: now).map(\.id) == [sessions[2].id, sessions[1].id], "7 days back to the same time, newest first")
            #expect(try cravey.usage(method: .vape).map(\.id) == [sessions[0].id, sessions[2].id])
            #expect(try cravey.usage(trigger: .anxious).count == 2)
            #expect(try cravey.highIntensityCravings().map(\.id) == cravings[1...].map(\.id), "intensity 7–10")
            // Cravings of intensity 6…10 on 2025-01-20…24; on 2025-01-27 the 30-day average is 8.
            #expect(try cravey.averageCravingIntensity(days: 30, now: now) == 8)
            #expect(try cravey.averageCravingIntensity(days: 30, now: Self.at("2025-01-10", 12)) == nil, "no cravings: no average (the seed would divide by zero)")
        }
    }
}
