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

    func encodedRoot(generation: UInt64, timeZone: String) -> [UInt8] {
        var text = IndexFiles.rootHeader + "\ng\t\(generation)\nk\t\(bucketBits)\np\t\(depth)\t\(IndexFiles.escaped(timeZone))\n"
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
    func decodeRoot(_ bytes: [UInt8], timeZone: String) -> Bool {
        guard let lines = IndexFiles.unsealed(bytes, header: IndexFiles.rootHeader) else { return false }
        var folders: [String: IndexedFolder] = [:]
        folders.reserveCapacity(lines.count)
        var segments: [String: UInt64] = [:]
        var buckets: [String: UInt64] = [:]
        var spread: [String: [String]] = [:]
        var misfiled: [String: [IndexedFile]] = [:]
        var generation: UInt64?
        var bits = 0
        var layout = false
        for line in lines {
            let fields = IndexFiles.rawFields(line)
            guard let kind = fields.first, kind.count == 1 else { return false }
            switch kind.first {
            case UInt8(ascii: "g"):
                guard fields.count == 2, let value: UInt64 = IndexFiles.number(fields[1]) else { return false }
                generation = value
            case UInt8(ascii: "p"):
                guard fields.count == 3, IndexFiles.number(fields[1]) == depth, IndexFiles.text(fields[2]) == timeZone else { return false }
                layout = true
            case UInt8(ascii: "k"):
                guard fields.count == 2, let value: Int = IndexFiles.number(fields[1]), (0...10).contains(value) else { return false }
                bits = value
            case UInt8(ascii: "d"):
                guard fields.count == 10, let inode: UInt64 = IndexFiles.number(fields[2]), let modified: Int64 = IndexFiles.number(fields[3]),
                      let changed: Int64 = IndexFiles.number(fields[4]), let looked: Int64 = IndexFiles.number(fields[5]),
                      let documents: Int = IndexFiles.number(fields[7]), let unreadable: Int = IndexFiles.number(fields[8]),
                      let unchecked: Int = IndexFiles.number(fields[9])
                else { return false }
                folders[IndexFiles.text(fields[1])] = IndexedFolder(
                    signature: FolderSignature(inode: inode, modified: modified, changed: changed), looked: looked,
                    holdsDocuments: fields[6].first == UInt8(ascii: "1"), documents: documents, unreadable: unreadable, unchecked: unchecked)
            case UInt8(ascii: "s"), UInt8(ascii: "b"):
                guard fields.count == 3, let value: UInt64 = IndexFiles.number(fields[2]) else { return false }
                if kind.first == UInt8(ascii: "s") { segments[IndexFiles.text(fields[1])] = value } else { buckets[IndexFiles.text(fields[1])] = value }
            case UInt8(ascii: "x"):
                guard fields.count >= 3 else { return false }
                spread[IndexFiles.text(fields[1])] = fields[2...].map(IndexFiles.text)
            case UInt8(ascii: "m"):
                guard fields.count == 6, let inode: UInt64 = IndexFiles.number(fields[3]), let day = CalendarDate(IndexFiles.text(fields[5])) else { return false }
                misfiled[IndexFiles.text(fields[1]), default: []].append(
                    IndexedFile(name: IndexFiles.text(fields[2]), inode: inode, id: IndexFiles.text(fields[4]), isCopy: false, state: .misfiled(day)))
            default:
                return false
            }
        }
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
        guard let lines = IndexFiles.unsealed(bytes, header: IndexFiles.segmentHeader), let first = lines.first,
              IndexFiles.fields(first) == ["g", String(generation)]
        else { throw Inconsistent() }
        var result: [String: [IndexedFile]] = [:]
        var current: String?
        for line in lines.dropFirst() {
            let fields = IndexFiles.rawFields(line)
            if fields.count == 2, fields[0].elementsEqual([UInt8(ascii: "f")]) {
                let path = IndexFiles.text(fields[1])
                current = path
                result[path] = []
                continue
            }
            guard let path = current, fields.count == 5, let inode: UInt64 = IndexFiles.number(fields[1]) else { throw Inconsistent() }
            let state: IndexedFile.State
            switch fields[4].count == 1 ? fields[4].first : nil {
            case UInt8(ascii: "-"): state = .filed
            case UInt8(ascii: "?"): state = .unchecked
            case UInt8(ascii: "u"): state = .unreadable
            default:
                guard let day = CalendarDate(IndexFiles.text(fields[4])) else { throw Inconsistent() }
                state = .misfiled(day)
            }
            let id = IndexFiles.text(fields[2])
            let name = fields[0].isEmpty ? DocumentID.fileName(id) : IndexFiles.text(fields[0])
            result[path, default: []].append(IndexedFile(name: name, inode: inode, id: id, isCopy: fields[3].first == UInt8(ascii: "1"), state: state))
        }
        return result
    }

    static func encodedBucket(_ lines: [UInt8], generation: UInt64) -> [UInt8] {
        IndexFiles.sealed(Array("\(IndexFiles.bucketHeader)\ng\t\(generation)\n".utf8) + lines)
    }

    static func decodeBucket(_ bytes: [UInt8], generation: UInt64) throws -> [UInt8] {
        let header = Array("\(IndexFiles.bucketHeader)\ng\t\(generation)\n".utf8)
        guard bytes.starts(with: header), IndexFiles.unsealed(bytes, header: IndexFiles.bucketHeader) != nil,
              let sumLine = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")).map({ $0 + 1 }), sumLine >= header.count
        else { throw Inconsistent() }
        return Array(bytes[header.count..<sumLine])
    }
}
