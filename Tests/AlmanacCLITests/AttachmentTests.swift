#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

@testable import Almanac

// Attachments through the library (DESIGN §2: `data/<collection>/…/<id>.files/<name>`):
// `Store.saveAttachment(_:named:to:in:)`, `attachmentNames(of:in:)`, `attachment(named:of:in:)`,
// and what `check` says about them.

/// A store of a small app of its own: `clips` filed by day (`at`) with attachments, `tapes`
/// unpartitioned with attachments, and `notes` without. Time zone UTC.
private struct ClipStore {
    let folder: E2EFolder
    let store: Store
    var url: URL { folder.path("store") }

    init() throws {
        folder = E2EFolder()
        try folder.write("""
            {"app": "clipper", "version": 1, "collections": [
              {"name": "clips", "schema": "clips.schema.json", "dateField": "at", "partition": "day", "attachments": true},
              {"name": "tapes", "schema": "tapes.schema.json", "partition": "none", "attachments": true},
              {"name": "notes", "schema": "notes.schema.json", "partition": "none"}
            ]}
            """, to: "schema/catalog.json")
        try folder.write(#"{"type": "object", "required": ["id", "at"], "properties": {"id": {"type": "string"}, "at": {"type": "string", "format": "date-time"}, "filePath": {"type": "string"}, "thumbnailPath": {"type": ["string", "null"]}}}"#,
                         to: "schema/clips.schema.json")
        try folder.write(#"{"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "filePath": {"type": "string"}}}"#,
                         to: "schema/tapes.schema.json")
        try folder.write(#"{"type": "object", "required": ["id"]}"#, to: "schema/notes.schema.json")
        store = try Store.create(at: folder.path("store"), schema: folder.path("schema"), timeZone: TimeZone(identifier: "UTC")!)
    }

    @discardableResult
    func save(_ text: String, in collection: String) throws -> DocumentLocation {
        try store.save(json: try JSONValue(parsing: Array(text.utf8)), in: collection)
    }

    func exists(_ relative: String) -> Bool { E2EFiles.exists(url.appendingPathComponent(relative)) }

    func files(_ relative: String) -> [String] { E2EFiles.files(under: url.appendingPathComponent(relative)) }

    /// The kinds and paths of `check`'s problems.
    func problems() throws -> [(kind: String, path: String, pointer: String?)] {
        try store.check().problems.map { ($0.kind, $0.path, $0.pointer) }
    }
}

/// The error a call threw, or `nil`.
private func almanacError(_ body: () throws -> Void) -> AlmanacError? {
    do {
        try body()
        return nil
    } catch let error as AlmanacError {
        return error
    } catch {
        return AlmanacError(.io, "unexpected error \(error)")
    }
}

private let audio: [UInt8] = Array("RIFF…audio bytes…".utf8) + [0, 1, 2, 255]
private let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 100)

