import Foundation

/// A file or folder of a replayed tree: its inode while the log was written, made unique
/// again when the file system reused an inode number for a new file.
typealias ObjectID = Int

/// One change to the file system from an `ALMANAC_TEST_RECORD` log (see `FileSystemRecorder`).
struct RecordedChange: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable {
        case create, mkdir, write, truncate, rename, exchange, link, unlink, rmdir, barrier, full, volume, mark
    }

    var kind: Kind
    /// The folder whose entry changes (name changes), or nil.
    var folder: ObjectID?
    var name = ""
    /// The file or folder the change is about (the one flushed, written, made, renamed…).
    var object: ObjectID?
    /// For rename, exchange and link: the folder and name on the other side, and what that name held.
    var otherFolder: ObjectID?
    var otherName = ""
    var otherObject: ObjectID?
    var offset = 0
    var bytes: [UInt8] = []
    var size = 0
    var text = ""

    /// Entry changes: the journal (ext4) or the transaction (APFS) keeps them in order.
    var isMetadata: Bool {
        switch kind {
        case .create, .mkdir, .rename, .exchange, .link, .unlink, .rmdir: return true
        default: return false
        }
    }

    /// Changes to a file's bytes, which the page cache writes back in any order.
    var isData: Bool { kind == .write || kind == .truncate }

    var isFlush: Bool { kind == .barrier || kind == .full || kind == .volume }

    /// Whether this entry change touches `object` (as the folder changed or the thing moved).
    func touches(_ target: ObjectID) -> Bool {
        isMetadata && (folder == target || object == target || otherFolder == target || otherObject == target)
    }

    var description: String {
        switch kind {
        case .write: return "write #\(object ?? -1) @\(offset) \(bytes.count) bytes"
        case .truncate: return "truncate #\(object ?? -1) to \(size)"
        case .barrier, .full, .volume: return "\(kind) #\(object ?? -1)"
        case .mark: return "mark \(text)"
        case .rename, .exchange, .link:
            return "\(kind) #\(folder ?? -1)/\(name) -> #\(otherFolder ?? -1)/\(otherName)"
        default: return "\(kind) #\(folder ?? -1)/\(name) (#\(object ?? -1))"
        }
    }

    /// Parses a log, naming inodes by the objects of a snapshot (`objects`, extended for every
    /// file or folder made during the log). Changes to folders outside the snapshot are dropped.
    static func parse(log: Data, objects: inout ObjectTable) throws -> [RecordedChange] {
        var changes: [RecordedChange] = []
        for line in log.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let fields = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let kindName = fields["op"] as? String, let kind = Kind(rawValue: kindName)
            else { throw ExplorerError("unreadable log line: \(String(decoding: line, as: UTF8.self))") }
            func inode(_ key: String) -> UInt64? { (fields[key] as? NSNumber)?.uint64Value }
            var change = RecordedChange(kind: kind)
            change.name = fields["name"] as? String ?? ""
            change.otherName = fields["otherName"] as? String ?? ""
            change.offset = (fields["offset"] as? NSNumber)?.intValue ?? 0
            change.size = (fields["size"] as? NSNumber)?.intValue ?? 0
            change.text = fields["text"] as? String ?? ""
            if let encoded = fields["bytes"] as? String, let data = Data(base64Encoded: encoded) { change.bytes = [UInt8](data) }
            change.folder = inode("folder").flatMap { objects[$0] }
            change.otherFolder = inode("otherFolder").flatMap { objects[$0] }
            switch kind {
            case .create, .mkdir:
                guard change.folder != nil, let made = inode("inode") else { continue }
                change.object = objects.make(made)
            default:
                change.object = inode("inode").flatMap { objects[$0] }
                change.otherObject = inode("otherInode").flatMap { objects[$0] }
                if change.isMetadata, change.folder == nil, change.otherFolder == nil { continue }
                if change.isData, change.object == nil { continue }
            }
            changes.append(change)
        }
        return changes
    }
}

/// Inode numbers to objects, while a log is read in order.
struct ObjectTable {
    private var current: [UInt64: ObjectID] = [:]
    private var inodes: [ObjectID: UInt64] = [:]
    private var next = 1

    subscript(inode: UInt64) -> ObjectID? { current[inode] }

    /// The inode `object` had while the log was written.
    func inode(of object: ObjectID) -> UInt64? { inodes[object] }

    /// A new object for `inode` (a new file or folder, perhaps on a reused inode number).
    mutating func make(_ inode: UInt64) -> ObjectID {
        defer { next += 1 }
        current[inode] = next
        inodes[next] = inode
        return next
    }
}

struct ExplorerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
