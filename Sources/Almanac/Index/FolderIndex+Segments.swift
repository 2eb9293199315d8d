import Foundation

/// The index's segments (files per folder) and buckets (folders per id): read on first use,
/// changed in memory, written by ``IndexWriter``.
extension FolderIndex {
    /// Bucket lines to add and remove, applied once per validation so that each bucket is
    /// rewritten once however many of its ids changed.
    struct BucketEdits {
        var added: [String: [UInt8]] = [:]
        var removed: [String: Set<[UInt8]>] = [:]
        /// The ids that came or went, whose spread over folders is worked out again.
        var keys: Set<String> = []
        /// A whole collection listed: every id of every bucket changed is worked out again,
        /// without a set of a million keys.
        var everyKey = false
    }

    /// The files of the leaf folder at `path`.
    func filesLocked(in path: String, reader: StoreReader) throws -> [IndexedFile] {
        try segmentLocked(IndexFiles.segment(of: Self.components(path), depth: depth), reader: reader)[path] ?? []
    }

    /// The segment `name`: as changed in memory, as on disk at the generation the root names,
    /// or empty when the root names none.
    func segmentLocked(_ name: String, reader: StoreReader) throws -> [String: [IndexedFile]] {
        if let cached = segmentCache[name] { return cached }
        guard let generation = segmentGenerations[name] else { return [:] }
        guard let bytes = try? reader.openFolders(IndexFiles.path(of: indexName) + [IndexFiles.segments])?.readFile(name)
        else { throw Inconsistent() }
        let segment = try Self.decodeSegment(bytes, generation: generation)
        // Read segments are kept while few: a long-lived store's memory stays bounded.
        trimCachesLocked()
        segmentCache[name] = segment
        return segment
    }

    /// The lines of bucket `name`, like ``segmentLocked(_:reader:)``.
    func bucketLocked(_ name: String, reader: StoreReader) throws -> [UInt8] {
        if let cached = bucketCache[name] { return cached }
        guard let generation = bucketGenerations[name] else { return [] }
        guard let bytes = try? reader.openFolders(IndexFiles.path(of: indexName) + [IndexFiles.buckets])?.readFile(name)
        else { throw Inconsistent() }
        let lines = try Self.decodeBucket(bytes, generation: generation)
        trimCachesLocked()
        bucketCache[name] = lines
        return lines
    }

    /// Makes `files` the files of the leaf folder at `path`, noting the ids that came and went.
    func replaceFilesLocked(_ path: String, with files: [IndexedFile], reader: StoreReader, edits: inout BucketEdits) throws {
        let segmentName = IndexFiles.segment(of: Self.components(path), depth: depth)
        var segment = try segmentLocked(segmentName, reader: reader)
        let old = Set((segment[path] ?? []).map { DocumentID.key($0.id) })
        let new = Set(files.map { DocumentID.key($0.id) })
        let escapedPath = IndexFiles.escaped(path)
        for key in new.subtracting(old) {
            edits.added[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []] += Array("\(IndexFiles.escaped(key))\t\(escapedPath)\n".utf8)
            if !edits.everyKey { edits.keys.insert(key) }
        }
        for key in old.subtracting(new) {
            edits.removed[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []].insert(Array("\(IndexFiles.escaped(key))\t\(escapedPath)".utf8))
            if !edits.everyKey { edits.keys.insert(key) }
        }
        let misplaced = files.filter { if case .misfiled = $0.state { return true } else { return false } }
        if misfiled[path] != nil || !misplaced.isEmpty { misfiled[path] = misplaced.isEmpty ? nil : misplaced }
        guard segment[path] != files || files.isEmpty && segment[path] != nil else { return }
        segment[path] = files.isEmpty ? nil : files
        segmentCache[segmentName] = segment
        changedSegments.insert(segmentName)
        changed = true
    }

