#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A collection's folder index: where every document's files are, kept in `.almanac/index/`
/// (``IndexFiles``) and checked against the folders' signatures before each use, so that a
/// command costs the folders and documents it works on, not the whole collection (DESIGN §4,
/// "The folder index").
///
/// The index is a cache, local to the device and never trusted blindly: a folder whose
/// signature differs from the recorded one (a sync tool's copy, a rename, a file added by
/// hand, another process's commit) is listed again, and only the files with a new inode are
/// read. An edit inside a file changes no folder, and needs nothing from the index: the file
/// is where it was, and a read of it reads its bytes.
///
/// One value per collection and area (its live documents in `data/`, its archived ones in
/// `archive/`), cached by ``StoreReader`` at a commit clock value; its methods take its own
/// lock, since parallel readers share it.
final class FolderIndex: @unchecked Sendable {
    // Sendable: every mutable property is touched only with `lock` held.
    let collection: CollectionDescriptor
    let area: Area
    let lock = NSLock()

    /// The generation of the root this value was loaded from (0: none on disk).
    var generation: UInt64 = 0
    /// Every folder of the collection, by path below it ("" for the collection's own folder).
    var folders: [String: IndexedFolder] = [:]
    var segmentGenerations: [String: UInt64] = [:]
    var bucketGenerations: [String: UInt64] = [:]
    /// The buckets are `1 << bucketBits` (``IndexFiles/bucketBits(for:)``).
    var bucketBits = 0
    /// Ids filed in more than one folder (by key), with those folders.
    var spread: [String: [String]] = [:]
    /// The misfiled documents, by folder path.
    var misfiled: [String: [IndexedFile]] = [:]

    /// Segments read or changed, by segment name: folder path → files.
    var segmentCache: [String: [String: [IndexedFile]]] = [:]
    /// Buckets read or changed, by bucket name: lines `<key>\t<folder path>\n`.
    var bucketCache: [String: [UInt8]] = [:]
    var changedSegments: Set<String> = []
    var changedBuckets: Set<String> = []
    /// Whether anything differs from the files on disk.
    var changed = false
    /// The read attempt or write-lock hold that last checked every folder (``StoreReader/folderIndex(of:)``).
    var validatedScope: UInt64?
    /// Folders this process's commits changed since the index was last checked, with what
    /// they wrote and removed there (the files written are filed where their dates say: never
    /// read again).
    var written: [String: WrittenFolder] = [:]
    /// Folders whose signature was taken as this process's commits changed them: after a large
    /// commit, listed again once the moment has passed (``relistWrittenLocked(reader:writer:)``), so
    /// that the next process need not list them.
    var writtenUnsure: Set<String> = []
    /// The files this process's commits wrote or removed since the index was last written.
    var notedFiles = 0
    /// The folders of ids looked up ahead of a batch (``prefetch(keys:reader:)``), by key (empty:
    /// in none), as the buckets are now: dropped whenever a bucket changes.
    var prefetched = PrefetchedFolders()
    /// Files (by path below the collection's folder) a listing takes as filed without reading
    /// them, while ``load(_:reader:persisting:scope:fromScratch:trusting:)`` runs.
    var trusted: Set<String> = []
    /// Folder → the epoch of its watch (``ChangeWatch``) at which it was last checked: while
    /// the watch is at that epoch, nothing changed in it.
    var watched: [String: UInt64] = [:]

    /// Which of a collection's two folder trees an index describes.
    enum Area: Sendable {
        /// `data/<collection>/`: the documents, whose dates the index checks against their folders.
        case live
        /// `archive/<collection>/`: what retention archived, indexed by id only (an id is one
        /// document across live and archived files, so a save of a new id looks it up here).
        case archive
    }

    init(collection: CollectionDescriptor, area: Area = .live) {
        self.collection = collection
        self.area = area
    }

    var depth: Int { collection.partition?.depth ?? 0 }

    /// The indexed folder from the store root.
    var indexedPath: [String] { [area == .live ? "data" : "archive", collection.name] }

    /// The index's folder below `.almanac/index/` (``IndexFiles/name(of:archive:)``).
    var indexName: String { IndexFiles.name(of: collection.name, archive: area == .archive) }

    static func components(_ path: String) -> [String] {
        path.isEmpty ? [] : path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    static func path(_ folders: [String]) -> String { folders.joined(separator: "/") }
}

/// Lookups, valid once ``StoreReader/folderIndex(of:)`` returned the value.
extension FolderIndex {
    /// Every file of the document whose key (``DocumentID/key(_:)``) is `key`, in date order,
    /// its own `<id>.json` first; `nil` when no folder holds it.
    func files(ofKey key: String, reader: StoreReader) throws -> DocumentFiles? {
        try lock.withLock {
            var primaries: [DocumentLocation] = []
            var copies: [DocumentLocation] = []
            var spelled: String?
            for path in try foldersLocked(holding: key, reader: reader).sorted() {
                let components = Self.components(path)
                for file in try filesLocked(in: path, reader: reader) where DocumentID.key(file.id) == key {
                    let location = file.location(collection: collection.name, folders: components)
                    if file.isCopy { copies.append(location) } else { primaries.append(location) }
                    if spelled == nil || !file.isCopy && primaries.count == 1 { spelled = file.id }
                }
            }
            let locations = primaries + copies
            guard let spelled, !locations.isEmpty else { return nil }
            return DocumentFiles(id: spelled, locations: locations)
        }
    }

    /// The documents filed in more than one folder, at least one of them a folder of `days`
    /// (any, when `nil`).
    func spreadKeys(inRange days: ClosedRange<CalendarDate>?) -> [String] {
        lock.withLock {
            spread.compactMap { key, folders in
                guard let days else { return key }
                return folders.contains { DateFolder.contains(Self.components($0), within: days) } ? key : nil
            }
        }
    }

