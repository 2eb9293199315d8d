/// Id hints: where each document was last written, so that a process that just opened the
/// store reads a document by id without listing every date folder of its collection.
///
/// `.almanac/ids/<collection>/<bucket>` holds lines `<id>\t<relative path>` (or `<id>\t-`
/// once deleted), appended by writers when a document is created, moved or deleted; the
/// bucket is a hash of the lowercased id, so a lookup reads one small file. Hints are never
/// trusted: a hinted file is read and must exist, and anything missing or stale falls back
/// to listing the collection. They are appended without fsync for that reason, and writers
/// never use them to decide that an id is new.
extension StoreReader {
    static let hintBucketCount: UInt32 = 256

    /// The bucket file name of `id`: two hex digits of its FNV-1a hash.
    static func hintBucket(for id: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in DocumentID.key(id).utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let bucket = hash % hintBucketCount
        return String(bucket, radix: 16).leftPadded(to: 2)
    }

    /// The last location hinted for `id`, or `nil` when there is no hint or it says deleted.
    func hintedLocation(of id: String, in collection: CollectionDescriptor) -> DocumentLocation? {
        guard let folder = try? openFolders([".almanac", "ids", collection.name]),
              let bytes = try? folder.readFile(StoreReader.hintBucket(for: id))
        else { return nil }
        let key = DocumentID.key(id)
        var latest: DocumentLocation?
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")),
                  DocumentID.key(String(decoding: line[line.startIndex..<tab], as: UTF8.self)) == key
            else { continue }
            let path = String(decoding: line[(tab + 1)...], as: UTF8.self)
            latest = path == "-" ? nil : filing.parseRelativePath(path).flatMap { $0.collection == collection.name ? $0 : nil }
        }
        return latest
    }
}
