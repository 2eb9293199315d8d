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

    @Test("a field the schema refuses names the declared field it most likely misspells")
    func misspeltFieldGetsASuggestion() throws {
        let folder = E2EFolder()
        let store = try folder.copySample("miga")
        let document = #"{"id": "E1", "eventType": "exit_to_focus", "timestamp": "2025-01-27T10:00:00Z", "targetAppNmae": "Instagram", "pauseDuration": 12, "timerDuration": 20}"#
        let put = try run(["put", "usage-events", "-", "--store", store.path], stdin: document)
        #expect(put.exit == 3 && put.stderr.contains(#"field "targetAppNmae" is not allowed; did you mean "targetAppName"?"#), "\(put)")
        #expect(put.stderr.contains("<stdin>"), "standard input is named as a parse error names it: \(put)")
        // A name like no declared one gets no guess.
        let unlike = try run(["put", "usage-events", "-", "--store", store.path],
                             stdin: document.replacingOccurrences(of: "targetAppNmae", with: "targetAppName").replacingOccurrences(of: "\"id\"", with: "\"zzzzzzzzzz\": 1, \"id\""))
        #expect(unlike.exit == 3 && unlike.stderr.contains(#"field "zzzzzzzzzz" is not allowed"#) && !unlike.stderr.contains("did you mean"), "\(unlike)")
    }
}