    /// The misfiled documents whose date is among `days` and whose folder is not.
    func misfiledDocuments(dated days: ClosedRange<CalendarDate>) -> [(location: DocumentLocation, day: CalendarDate)] {
        lock.withLock {
            var found: [(DocumentLocation, CalendarDate)] = []
            for (path, files) in misfiled.sorted(by: { $0.key < $1.key }) {
                let components = Self.components(path)
                guard !DateFolder.contains(components, within: days) else { continue }
                for file in files {
                    guard case .misfiled(let day) = file.state, days.contains(day) else { continue }
                    found.append((file.location(collection: collection.name, folders: components), day))
                }
            }
            return found
        }
    }

    /// How many documents the collection holds, and the files among them this process could
    /// not read when their folder was last listed (or looked at again).
    func documentCount(reader: StoreReader) throws -> (documents: Int, unreadable: [DocumentLocation]) {
        try lock.withLock {
            var total = 0
            var unsureFolders: [String] = []
            for (path, folder) in folders where folder.holdsDocuments {
                total += folder.documents
                if folder.unreadable > 0 { unsureFolders.append(path) }
            }
            for (_, paths) in spread { total -= paths.count - 1 }
            var unsure: [DocumentLocation] = []
            for path in unsureFolders.sorted() {
                for file in try filesLocked(in: path, reader: reader) where file.state == .unreadable && !file.isCopy {
                    unsure.append(file.location(collection: collection.name, folders: Self.components(path)))
                }
            }
            return (total, unsure)
        }
    }

    func foldersLocked(holding key: String, reader: StoreReader) throws -> [String] {
        if let known = prefetched[key] { return known }
        return Self.folders(holding: key, in: try bucketLocked(IndexFiles.bucket(ofKey: key, bits: bucketBits), reader: reader))
    }

    /// Looks up the folders of every one of `keys` at once, bucket by bucket, one pass over each
    /// bucket's lines, for a batch about to look them up one by one: a batch into a large
    /// collection touches every bucket, and only a few stay cached, so each lookup would read
    /// its bucket from disk again.
    func prefetch(keys: Set<String>, reader: StoreReader) throws {
        try lock.withLock {
            var byBucket: [String: Set<String>] = [:]
            for key in keys where prefetched[key] == nil { byBucket[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []].insert(key) }
            prefetched.reserve(keys.count, length: keys.first?.utf8.count ?? 0)
            for (name, wanted) in byBucket {
                let found = Self.folders(holding: wanted, in: try bucketLocked(name, reader: reader))
                for key in wanted { prefetched.record(key, folders: found[key] ?? []) }
            }
        }
    }

    /// Lets go of the ids looked up ahead of a batch.
    func forgetPrefetched() {
        lock.withLock { prefetched = PrefetchedFolders() }
    }

    /// The folders the bucket `lines` gives for each of `keys`, in one pass over its bytes:
    /// each line's key is hashed where it lies, and only a line whose hash is one of theirs is
    /// decoded.
    static func folders(holding keys: Set<String>, in lines: [UInt8]) -> [String: [String]] {
        var hashes: Set<UInt64> = []
        for key in keys { hashes.insert(IndexFiles.hash(IndexFiles.escaped(key).utf8)) }
        var found: [String: [String]] = [:]
        let tab = Int32(UInt8(ascii: "\t"))
        eachLine(of: lines) { bytes, line in
            guard let base = bytes.baseAddress,
                  let split = memchr(base + line.lowerBound, tab, line.count).map({ base.distance(to: UnsafeRawPointer($0)) }),
                  hashes.contains(IndexFiles.hash(UnsafeRawBufferPointer(rebasing: bytes[line.lowerBound..<split])))
            else { return }
            let key = IndexFiles.text(UnsafeRawBufferPointer(rebasing: bytes[line.lowerBound..<split]))
            if keys.contains(key) { found[key, default: []].append(IndexFiles.text(UnsafeRawBufferPointer(rebasing: bytes[(split + 1)..<line.upperBound]))) }
        }
        return found
    }

    /// The folders the bucket `lines` gives for `key`: a scan of its bytes, no line decoded
    /// but the matching ones.
    static func folders(holding key: String, in lines: [UInt8]) -> [String] {
        let prefix = Array(IndexFiles.escaped(key).utf8) + [UInt8(ascii: "\t")]
        var found: [String] = []
        prefix.withUnsafeBytes { (wanted: UnsafeRawBufferPointer) in
            guard let wantedBase = wanted.baseAddress else { return }
            eachLine(of: lines) { bytes, line in
                guard let base = bytes.baseAddress, line.count >= wanted.count, memcmp(base + line.lowerBound, wantedBase, wanted.count) == 0 else { return }
                found.append(IndexFiles.text(UnsafeRawBufferPointer(rebasing: bytes[(line.lowerBound + wanted.count)..<line.upperBound])))
            }
        }
        return found
    }

    /// Calls `body` with the bytes of `lines` and the range of each line (without its newline),
    /// found with `memchr`: a lookup scans a bucket's lines, once per id saved or read.
    private static func eachLine(of lines: [UInt8], _ body: (UnsafeRawBufferPointer, Range<Int>) -> Void) {
        var scanned = 0
        defer { WorkCounter.count(.entriesCompared, scanned) }
        let newline = Int32(UInt8(ascii: "\n"))
        lines.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var start = 0
            while start < count {
                var end = count
                if let found = memchr(base + start, newline, count - start) { end = base.distance(to: UnsafeRawPointer(found)) }
                scanned += 1
                body(bytes, start..<end)
                start = end + 1
            }
        }
    }
}
