import Foundation

/// Loading an index from `.almanac/index/`, and writing back what changed.
extension FolderIndex {
    /// The index of `collection` as the folders are now: the one on disk brought up to date,
    /// or, when there is none (or it cannot be trusted), one made by listing the collection.
    ///
    /// - Parameter persisting: write back what changed (not while a commit is being put in
    ///   place: the running read then sees the folders through the commit's journal).
    /// - Parameter trusting: files (by path below the collection's folder) a listing takes as
    ///   filed where their dates say, unread: the ones a migration just moved in.
    /// - Parameter area: the collection's live documents, or its archived ones.
    static func load(
        _ collection: CollectionDescriptor, area: Area = .live, reader: StoreReader, persisting: Bool, scope: UInt64? = nil,
        fromScratch: Bool = false, trusting: Set<String> = []
    ) throws -> FolderIndex {
        var attempt = 0
        while true {
            attempt += 1
            let index = FolderIndex(collection: collection, area: area)
            index.trusted = trusting
            defer { index.trusted = [] }
            // A root written by another process between two of our reads names files of a
            // generation we did not read: read it all again; after that, list the folders.
            var fromDisk = false
            if attempt < 3, !fromScratch, let bytes = try? reader.openFolders(IndexFiles.path(of: index.indexName))?.readFile(IndexFiles.root) {
                fromDisk = index.decodeRoot(bytes, calendar: reader.calendar.signature)
            }
            // A whole listing starts with every bucket, so that no bucket holds a million ids
            // while it is worked out; writing it merges them as the collection's size suits.
            if !fromDisk { index.bucketBits = 10 }
            do {
                try index.lock.withLock {
                    // A full listing writes each month as it finishes it. A folder that is not
                    // there (a collection nothing was archived from) needs no index files.
                    let writer = try persisting && !fromDisk && reader.openFolders(index.indexedPath) != nil
                        ? IndexWriter(root: reader.root, index: index.indexName, loaded: 0, replacing: true) : nil
                    defer { writer?.release() }
                    try index.validateLocked(reader: reader, writer: writer)
                    index.validatedScope = scope
                    if persisting { index.persistLocked(reader: reader, writer: writer) }
                }
                return index
            } catch is Inconsistent where attempt < 3 {
                continue
            }
        }
    }

    /// Checks the index against the folders again: every folder's signature, unless it was
    /// checked already in `scope` (the same read attempt, or write-lock hold), or `onlyWritten`;
    /// and the folders this process's commits changed since. Then writes the index when `persisting`.
    ///
    /// - Parameter relisting: before writing, list again the folders this process's commits
    ///   wrote (``relistWrittenLocked(reader:writer:)``): after a large commit.
    func revalidate(reader: StoreReader, scope: UInt64?, persisting: Bool, onlyWritten: Bool = false, relisting: Bool = false) throws {
        try lock.withLock {
            // Many files written by small commits (`resolve`, one document at a time) leave
            // their folders listed again as a large commit's are, when the session's end
            // writes the index.
            let relisting = relisting || persisting && onlyWritten && notedFiles >= Self.relistingFiles
            // A new folder is listed below: after the moment, so that the listing is sure of it.
            if relisting { waitForWrittenLocked() }
            // After a large commit, the folders listed below write each month as they finish it:
            // 100,000 new documents are never all held as index records at once.
            // An index of nothing (a collection nothing was archived from) writes no files.
            let writer = persisting && relisting && reader.view?.overlay == nil && !(folders.isEmpty && written.isEmpty)
                ? IndexWriter(root: reader.root, index: indexName, loaded: generation, replacing: false) : nil
            defer { writer?.release() }
            if !onlyWritten, scope == nil || scope != validatedScope {
                try validateLocked(reader: reader, writer: writer)
                validatedScope = scope
            } else if !written.isEmpty {
                var edits = BucketEdits()
                try applyWrittenLocked(reader: reader, edits: &edits, writer: writer)
                try applyLocked(&edits, reader: reader, writer: writer)
            }
            if !written.isEmpty {
                // The rest are listed again; a new folder by listing its nearest recorded ancestor.
                var paths: Set<String> = []
                for path in written.keys {
                    var components = Self.components(path)
                    while !components.isEmpty, folders[Self.path(components)] == nil { components.removeLast() }
                    paths.insert(Self.path(components))
                }
                // The listing changes the buckets, which lets go of the ids looked up ahead of a
                // batch: let go of them before it, not after.
                prefetched = PrefetchedFolders()
                try validateLocked(reader: reader, writer: writer, only: paths)
            }
            if persisting {
                if relisting { try relistWrittenLocked(reader: reader, writer: writer) } else { writtenUnsure = [] }
                notedFiles = 0
                persistLocked(reader: reader, writer: writer)
            }
        }
    }

