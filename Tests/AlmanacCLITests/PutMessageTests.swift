import Foundation
import Testing

/// `almanac put`'s wording of its input.
@Suite("put's messages")
struct PutMessageTests {
    @Test("a refused document of a batch is named by its position counted from 1, out of the batch's size")
    func batchPositionsCountFromOne() throws {
        let folder = E2EFolder()
        let store = try RemoveReferenceTests.store(in: folder)
        let put = try run(["put", "--store", store.path, "folders"], stdin: #"[{"id": "a"}, {"id": "../x"}, {"id": "c"}]"#)
        #expect(put.exit != 0 && put.stderr.contains("document 2 of 3 in the batch"), "\(put)")
        let twice = try run(["put", "--store", store.path, "folders"], stdin: #"[{"id": "a"}, {"id": "b"}, {"id": "A"}]"#)
        #expect(twice.stderr.contains("document 3 of 3 in the batch") && twice.stderr.contains("collides with \"a\""), "\(twice)")
    }

    @Test("put given a folder says it is a folder (exit 2), not that the file cannot be read")
    func folderIsNamed() throws {
        let folder = E2EFolder()
        let store = try RemoveReferenceTests.store(in: folder)
        let put = try run(["put", "--store", store.path, "folders", folder.path("schema").path])
        #expect(put.exit == 2 && put.stderr.contains("is a folder"), "\(put)")
    }
}
