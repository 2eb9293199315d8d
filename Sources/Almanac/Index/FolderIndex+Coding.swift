import Foundation

/// The index's files as bytes: lines of tab-separated fields, sealed by ``IndexFiles``.
///
/// root:    `g <generation>` · `k <bucket bits>` · `p <partition depth> <time zone>` · `d <path> <inode> <modified> <changed> <looked> <holds 0|1> <documents> <unreadable> <unchecked>`
///          · `s <segment> <generation>` · `b <bucket> <generation>` · `x <key> <path>…` (spread)
///          · `m <path> <name> <inode> <id> <day>` (misfiled)
/// segment: `g <generation>` · `f <path>` then `<name, empty for <id>.json> <inode> <id> <copy 0|1> <state>` per file,
///          state `-` filed, `u` unreadable, `?` date not read yet, or the day a misfiled document belongs to
/// bucket:  `g <generation>` · `<key> <path>` per id and folder
extension FolderIndex {
    /// Thrown when a file of the index is missing, torn or of another generation than the
    /// root says: the index is loaded again, or rebuilt.
    struct Inconsistent: Error {}

    func encodedRoot(generation: UInt64, calendar: String) -> [UInt8] {
        var text = IndexFiles.rootHeader + "\ng\t\(generation)\nk\t\(bucketBits)\np\t\(depth)\t\(IndexFiles.escaped(calendar))\n"
        for (path, folder) in folders.sorted(by: { $0.key < $1.key }) {
            let signature = folder.signature
            text += "d\t\(IndexFiles.escaped(path))\t\(signature.inode)\t\(signature.modified)\t\(signature.changed)\t\(folder.looked)\t\(folder.holdsDocuments ? 1 : 0)\t\(folder.documents)\t\(folder.unreadable)\t\(folder.unchecked)\n"
        }
        for (name, value) in segmentGenerations.sorted(by: { $0.key < $1.key }) { text += "s\t\(name)\t\(value)\n" }
        for (name, value) in bucketGenerations.sorted(by: { $0.key < $1.key }) { text += "b\t\(name)\t\(value)\n" }
        for (key, paths) in spread.sorted(by: { $0.key < $1.key }) {
            text += "x\t" + ([key] + paths).map(IndexFiles.escaped).joined(separator: "\t") + "\n"
        }
        for (path, files) in misfiled.sorted(by: { $0.key < $1.key }) {
            for file in files {
                guard case .misfiled(let day) = file.state else { continue }
                text += "m\t\(IndexFiles.escaped(path))\t\(IndexFiles.escaped(file.name))\t\(file.inode)\t\(IndexFiles.escaped(file.id))\t\(day)\n"
            }
        }
        return IndexFiles.sealed(Array(text.utf8))
    }

    /// Loads the root's content into this value; false when `bytes` is not a sound root, or
    /// one written for another layout or time zone (a migration changed them: the folders and
    /// the days documents belong to are not the ones it describes).
    func decodeRoot(_ bytes: [UInt8], calendar: String) -> Bool {
        var folders: [String: IndexedFolder] = [:]
        folders.reserveCapacity(bytes.count / 80)  // a folder's line is about 90 bytes
        var segments: [String: UInt64] = [:]
        var buckets: [String: UInt64] = [:]
        var spread: [String: [String]] = [:]
        var misfiled: [String: [IndexedFile]] = [:]
        var generation: UInt64?
        var bits = 0
        var layout = false
        let depth = depth
        let sound = IndexFiles.eachLine(of: bytes, header: IndexFiles.rootHeader) { fields in
            guard fields[0].count == 1 else { return false }
            switch fields[0].first {
            case UInt8(ascii: "d"):
                guard fields.count == 10, let inode: UInt64 = fields.number(2), let modified: Int64 = fields.number(3),
                      let changed: Int64 = fields.number(4), let looked: Int64 = fields.number(5),
                      let documents: Int = fields.number(7), let unreadable: Int = fields.number(8),
                      let unchecked: Int = fields.number(9)
                else { return false }
                folders[fields.text(1)] = IndexedFolder(
                    signature: FolderSignature(inode: inode, modified: modified, changed: changed), looked: looked,
                    holdsDocuments: fields.field(6, is: UInt8(ascii: "1")), documents: documents, unreadable: unreadable, unchecked: unchecked)
            case UInt8(ascii: "g"):
                guard fields.count == 2, let value: UInt64 = fields.number(1) else { return false }
                generation = value
            case UInt8(ascii: "p"):
                guard fields.count == 3, fields.number(1) == depth, fields.text(2) == calendar else { return false }
                layout = true
            case UInt8(ascii: "k"):
                guard fields.count == 2, let value: Int = fields.number(1), (0...10).contains(value) else { return false }
                bits = value
            case UInt8(ascii: "s"), UInt8(ascii: "b"):
                guard fields.count == 3, let value: UInt64 = fields.number(2) else { return false }
                if fields.field(0, is: UInt8(ascii: "s")) { segments[fields.text(1)] = value } else { buckets[fields.text(1)] = value }
            case UInt8(ascii: "x"):
                guard fields.count >= 3 else { return false }
                spread[fields.text(1)] = fields.texts(from: 2)
            case UInt8(ascii: "m"):
                guard fields.count == 6, let inode: UInt64 = fields.number(3), let day = CalendarDate(fields.text(5)) else { return false }
                misfiled[fields.text(1), default: []].append(
                    IndexedFile(name: fields.text(2), inode: inode, id: fields.text(4), isCopy: false, state: .misfiled(day)))
            default:
                return false
            }
            return true
        }
        guard sound else { return false }
        guard let generation, layout else { return false }
        self.misfiled = misfiled
        bucketBits = bits
        self.generation = generation
        self.folders = folders
        segmentGenerations = segments
        bucketGenerations = buckets
        self.spread = spread
        return true
    }

