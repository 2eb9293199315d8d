import Testing

@testable import Almanac

/// The notes of the files a commit wrote into a folder (``WrittenFiles``, ``WrittenFolder``):
/// held sorted, found by name, and merged with a later commit's as the index takes them in.
@Suite("Written files")
struct WrittenFilesTests {
    static func entry(_ name: String, inode: UInt64 = 1, stored: Bool = false) -> WrittenFiles.Entry {
        WrittenFiles.Entry(file: IndexedFile(name: name + ".json", inode: inode, id: name, isCopy: false, state: .filed), mayBeStored: stored)
    }

    @Test("5,000 files given in any order are found by name, in name order, and no other name is")
    func findsByName() {
        let names = (0..<5_000).map { "doc-\(($0 * 7_919) % 5_000)" }
        let files = WrittenFiles(names.map { Self.entry($0) })
        #expect(files.count == 5_000)
        #expect(files.all.map(\.name) == names.map { $0 + ".json" }.sorted())
        for name in names { #expect(files[name + ".json"]?.id == name) }
        for other in ["doc-5000.json", "doc-1", "", "DOC-1.json", "doc-1.json "] { #expect(files[other] == nil, "\(other)") }
        #expect(WrittenFiles()["a.json"] == nil && WrittenFiles().isEmpty)
    }

    @Test("a name given twice is held once")
    func nameGivenTwice() {
        let files = WrittenFiles([Self.entry("b"), Self.entry("a", inode: 4), Self.entry("b", inode: 9)])
        #expect(files.all.map(\.name) == ["a.json", "b.json"])
    }

    @Test("a later commit's note replaces the files it wrote, drops the ones it removed, and marks a file removed then written as maybe stored")
    func mergesALaterCommit() {
        var earlier = WrittenFolder()
        earlier.files = WrittenFiles([Self.entry("a"), Self.entry("b"), Self.entry("c", stored: true)])
        earlier.removed = ["d.json"]
        var later = WrittenFolder()
        later.files = WrittenFiles([Self.entry("b", inode: 2), Self.entry("d", inode: 3)])
        later.removed = ["c.json"]
        earlier.merge(later)
        #expect(earlier.files.all.map(\.name) == ["a.json", "b.json", "d.json"])
        #expect(earlier.files["b.json"]?.inode == 2)
        #expect(earlier.removed == ["c.json"])
        let stored = Dictionary(uniqueKeysWithValues: earlier.files.entries.map { ($0.file.name, $0.mayBeStored) })
        #expect(stored == ["a.json": false, "b.json": false, "d.json": true])
        #expect(earlier.isComplete == false, "no signature")
    }
}
