import Foundation
import Testing

@testable import Almanac

/// The folder index (`.almanac/index/`): a command costs the folders and documents it works
/// on, and what changed under the index (a sync tool's copy, a rename, a torn file, another
/// store's commit) is seen, never trusted away.
@Suite("Folder index")
struct FolderIndexTests {
    /// A store with 30 events, one a day from 2025-01-01 (UTC), written and its session ended
    /// (the index is written when a write session ends).
    func storeWithEvents(_ folder: TemporaryFolder) throws -> Store {
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        try store.save(contentsOf: (0..<30).map { day in
            LoggedEvent(id: "e\(day)", timestamp: instant("2025-01-01T12:00:00Z").addingTimeInterval(Double(day) * 86_400), kind: "k")
        })
        store.finishWriting()
        return store
    }

    func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    func events(_ store: Store) -> String { store.url.appendingPathComponent("data/events").path }

    /// Moves `from` to `to` (paths below the store) as a sync tool writes: a temporary file
    /// renamed into place, so the folder's entries change.
    func syncCopy(_ store: Store, from: String, to: String, move: Bool = false) throws {
        let source = store.url.appendingPathComponent(from)
        let target = store.url.appendingPathComponent(to)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".syncthing.tmp")
        try Data(contentsOf: source).write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: target)
        if move { try FileManager.default.removeItem(at: source) }
    }

    @Test("once the index is written, a count lists no folder and a range read lists only its own")
    func costFollowsTheWork() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        // A folder changed within 50 ms (2 s where times are whole seconds) of being looked at
        // may hide a change made in the same clock tick ("racily clean"): listed again until older.
        Thread.sleep(forTimeInterval: 2.1)
        _ = try Store(at: store.url).count(matching: Query("events"))  // lists them once more, and records that
        let fresh = try Store(at: store.url)
        var count = 0
        let counted = try TestHooks.recordingFolderListings(under: events(store)) {
            count = try fresh.count(matching: Query("events"))
        }
        #expect(count == 30)
        #expect(counted.isEmpty, "a count of an unchanged collection lists nothing: \(counted)")

        let ranged = try Store(at: store.url)
        var found: [StoredDocument] = []
        let listed = try TestHooks.recordingFolderListings(under: events(store)) {
            found = try ranged.documents(matching: Query("events").dated(from: day("2025-01-10"), through: day("2025-01-12")))
            #expect(try ranged.misfiledDocuments(dated: Query("events").dated(from: day("2025-01-10"), through: day("2025-01-12"))).isEmpty)
        }
        #expect(found.map(\.location.id) == ["e9", "e10", "e11"])
        // The range's day folders, and the year and month folders above them (the walk finds them there).
        let allowed = ["", "/2025", "/2025/01", "/2025/01/10", "/2025/01/11", "/2025/01/12"].map { events(store) + $0 }
        #expect(!listed.isEmpty && listed.allSatisfy(allowed.contains), "only the range's folders are listed: \(listed)")
        #expect(FileManager.default.fileExists(atPath: store.url.appendingPathComponent(".almanac/index/events/root").path))
    }

    @Test("a sync tool's copy of a document into another date folder is one document, seen by counts, reads and saves")
    func aCopyInAnotherFolderIsOneDocument() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        _ = try Store(at: store.url).count(matching: Query("events"))
        try syncCopy(store, from: "data/events/2025/01/11/e10.json", to: "data/events/2025/01/20/e10.json")

        let fresh = try Store(at: store.url)
        #expect(try fresh.count(matching: Query("events")) == 30)
        let versions = try #require(try fresh.reader.versionFiles(of: "e10", in: fresh.collection(named: "events")))
        #expect(Set(versions.locations.map(\.relativePath)) == ["data/events/2025/01/11/e10.json", "data/events/2025/01/20/e10.json"])
        // A range read of either folder meets the document once, with its other version.
        let twentieth = try fresh.documents(matching: Query("events").dated(from: day("2025-01-20"), through: day("2025-01-20")))
        #expect(twentieth.filter { $0.location.id == "e10" }.count <= 1)
        #expect(try fresh.documents(matching: Query("events").dated(from: day("2025-01-11"), through: day("2025-01-20"))).filter { $0.location.id == "e10" }.count == 1)

        // A save replaces every version: one file left, in the folder its date names.
        try Store(at: store.url).save(LoggedEvent(id: "e10", timestamp: instant("2025-01-11T12:00:00Z"), kind: "saved"))
        let after = try Store(at: store.url)
        #expect(try after.count(matching: Query("events")) == 30)
        #expect(try after.reader.versionFiles(of: "e10", in: after.collection(named: "events")) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("data/events/2025/01/20/e10.json").path))
        #expect(try after.document(LoggedEvent.self, id: "e10")?.kind == "saved")
    }

    @Test("a file moved by hand into another date folder is reported misfiled by a read of its date's range")
    func aMovedFileIsMisfiled() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        _ = try Store(at: store.url).count(matching: Query("events"))
        try syncCopy(store, from: "data/events/2025/01/06/e5.json", to: "data/events/2025/01/25/e5.json", move: true)

        let fresh = try Store(at: store.url)
        let misfiled = try fresh.misfiledDocuments(dated: Query("events").dated(from: day("2025-01-01"), through: day("2025-01-07")))
        #expect(misfiled.map(\.path) == ["data/events/2025/01/25/e5.json"])
        #expect(misfiled.first?.code == .misfiled)
        // Asked again by another process, the index still knows (it is not a one-time notice).
        #expect(try Store(at: store.url).misfiledDocuments(dated: Query("events").dated(from: day("2025-01-06"), through: day("2025-01-06"))).count == 1)
        // A date edited inside a file, in place, moves no folder entry: check reads every file.
        let inPlace = store.url.appendingPathComponent("data/events/2025/01/08/e7.json")
        let text = try String(contentsOf: inPlace, encoding: .utf8).replacingOccurrences(of: "2025-01-08T", with: "2025-03-08T")
        let handle = try FileHandle(forWritingTo: inPlace)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        let report = try Store(at: store.url).check()
        #expect(report.problems.contains { $0.path == "data/events/2025/01/08/e7.json" }, "\(report.problems)")
    }

    @Test("a torn, foreign or damaged index file is noticed and rebuilt, never trusted")
    func damagedIndexFilesAreRebuilt() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        _ = try Store(at: store.url).count(matching: Query("events"))
        let index = store.url.appendingPathComponent(".almanac/index/events")
        let bucket = index.appendingPathComponent("b/\(IndexFiles.bucket(ofKey: "e12", bits: 0))")  // 30 documents: one bucket
        let segments = try FileManager.default.contentsOfDirectory(atPath: index.appendingPathComponent("s").path)
        #expect(!segments.isEmpty)
        let damages: [(String, () throws -> Void)] = [
            ("a truncated root", { try Data("almanac-index 2\ng\t9\nd\t".utf8).write(to: index.appendingPathComponent("root")) }),
            ("a bucket of garbage", { try Data("almanac-index-bucket 1\ng\t1\ne12\t2024/09/09\nsum 0\n".utf8).write(to: bucket) }),
            ("a segment with a byte changed", {
                let segment = index.appendingPathComponent("s/\(segments[0])")
                var bytes = try Data(contentsOf: segment)
                bytes[bytes.count / 2] ^= 0x20
                try bytes.write(to: segment)
            }),
            ("the index removed", { try FileManager.default.removeItem(at: index) }),
        ]
        for (name, damage) in damages {
            _ = try Store(at: store.url).count(matching: Query("events"))  // a sound index first
            try damage()
            let fresh = try Store(at: store.url)
            #expect(try fresh.count(matching: Query("events")) == 30, "\(name)")
            #expect(try fresh.document(LoggedEvent.self, id: "e12")?.id == "e12", "\(name)")
            #expect(try fresh.documents(matching: Query("events").dated(from: day("2025-01-13"), through: day("2025-01-13"))).map(\.location.id) == ["e12"], "\(name)")
        }
    }

    @Test("a long-lived store sees another store's commit and a file removed by hand at its next read")
    func aLongLivedStoreSeesOtherChanges() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let reader = try Store(at: store.url)
        #expect(try reader.count(matching: Query("events")) == 30)

        let other = try Store(at: store.url)
        try other.save(LoggedEvent(id: "late", timestamp: instant("2025-06-01T12:00:00Z"), kind: "k"))
        other.finishWriting()
        #expect(try reader.count(matching: Query("events")) == 31)
        #expect(try reader.document(LoggedEvent.self, id: "late")?.id == "late")

        try FileManager.default.removeItem(at: store.url.appendingPathComponent("data/events/2025/01/03/e2.json"))
        #expect(try reader.count(matching: Query("events")) == 30)
        #expect(try reader.document(LoggedEvent.self, id: "e2") == nil)
        try syncCopy(store, from: "data/events/2025/01/04/e3.json", to: "data/events/2025/01/04/e3.sync-conflict-20250104-120000-ABCDEFG.json")
        #expect(try reader.count(matching: Query("events")) == 30)
        #expect(try reader.reader.versionFiles(of: "e3", in: reader.collection(named: "events"))?.locations.count == 2)
    }

    @Test("a save takes its own files into the index without listing its folder; a file another put there meanwhile is seen at the next read")
    func savesListNoFolder() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let at = instant("2025-01-05T08:00:00Z")
        try store.save(LoggedEvent(id: "first", timestamp: at, kind: "k"))
        let listed = try TestHooks.recordingFolderListings(under: events(store)) {
            for n in 0..<5 { try store.save(LoggedEvent(id: "n\(n)", timestamp: at, kind: "k")) }
            try store.save(LoggedEvent(id: "n0", timestamp: at, kind: "changed"))
            #expect(try store.delete(LoggedEvent.self, id: "n1"))
        }
        #expect(listed.isEmpty, "saves into a folder the index knows list nothing: \(listed)")
        #expect(try store.count(matching: Query("events")) == 35)
        #expect(try Store(at: store.url).count(matching: Query("events")) == 35)
        #expect(try store.document(LoggedEvent.self, id: "n0")?.kind == "changed")

        // A file put beside the store's save, just before it: the save's signature of the folder
        // includes it, so the folder is listed again at the next read, and the file is seen.
        let day5 = store.url.appendingPathComponent("data/events/2025/01/05")
        let copied = try String(contentsOf: day5.appendingPathComponent("n2.json"), encoding: .utf8).replacingOccurrences(of: "\"n2\"", with: "\"byhand\"")
        #expect(copied.contains("byhand"))
        try copied.write(to: day5.appendingPathComponent("byhand.json"), atomically: true, encoding: .utf8)
        try store.save(LoggedEvent(id: "last", timestamp: at, kind: "k"))
        #expect(try store.count(matching: Query("events")) == 37)
        #expect(try store.reader.location(of: "byhand", in: store.collection(named: "events"))?.relativePath == "data/events/2025/01/05/byhand.json")
        store.finishWriting()
        #expect(try Store(at: store.url).count(matching: Query("events")) == 37)
    }
    @Test("commits taken in together: a new document, one deleted then saved again, one saved twice, each in the index once")
    func commitsTakenInTogether() throws {
        let folder = TemporaryFolder()
        let first = try storeWithEvents(folder)
        // A long linger: the commits are noted, and taken into the index together when the session ends.
        let store = try Store(at: first.url, options: Store.Options(lockLinger: 60))
        let at = instant("2025-01-05T08:00:00Z")
        try store.save(LoggedEvent(id: "new", timestamp: at, kind: "k"))
        #expect(try store.delete(LoggedEvent.self, id: "e4"))
        try store.save(LoggedEvent(id: "e4", timestamp: at, kind: "again"))
        try store.save(LoggedEvent(id: "twice", timestamp: at, kind: "k"))
        try store.save(LoggedEvent(id: "twice", timestamp: at, kind: "k2"))
        store.finishWriting()
        let index = try #require(store.reader.caches.withLock { $0.folderIndexes["events"] })
        let files = try index.lock.withLock { try index.filesLocked(in: "2025/01/05", reader: store.reader) }
        #expect(files.map(\.id).sorted() == ["e4", "new", "twice"], "\(files)")
        #expect(try store.reader.documentFiles(of: "E4", in: store.collection(named: "events"))?.locations.count == 1)
        let reopened = try Store(at: store.url)
        #expect(try reopened.count(matching: Query("events")) == 32)
        #expect(try reopened.document(LoggedEvent.self, id: "e4")?.kind == "again")
        #expect(try reopened.check().isClean)
    }

    @Test("a save taken into the index keeps its folder's other files when looking up its ids lets go of cached segments")
    func takingASaveInKeepsTheFolder() throws {
        let folder = TemporaryFolder()
        let first = try storeWithEvents(folder)
        // A long linger: the save is taken into the index when the session ends, below.
        let store = try Store(at: first.url, options: Store.Options(lockLinger: 60))
        _ = try store.collection(named: "events")
        try store.save(LoggedEvent(id: "second", timestamp: instant("2025-01-05T08:00:00Z"), kind: "k"))
        // Taken as the commit left it (a use would take the save in at once).
        let index = try #require(store.reader.caches.withLock { $0.folderIndexes["events"] })
        #expect(index.lock.withLock { !index.written.isEmpty })
        index.lock.withLock {
            // As in a large collection: the id's bucket is read from disk again, and many read
            // buckets and segments are cached, so that the read lets go of every unchanged segment.
            index.bucketCache = [:]
            for number in 0..<80 { index.bucketCache["x\(number)"] = [] }
            for number in 0..<20 { index.segmentCache["y\(number)"] = [:] }
        }
        store.finishWriting()
        let files = try index.lock.withLock { try index.filesLocked(in: "2025/01/05", reader: store.reader) }
        #expect(Set(files.map(\.id)) == ["e4", "second"], "\(files)")
        #expect(try Store(at: store.url).count(matching: Query("events")) == 31)
    }

    @Test("an index file's lines are read only when its seal holds and its first line is the header, and a reader can stop early")
    func sealedLines() {
        func lines(_ bytes: [UInt8], header: String = "h 1", stopAfter: Int = .max) -> [[String]]? {
            var seen: [[String]] = []
            let sound = IndexFiles.eachLine(of: bytes, header: header) { fields in
                seen.append(fields.texts(from: 0))
                return seen.count < stopAfter
            }
            return sound ? seen : (seen.isEmpty ? nil : seen)
        }
        let body = Array("h 1\ng\t7\nd\t2025/01\t\t%09tab\n".utf8)
        let sealed = IndexFiles.sealed(body)
        #expect(lines(sealed) == [["g", "7"], ["d", "2025/01", "", "\ttab"]])
        #expect(lines(IndexFiles.sealed(Array("h 1\n".utf8))) == [])
        #expect(lines(sealed, header: "h 2") == nil, "another header")
        #expect(lines(Array(sealed.dropLast())) == nil, "no newline at the end")
        #expect(lines(Array(sealed.dropLast(3)) + Array("0\n".utf8)) == nil, "another checksum")
        var flipped = sealed
        flipped[6] ^= 0x01
        #expect(lines(flipped) == nil, "a byte changed")
        #expect(lines(Array("sum 0\n".utf8)) == nil, "no header")
        #expect(lines([]) == nil)
        #expect(lines(sealed, stopAfter: 1) == [["g", "7"]], "stopped after the first line: not sound, one line read")
        let stopped = IndexFiles.eachLine(of: sealed, header: "h 1") { _ in false }
        #expect(!stopped)
    }
}
