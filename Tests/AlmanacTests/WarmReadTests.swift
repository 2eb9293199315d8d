import Foundation
import Testing

@testable import Almanac

/// Warm reads in a long-lived store: served from memory, decoded, while the folders' watch
/// (inotify) saw no change; and on the polling path (Apple systems, no watch) by a look at each
/// file. Either way a hand edit, another process's save, a sync tool's copy and a rename are
/// seen by the next read.
@Suite("Warm reads")
struct WarmReadTests {
    let january = Query("events").dated(from: CalendarDate("2025-01-01")!, through: CalendarDate("2025-01-31")!)

    /// A store with 30 events, one a day from 2025-01-01 (UTC), old enough to be remembered
    /// (a file changed within the last second is read, not kept).
    func storeWithEvents(_ folder: TemporaryFolder, options: Store.Options = .init()) throws -> Store {
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC", options: options)
        try store.save(contentsOf: (0..<30).map { day in
            LoggedEvent(id: "e\(day)", timestamp: instant("2025-01-01T12:00:00Z").addingTimeInterval(Double(day) * 86_400), kind: "k")
        })
        store.finishWriting()
        Thread.sleep(forTimeInterval: DocumentCache.settleNanoseconds.seconds + 0.1)
        return try Store(at: store.url, options: options)
    }

    func file(_ store: Store, _ path: String) -> URL { store.url.appendingPathComponent("data/events/" + path) }

    func kinds(_ store: Store) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try store.documents(LoggedEvent.self, matching: january).map { ($0.id, $0.kind) })
    }

    /// Reads the month twice (the second makes and fills the watch), then once more recording
    /// the files looked at; then changes the store four ways, each seen by the next read.
    func seesEveryChange(_ store: Store) throws -> [String] {
        #expect(try kinds(store).count == 30)
        #expect(try kinds(store).count == 30)
        var count = 0
        let looked = try TestHooks.recordingFileLooks(under: store.url.path + "/data") { count = try kinds(store).count }
        #expect(count == 30)

        // A hand edit in place: same inode, no rename, the folder's entries unchanged.
        let handle = try FileHandle(forUpdating: file(store, "2025/01/06/e5.json"))
        let text = try String(contentsOf: file(store, "2025/01/06/e5.json"), encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"kind\" : \"k\"", with: "\"kind\" : \"h\"")
            .replacingOccurrences(of: "\"kind\": \"k\"", with: "\"kind\": \"h\"")
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        #expect(try kinds(store)["e5"] == "h")

        // Another process's save.
        let other = try Store(at: store.url)
        try other.save(LoggedEvent(id: "e6", timestamp: instant("2025-01-07T12:00:00Z"), kind: "other"))
        other.finishWriting()
        #expect(try kinds(store)["e6"] == "other")

        // A sync tool's copy beside a document: one document, with another version.
        let copy = file(store, "2025/01/08/e7.sync-conflict-20250108-120000-ABCDEFG.json")
        try Data(contentsOf: file(store, "2025/01/08/e7.json")).write(to: copy)
        #expect(try kinds(store).count == 30)
        #expect(try store.reader.versionFiles(of: "e7", in: store.collection(named: "events"))?.locations.count == 2)

        // A rename by hand into another day's folder: found there, by the read and the index.
        try FileManager.default.moveItem(at: file(store, "2025/01/09/e8.json"), to: file(store, "2025/01/20/e8.json"))
        #expect(try store.documents(matching: Query("events").dated(from: CalendarDate("2025-01-09")!, through: CalendarDate("2025-01-09")!)).isEmpty)
        #expect(try store.reader.location(of: "e8", in: store.collection(named: "events"))?.relativePath == "data/events/2025/01/20/e8.json")
        #expect(try kinds(store).count == 30)
        return looked
    }

    @Test("on the watching path a warm read looks at no file, and sees a hand edit, another's save, a copy and a rename at once")
    func watchingPath() throws {
        #if os(Linux)
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let looked = try seesEveryChange(store)
        #expect(store.reader.warm.watch != nil)
        #expect(looked.isEmpty, "a warm read comes from memory: \(looked.count) files looked at")
        #endif
    }

    @Test("on the polling path (Apple systems: no watch) a warm read looks at each file, and sees every change the same")
    func pollingPath() throws {
        let folder = TemporaryFolder()
        let prepared = try storeWithEvents(folder)
        try TestHooks.withApplePath(under: prepared.url.path) {
            let store = try Store(at: prepared.url)
            let looked = try seesEveryChange(store)
            #expect(store.reader.warm.watch == nil)
            #expect(looked.count == 30, "each remembered file is looked at: \(looked.count)")
        }
    }

    @Test("a limited query run again while its folders are unchanged is answered from memory, and sees an edit, a save and a new day folder at once")
    func limitedQueryMemo() throws {
        #if os(Linux)
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder)
        let newest = Query("events").sorted(by: "timestamp", descending: true).limit(3)
        func ids() throws -> [String] { try store.documents(LoggedEvent.self, matching: newest).map { "\($0.id):\($0.kind)" } }
        #expect(try ids() == ["e29:k", "e28:k", "e27:k"])
        #expect(try ids() == ["e29:k", "e28:k", "e27:k"])
        var answered: [String] = []
        let listed = try TestHooks.recordingFolderListings(under: store.url.path) { answered = try ids() }
        #expect(answered == ["e29:k", "e28:k", "e27:k"])
        #expect(listed.isEmpty, "answered from memory: \(listed)")

        // An edit in place of one of them.
        let path = file(store, "2025/01/29/e28.json")
        let text = try String(contentsOf: path, encoding: .utf8)
        let handle = try FileHandle(forUpdating: path)
        try handle.write(contentsOf: Data(text.replacingOccurrences(of: "\"k\"", with: "\"h\"").utf8))
        try handle.close()
        #expect(try ids() == ["e29:k", "e28:h", "e27:k"])
        // A save by another process, in a new day folder.
        let other = try Store(at: store.url)
        try other.save(LoggedEvent(id: "late", timestamp: instant("2025-03-01T12:00:00Z"), kind: "k"))
        other.finishWriting()
        #expect(try ids() == ["late:k", "e29:k", "e28:h"])
        // A document removed by hand from a folder the walk read.
        try FileManager.default.removeItem(at: file(store, "2025/01/30/e29.json"))
        #expect(try ids() == ["late:k", "e28:h", "e27:k"])
        #endif
    }

    @Test("the memory budget bounds what a long-lived store keeps")
    func memoryBudget() throws {
        let folder = TemporaryFolder()
        let store = try storeWithEvents(folder, options: Store.Options(memoryBudget: 4_096))
        #expect(try kinds(store).count == 30)
        #expect(try kinds(store).count == 30)
        #expect(store.reader.documentCache.count > 0 && store.reader.documentCache.count < 10, "\(store.reader.documentCache.count) kept")
        let roomy = try Store(at: store.url)
        #expect(try kinds(roomy).count == 30)
        #expect(roomy.reader.documentCache.count == 30)
    }
}

extension Int64 {
    /// Nanoseconds as seconds.
    fileprivate var seconds: Double { Double(self) / 1_000_000_000 }
}