@Suite struct AttachmentTests {
    @Test func savingIntoACollectionWithoutAttachmentsOrForAMissingDocumentIsRefused() throws {
        let fixture = try ClipStore()
        try fixture.save(#"{"id": "n1", "text": "hello"}"#, in: "notes")
        let refused = almanacError { try fixture.store.saveAttachment(audio, named: "a.m4a", to: "n1", in: "notes") }
        #expect(refused?.code == .invalidArgument, "\(String(describing: refused))")
        #expect(refused?.message.contains("attachments") == true, "the error says the collection takes no attachments: \(String(describing: refused?.message))")
        #expect(!fixture.exists("data/notes/n1.files"))
        #expect(try fixture.store.attachmentNames(of: "n1", in: "notes") == [])

        let missing = almanacError { try fixture.store.saveAttachment(audio, named: "a.m4a", to: "nobody", in: "clips") }
        #expect(missing?.code == .notFound, "\(String(describing: missing))")
        let unknown = almanacError { try fixture.store.saveAttachment(audio, named: "a.m4a", to: "n1", in: "clipz") }
        #expect(unknown != nil)
        #expect(fixture.files("data").sorted() == ["notes/n1.json"], "nothing written: \(fixture.files("data"))")
    }

    @Test func hostileAttachmentNamesAreRefused() throws {
        let fixture = try ClipStore()
        try fixture.save(#"{"id": "c1", "at": "2025-01-27T10:00:00Z"}"#, in: "clips")
        let hostile = ["../x", "../../../store.json", ".hidden", "..", ".", "a/b", "", "x\u{0}y", "é.m4a", "a b",
                       String(repeating: "a", count: 129), "a.m4a" + Directory.temporarySuffix]
        for name in hostile {
            let saved = almanacError { try fixture.store.saveAttachment(audio, named: name, to: "c1", in: "clips") }
            #expect(saved?.code == .invalidArgument, "saving \(name.debugDescription) is refused: \(String(describing: saved))")
            let read = almanacError { _ = try fixture.store.attachment(named: name, of: "c1", in: "clips") }
            #expect(read?.code == .invalidArgument, "reading \(name.debugDescription) is refused: \(String(describing: read))")
        }
        #expect(E2EFiles.files(under: fixture.url).filter { !$0.hasPrefix("schema/") && !$0.hasPrefix(".almanac/") && !$0.hasPrefix(".vscode/") }
                == ["data/clips/2025/01/27/c1.json", "store.json"], "nothing written anywhere: \(E2EFiles.files(under: fixture.url))")
        #expect(!E2EFiles.exists(fixture.folder.path("x")) && !E2EFiles.exists(fixture.url.appendingPathComponent("data/clips/2025/01/x")))
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == [])

        // The longest and the plainest good names work.
        let longest = String(repeating: "a", count: 128)
        try fixture.store.saveAttachment(audio, named: longest, to: "c1", in: "clips")
        try fixture.store.saveAttachment(audio, named: "x_1-2.M4A", to: "c1", in: "clips")
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == [longest, "x_1-2.M4A"].sorted())
    }

    @Test func attachmentsAreSavedDurablyReadBackAndReplaced() throws {
        let fixture = try ClipStore()
        try fixture.save(#"{"id": "c1", "at": "2025-01-27T10:00:00Z", "filePath": "Clips/a.m4a", "thumbnailPath": "Clips/Thumbs/b.jpg"}"#, in: "clips")
        try fixture.store.saveAttachment(audio, named: "a.m4a", to: "c1", in: "clips")
        try fixture.store.saveAttachment(thumbnail, named: "b.jpg", to: "C1", in: "clips")  // ids equal ignoring case
        fixture.store.finishWriting()
        #expect(fixture.files("data/clips/2025/01/27/c1.files") == ["a.m4a", "b.jpg"])
        #expect(E2EFiles.mode(fixture.url.appendingPathComponent("data/clips/2025/01/27/c1.files")) == 0o700)
        #expect(E2EFiles.mode(fixture.url.appendingPathComponent("data/clips/2025/01/27/c1.files/a.m4a")) == 0o600)
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == ["a.m4a", "b.jpg"])
        #expect(try fixture.store.attachment(named: "a.m4a", of: "c1", in: "clips") == audio)
        #expect(try fixture.store.attachment(named: "nope.bin", of: "c1", in: "clips") == nil)
        #expect(try fixture.store.attachment(named: "a.m4a", of: "nobody", in: "clips") == nil)

        try fixture.store.saveAttachment(Array("second take".utf8), named: "a.m4a", to: "c1", in: "clips")
        fixture.store.finishWriting()
        let reopened = try Store(at: fixture.url)
        #expect(try reopened.attachment(named: "a.m4a", of: "c1", in: "clips") == Array("second take".utf8), "replaced")
        #expect(try reopened.attachmentNames(of: "c1", in: "clips") == ["a.m4a", "b.jpg"])
        let remaining = try fixture.problems()
        #expect(remaining.isEmpty, "\(remaining)")
    }

    @Test func whenADocumentsDateChangesItsFilesMoveWithIt() throws {
        let fixture = try ClipStore()
        try fixture.save(#"{"id": "c1", "at": "2025-01-27T10:00:00Z", "filePath": "Clips/a.m4a"}"#, in: "clips")
        try fixture.save(#"{"id": "c2", "at": "2025-01-27T11:00:00Z"}"#, in: "clips")
        try fixture.store.saveAttachment(audio, named: "a.m4a", to: "c1", in: "clips")
        try fixture.store.saveAttachment(thumbnail, named: "b.jpg", to: "c1", in: "clips")
        try fixture.store.saveAttachment(thumbnail, named: "c2.jpg", to: "c2", in: "clips")

        let moved = try fixture.save(#"{"id": "c1", "at": "2025-03-05T08:00:00Z", "filePath": "Clips/a.m4a"}"#, in: "clips")
        #expect(moved.relativePath == "data/clips/2025/03/05/c1.json")
        fixture.store.finishWriting()
        #expect(!fixture.exists("data/clips/2025/01/27/c1.json") && !fixture.exists("data/clips/2025/01/27/c1.files"), "no stale copy: \(fixture.files("data"))")
        #expect(fixture.files("data/clips/2025/03/05/c1.files") == ["a.m4a", "b.jpg"], "the files moved with the document: \(fixture.files("data"))")
        #expect(try Data(contentsOf: fixture.url.appendingPathComponent("data/clips/2025/03/05/c1.files/a.m4a")) == Data(audio))
        #expect(fixture.files("data/clips/2025/01/27/c2.files") == ["c2.jpg"], "the other document's files stay")
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == ["a.m4a", "b.jpg"])
        #expect(try fixture.store.attachment(named: "b.jpg", of: "c1", in: "clips") == thumbnail)

        // Moved back, through a batch save, by a fresh store.
        let reopened = try Store(at: fixture.url)
        try reopened.save(json: [try JSONValue(parsing: Array(#"{"id": "c1", "at": "2025-01-28T23:59:59Z"}"#.utf8))], in: "clips")
        reopened.finishWriting()
        #expect(fixture.files("data/clips/2025/01/28/c1.files") == ["a.m4a", "b.jpg"], "\(fixture.files("data"))")
        #expect(!fixture.exists("data/clips/2025/03/05/c1.files"))
        #expect(try reopened.attachment(named: "a.m4a", of: "c1", in: "clips") == audio)
        let found = try reopened.check().problems
        #expect(found.isEmpty, "\(found)")
    }

    @Test func deletingADocumentRemovesItsAttachments() throws {
        let fixture = try ClipStore()
        for id in ["c1", "c2", "c3"] {
            try fixture.save(#"{"id": "\#(id)", "at": "2025-01-27T10:00:00Z"}"#, in: "clips")
            try fixture.store.saveAttachment(audio, named: "\(id).m4a", to: id, in: "clips")
        }
        try fixture.save(#"{"id": "t1", "filePath": "t1.wav"}"#, in: "tapes")
        try fixture.store.saveAttachment(audio, named: "t1.wav", to: "t1", in: "tapes")

        #expect(try fixture.store.delete(id: "c1", in: "clips"))
        #expect(!fixture.exists("data/clips/2025/01/27/c1.files"))
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == [])

        let report = try fixture.store.delete(.document("clips", id: "c2"))
        #expect(report.deleted == ["clips/c2"] && report.attachments == 1)
        #expect(!fixture.exists("data/clips/2025/01/27/c2.files"))

        let tape = try fixture.store.delete(.document("tapes", id: "t1"))
        #expect(tape.attachments == 1 && !fixture.exists("data/tapes/t1.files"))
        fixture.store.finishWriting()
        #expect(fixture.files("data").sorted() == ["clips/2025/01/27/c3.files/c3.m4a", "clips/2025/01/27/c3.json"], "\(fixture.files("data"))")

        // A new document with a deleted one's id starts without files.
        try fixture.save(#"{"id": "c1", "at": "2025-01-27T12:00:00Z"}"#, in: "clips")
        #expect(try fixture.store.attachmentNames(of: "c1", in: "clips") == [])
        #expect(try fixture.problems().isEmpty)
    }

    @Test func checkReportsOrphanedAttachmentFoldersAndMissingAttachmentFiles() throws {
        let fixture = try ClipStore()
        try fixture.save(#"{"id": "c1", "at": "2025-01-27T10:00:00Z", "filePath": "Clips/c1.m4a", "thumbnailPath": null}"#, in: "clips")
        try fixture.save(#"{"id": "t1", "filePath": "Tapes/t1.wav"}"#, in: "tapes")
        try fixture.store.saveAttachment(audio, named: "t1.wav", to: "t1", in: "tapes")
        fixture.store.finishWriting()
        let first = try fixture.problems()
        #expect(first.map(\.kind) == ["missing-attachment"], "\(first)")
        let missing = try #require(first.first)
        #expect(missing.path == "data/clips/2025/01/27/c1.json" && missing.pointer == "/filePath", "\(missing)")

        // Attachment folders whose document does not exist, made by hand.
        for orphan in ["data/clips/2025/01/27/ghost.files/x.bin", "data/tapes/gone.files/y.wav"] {
            try fixture.folder.write("orphan", to: "store/" + orphan)
        }
        let problems = try fixture.problems()
        let orphans = problems.filter { $0.kind == "orphaned-attachments" }.map(\.path).sorted()
        #expect(orphans == ["data/clips/2025/01/27/ghost.files", "data/tapes/gone.files"], "\(problems)")
        #expect(try !fixture.store.check().isClean)
        let cli = try run(["check", "--store", fixture.url.path])
        #expect(cli.exit == 3 && cli.stdout.contains("ghost.files") && cli.stdout.contains("c1.json"), "\(cli)")

        // Restoring the file and removing the orphans makes the store clean again.
        try fixture.store.saveAttachment(audio, named: "c1.m4a", to: "c1", in: "clips")
        fixture.store.finishWriting()
        try FileManager.default.removeItem(at: fixture.url.appendingPathComponent("data/clips/2025/01/27/ghost.files"))
        try FileManager.default.removeItem(at: fixture.url.appendingPathComponent("data/tapes/gone.files"))
        let remaining = try fixture.problems()
        #expect(remaining.isEmpty, "\(remaining)")
    }

    @Test func attachmentNamesThatDifferOnlyInCaseCollideAsOnAppleSystems() throws {
        let fixture = try ClipStore()
        _ = try fixture.save(#"{"id": "t1"}"#, in: "tapes")
        try fixture.store.saveAttachment(audio, named: "Take.m4a", to: "t1", in: "tapes")
        let refused = almanacError { try fixture.store.saveAttachment([1, 2, 3], named: "take.M4A", to: "t1", in: "tapes") }
        #expect(refused?.code == .idCollision, "\(String(describing: refused))")
        #expect(refused?.message.contains("differs only in case") == true, "\(String(describing: refused))")
        #expect(refused?.path == "data/tapes/t1.files/Take.m4a", "\(String(describing: refused))")
        #expect(try fixture.store.attachmentNames(of: "t1", in: "tapes") == ["Take.m4a"])
        #expect(try fixture.store.attachment(named: "Take.m4a", of: "t1", in: "tapes") == audio)
        // The same name replaces the file.
        try fixture.store.saveAttachment([9], named: "Take.m4a", to: "t1", in: "tapes")
        #expect(try fixture.store.attachment(named: "Take.m4a", of: "t1", in: "tapes") == [9])
    }

    @Test func finderFilesInAnAttachmentFolderAreNotAttachments() throws {
        let fixture = try ClipStore()
        _ = try fixture.save(#"{"id": "t2"}"#, in: "tapes")
        try fixture.store.saveAttachment(audio, named: "a.m4a", to: "t2", in: "tapes")
        let files = fixture.url.appendingPathComponent("data/tapes/t2.files")
        for name in [".DS_Store", "._a.m4a", "Thumbs.db"] { try Data([0]).write(to: files.appendingPathComponent(name)) }
        #expect(try fixture.store.attachmentNames(of: "t2", in: "tapes") == ["a.m4a"])
        try fixture.store.delete(.document("tapes", id: "t2"))
        #expect(!E2EFiles.exists(files), "the attachment folder goes with its document, Finder's files and all")
    }
}
