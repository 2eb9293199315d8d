import Foundation
import Testing

@testable import Almanac

/// A `…Path` field naming a file no file system could hold as an attachment is refused by
/// `put`; one written by hand is that document's problem in `check`, never the whole walk's.
@Suite("Attachment names in documents")
struct AttachmentNameTests {
    static let audio = "CD3AE75D-E1D0-480D-A883-7DF84BFE6ED3"
    static let longName = "audio_" + String(repeating: "a", count: 300) + ".m4a"

    @Test("put refuses a filePath whose file name is over 255 bytes, naming the field")
    func putRefuses() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        var recording = try #require(E2EFiles.object(store.appendingPathComponent("data/recordings/\(Self.audio).json")))
        recording["id"] = "5E1D4A8B-1C2D-4E3F-8A9B-0C1D2E3F4A5B"
        recording["filePath"] = "Recordings/" + Self.longName
        let file = try folder.write(String(decoding: try JSONSerialization.data(withJSONObject: recording), as: UTF8.self), to: "long.json")
        let put = try run(["put", "recordings", file.path, "--store", store.path])
        #expect(put.exit == 3 && put.stderr.contains("/filePath") && put.stderr.contains("310 bytes"), "\(put)")
        #expect(try run(["check", "--store", store.path]).exit == 0, "nothing was stored")
    }

    @Test("a hand-written long name is reported against its document; check, check --fix and backup do not fail with an I/O error")
    func checkReportsTheDocument() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("cravey")
        let path = store.appendingPathComponent("data/recordings/\(Self.audio).json")
        var recording = try #require(E2EFiles.object(path))
        recording["filePath"] = "Recordings/" + Self.longName
        try JSONSerialization.data(withJSONObject: recording, options: [.sortedKeys, .prettyPrinted]).write(to: path)
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("data/recordings/\(Self.audio).json") && check.stdout.contains("/filePath"), "\(check)")
        #expect(!check.stderr.contains("File name too long") && !check.stdout.contains("File name too long"), "\(check)")
        let fix = try run(["check", "--fix", "--store", store.path])
        #expect(fix.exit == 3, "\(fix)")
        let backup = try run(["backup", folder.path("backup").path, "--store", store.path])
        #expect(backup.exit == 3 && backup.stdout.contains(Self.audio), "copied as it stands, and listed as a problem of that document: \(backup)")
    }
}