    /// Applies `edits` to the buckets and works out again which of their ids are in more than
    /// one folder. Each bucket's added lines are let go once applied.
    ///
    /// - Parameter writer: where each changed bucket goes at once (after a large commit), so
    ///   that a million ids are never all held.
    func applyLocked(_ edits: inout BucketEdits, reader: StoreReader, writer: IndexWriter? = nil) throws {
        var keysByBucket: [String: Set<String>] = [:]
        for key in edits.keys { keysByBucket[IndexFiles.bucket(ofKey: key, bits: bucketBits), default: []].insert(key) }
        let names = edits.everyKey ? Set(edits.added.keys).union(edits.removed.keys) : Set(keysByBucket.keys)
        guard !names.isEmpty else { return }
        prefetched = PrefetchedFolders()
        for name in names {
            var lines = try bucketLocked(name, reader: reader)
            if let removed = edits.removed[name], !removed.isEmpty {
                var kept: [UInt8] = []
                kept.reserveCapacity(lines.count)
                for line in lines.split(separator: UInt8(ascii: "\n")) where !removed.contains(Array(line)) {
                    kept += line
                    kept.append(UInt8(ascii: "\n"))
                }
                lines = kept
            }
            if let added = edits.added.removeValue(forKey: name) { lines = lines.isEmpty ? added : lines + added }
            bucketCache[name] = lines
            changedBuckets.insert(name)
            // Which of the changed ids (all of the bucket's, after a whole listing) are now in
            // several folders: the changed ids are looked for in one pass over the bucket's
            // bytes (one scan per id would cost their product); a whole listing decodes every
            // line once.
            if let keys = keysByBucket[name], !edits.everyKey {
                let found = Self.folders(holding: keys, in: lines)
                for key in keys {
                    let paths = found[key] ?? []
                    spread[key] = paths.count > 1 ? paths.sorted() : nil
                }
            } else {
                var foldersOf: [String: [String]] = [:]
                for line in lines.split(separator: UInt8(ascii: "\n")) {
                    let fields = IndexFiles.fields(line)
                    guard fields.count == 2 else { continue }
                    foldersOf[fields[0], default: []].append(fields[1])
                }
                WorkCounter.count(.entriesCompared, foldersOf.count)
                for (key, paths) in foldersOf { spread[key] = paths.count > 1 ? paths.sorted() : nil }
            }
            if let writer { writeBucketLocked(name, with: writer) }
        }
        changed = true
    }

    /// Writes the bucket `name` now and lets it go from memory.
    private func writeBucketLocked(_ name: String, with writer: IndexWriter) {
        guard changedBuckets.contains(name), let lines = bucketCache[name] else { return }
        guard writer.writeBucket(name, Self.encodedBucket(lines, generation: writer.generation)) else { return }
        bucketGenerations[name] = writer.generation
        changedBuckets.remove(name)
        bucketCache[name] = nil
    }

    /// Lets go of the segments and buckets read and unchanged once there are many: a long-lived
    /// store holds a few, not the collection's.
    func trimCachesLocked() {
        // By count and by size: a month of a large collection holds thousands of files.
        if segmentCache.count > 16 || segmentCache.values.reduce(0, { $0 + $1.values.reduce(0) { $0 + $1.count } }) > 16_384 {
            for name in Array(segmentCache.keys) where !changedSegments.contains(name) { segmentCache[name] = nil }
        }
        if bucketCache.count > 64 {
            for name in Array(bucketCache.keys) where !changedBuckets.contains(name) { bucketCache[name] = nil }
        }
    }

    /// Writes the segment `name` now and lets it go from memory (a full listing's finished month).
    func writeSegmentLocked(_ name: String, with writer: IndexWriter) {
        guard changedSegments.contains(name), let segment = segmentCache[name] else { return }
        guard writer.writeSegment(name, Self.encodedSegment(segment, generation: writer.generation)) else { return }
        segmentGenerations[name] = writer.generation
        changedSegments.remove(name)
        segmentCache[name] = nil
    }
}