    static func encodedSegment(_ files: [String: [IndexedFile]], generation: UInt64) -> [UInt8] {
        var bytes = Array("\(IndexFiles.segmentHeader)\ng\t\(generation)\n".utf8)
        for (path, list) in files.sorted(by: { $0.key < $1.key }) {
            bytes += Array("f\t\(IndexFiles.escaped(path))\n".utf8)
            for file in list {
                let state: String
                switch file.state {
                case .filed: state = "-"
                case .unchecked: state = "?"
                case .unreadable: state = "u"
                case .misfiled(let day): state = day.description
                }
                // A document's own file is named by its id: the name is left out (a third of the segment).
                let name = !file.isCopy && file.name == DocumentID.fileName(file.id) ? "" : IndexFiles.escaped(file.name)
                bytes += Array("\(name)\t\(file.inode)\t\(IndexFiles.escaped(file.id))\t\(file.isCopy ? 1 : 0)\t\(state)\n".utf8)
            }
        }
        return IndexFiles.sealed(bytes)
    }

    static func decodeSegment(_ bytes: [UInt8], generation: UInt64) throws -> [String: [IndexedFile]] {
        var result: [String: [IndexedFile]] = [:]
        var current: String?
        var first = true
        let sound = try IndexFiles.eachLine(of: bytes, header: IndexFiles.segmentHeader) { fields in
            if first {
                first = false
                return fields.count == 2 && fields.field(0, is: UInt8(ascii: "g")) && fields.number(1) == generation
            }
            if fields.count == 2, fields.field(0, is: UInt8(ascii: "f")) {
                let path = fields.text(1)
                current = path
                result[path] = []
                return true
            }
            guard let path = current, fields.count == 5, let inode: UInt64 = fields.number(1) else { throw Inconsistent() }
            let state: IndexedFile.State
            switch fields[4].count == 1 ? fields[4].first : nil {
            case UInt8(ascii: "-"): state = .filed
            case UInt8(ascii: "?"): state = .unchecked
            case UInt8(ascii: "u"): state = .unreadable
            default:
                guard let day = CalendarDate(fields.text(4)) else { throw Inconsistent() }
                state = .misfiled(day)
            }
            let id = fields.text(2)
            let name = fields.isEmpty(0) ? DocumentID.fileName(id) : fields.text(0)
            result[path, default: []].append(IndexedFile(name: name, inode: inode, id: id, isCopy: fields.field(3, is: UInt8(ascii: "1")), state: state))
            return true
        }
        guard sound, !first else { throw Inconsistent() }
        return result
    }

    static func encodedBucket(_ lines: [UInt8], generation: UInt64) -> [UInt8] {
        IndexFiles.sealed(Array("\(IndexFiles.bucketHeader)\ng\t\(generation)\n".utf8) + lines)
    }

    static func decodeBucket(_ bytes: [UInt8], generation: UInt64) throws -> [UInt8] {
        let header = Array("\(IndexFiles.bucketHeader)\ng\t\(generation)\n".utf8)
        guard bytes.starts(with: header), IndexFiles.eachLine(of: bytes, header: IndexFiles.bucketHeader, { _ in true }),
              let sumLine = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 }), sumLine >= header.count
        else { throw Inconsistent() }
        return Array(bytes[header.count..<sumLine])
    }
}