    /// How many files this process's commits wrote or removed since the index was last
    /// written make its writing list their folders again first (``relistWrittenLocked(reader:writer:)``),
    /// as after one large commit of as many.
    static let relistingFiles = 256

    /// Notes a commit of this process: what it changed in each folder (by path), taken in at
    /// the next use of the index.
    func noteWritten(_ changes: [String: WrittenFolder]) {
        lock.withLock {
            for (path, change) in changes {
                notedFiles += change.files.count + change.removed.count
                if written[path] == nil { written[path] = change } else { written[path]?.merge(change) }
            }
        }
    }

    /// Writes the changed segments and buckets, then the root naming them; nothing when
    /// another process holds the index lock or wrote the index since this one was read.
    func persistLocked(reader: StoreReader, writer given: IndexWriter?) {
        guard changed, reader.view?.overlay == nil else { return }
        guard let writer = given ?? IndexWriter(root: reader.root, index: indexName, loaded: generation, replacing: false) else { return }
        defer { if given == nil { writer.release() } }
        for name in changedSegments { writeSegmentLocked(name, with: writer) }
        guard changedSegments.isEmpty else { return }
        let stale = (try? rebucketLocked(reader: reader)) ?? []
        for name in changedBuckets {
            guard let lines = bucketCache[name], writer.writeBucket(name, Self.encodedBucket(lines, generation: writer.generation)) else { return }
            bucketGenerations[name] = writer.generation
        }
        changedBuckets = []
        guard writer.writeRoot(encodedRoot(generation: writer.generation, calendar: reader.calendar.signature)) else { return }
        for name in stale { writer.removeBucket(name) }
        generation = writer.generation
        changed = false
        trimCachesLocked()
    }

    /// Spreads the ids over as many buckets as the collection's size suits, when that is more
    /// than now, or far fewer (``IndexFiles/idsPerBucket``); returns the bucket files no longer used.
    private func rebucketLocked(reader: StoreReader) throws -> [String] {
        let documents = folders.values.reduce(0) { $0 + $1.documents }
        let bits = IndexFiles.bucketBits(for: documents)
        guard bits > bucketBits || bits + 2 < bucketBits else { return [] }
        let onDisk = Set(bucketGenerations.keys)
        let old = onDisk.union(bucketCache.keys)
        var buckets: [String: [UInt8]] = [:]
        for name in old {
            for line in try bucketLocked(name, reader: reader).split(separator: UInt8(ascii: "\n")) {
                let key = IndexFiles.text(line.prefix { $0 != UInt8(ascii: "\t") })
                buckets[IndexFiles.bucket(ofKey: key, bits: bits), default: []] += line + [UInt8(ascii: "\n")]
            }
        }
        bucketBits = bits
        prefetched = PrefetchedFolders()
        bucketCache = buckets
        bucketGenerations = [:]
        changedBuckets = Set(buckets.keys)
        return onDisk.subtracting(buckets.keys).sorted()
    }
}
