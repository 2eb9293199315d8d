import Foundation
import Testing

@testable import Almanac

/// `check`'s advice never leads to data loss, and a file named for one id that holds another is
/// never returned as the document asked for.
@Suite("Check advice and misnamed files")
struct CheckAdviceTests {
    static let day = "data/usage-events/2025/01/27"
    static let id = "17033AF4-D080-4E65-8542-7C3C17F6072D"

    @Test("a copy beside its original is called a second copy, never 'rename it' onto the original")
    func copyBesideOriginal() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let original = store.appendingPathComponent("\(Self.day)/\(Self.id).json")
        try FileManager.default.copyItem(at: original, to: store.appendingPathComponent("\(Self.day)/COPY-OF-ENTRY.json"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3, "\(check)")
        #expect(check.stdout.contains("second copy") && check.stdout.contains("diff COPY-OF-ENTRY.json \(Self.id).json"), "\(check)")
        #expect(!check.stdout.contains("rename the file to \(Self.id).json"), "advice that would overwrite the original: \(check)")
    }

    @Test("a misnamed file with no original beside it may still be renamed")
    func misnamedAlone() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        try FileManager.default.moveItem(at: store.appendingPathComponent("\(Self.day)/\(Self.id).json"),
                                         to: store.appendingPathComponent("\(Self.day)/RENAMED.json"))
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 3 && check.stdout.contains("rename the file to \(Self.id).json"), "\(check)")
    }

    @Test("get by a file's name never returns a document holding another id")
    func getByCopyName() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let original = store.appendingPathComponent("\(Self.day)/\(Self.id).json")
        try FileManager.default.copyItem(at: original, to: store.appendingPathComponent("\(Self.day)/COPY-OF-ENTRY.json"))
        let get = try run(["get", "usage-events", "COPY-OF-ENTRY", "--store", store.path])
        #expect(get.exit == 3 && get.stdout.isEmpty, "\(get)")
        #expect(get.stderr.contains("COPY-OF-ENTRY.json") && get.stderr.contains(Self.id), "\(get)")
        let library = try Store(at: store)
        let error = try #require(throws: AlmanacError.self) { try library.document(json: "COPY-OF-ENTRY", in: "usage-events") }
        #expect(error.code == .invalidDocument && error.pointer == "/id")
        #expect(try library.document(json: Self.id, in: "usage-events")?.value["id"] == .string(Self.id), "the original still reads")
    }
}
