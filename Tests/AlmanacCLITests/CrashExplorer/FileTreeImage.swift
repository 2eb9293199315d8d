#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A folder tree held in memory by object (inode), so that a recorded log can be replayed
/// onto it in part: the tree a power cut leaves is the snapshot plus the changes that persisted.
struct FileTreeImage {
    enum Node: Equatable {
        case file([UInt8])
        case folder([String: ObjectID])
    }

    private(set) var nodes: [ObjectID: Node] = [:]
    let root: ObjectID

    /// Reads the tree under `url`, giving each file and folder an object in `objects`.
    static func snapshot(of url: URL, objects: inout ObjectTable) throws -> FileTreeImage {
        var nodes: [ObjectID: Node] = [:]
        func read(_ path: String) throws -> ObjectID {
            var info = stat()
            guard lstat(path, &info) == 0 else { throw ExplorerError("cannot stat \(path)") }
            let object = objects.make(UInt64(info.st_ino))
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                var entries: [String: ObjectID] = [:]
                for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                    entries[name] = try read(path + "/" + name)
                }
                nodes[object] = .folder(entries)
            case S_IFREG:
                nodes[object] = .file([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            default:
                throw ExplorerError("\(path) is neither a file nor a folder")
            }
            return object
        }
        let root = try read(url.path)
        return FileTreeImage(nodes: nodes, root: root)
    }

    /// Applies one change as the file system would have, had it persisted.
    mutating func apply(_ change: RecordedChange) {
        switch change.kind {
        case .create:
            guard let object = change.object else { return }
            nodes[object] = .file([])
            setEntry(change.folder, change.name, object)
        case .mkdir:
            guard let object = change.object else { return }
            nodes[object] = .folder([:])
            setEntry(change.folder, change.name, object)
        case .write:
            guard let object = change.object, case .file(var bytes)? = nodes[object] else { return }
            let end = change.offset + change.bytes.count
            if bytes.count < end { bytes += [UInt8](repeating: 0, count: end - bytes.count) }
            bytes.replaceSubrange(change.offset..<end, with: change.bytes)
            nodes[object] = .file(bytes)
        case .truncate:
            guard let object = change.object, case .file(var bytes)? = nodes[object] else { return }
            if bytes.count > change.size { bytes.removeSubrange(change.size...) } else {
                bytes += [UInt8](repeating: 0, count: change.size - bytes.count)
            }
            nodes[object] = .file(bytes)
        case .rename:
            guard let moved = entry(change.folder, change.name) ?? change.object else { return }
            setEntry(change.folder, change.name, nil)
            setEntry(change.otherFolder, change.otherName, moved)
        case .exchange:
            let first = entry(change.folder, change.name), second = entry(change.otherFolder, change.otherName)
            setEntry(change.folder, change.name, second)
            setEntry(change.otherFolder, change.otherName, first)
        case .link:
            guard let linked = entry(change.folder, change.name) ?? change.object else { return }
            setEntry(change.otherFolder, change.otherName, linked)
        case .unlink, .rmdir:
            setEntry(change.folder, change.name, nil)
        case .barrier, .full, .volume, .mark:
            return
        }
    }

    private func entry(_ folder: ObjectID?, _ name: String) -> ObjectID? {
        guard let folder, case .folder(let entries)? = nodes[folder] else { return nil }
        return entries[name]
    }

    private mutating func setEntry(_ folder: ObjectID?, _ name: String, _ object: ObjectID?) {
        guard let folder, case .folder(var entries)? = nodes[folder] else { return }
        entries[name] = object
        nodes[folder] = .folder(entries)
    }

    /// Every file and folder by path below the root ("a/b/" for a folder), with its bytes.
    func listing() -> [String: [UInt8]] {
        entries().mapValues(\.bytes)
    }

    /// Every file and folder by path below the root ("a/b/" for a folder), with its object and bytes.
    func entries() -> [String: (object: ObjectID, bytes: [UInt8])] {
        var result: [String: (object: ObjectID, bytes: [UInt8])] = [:]
        var visiting: Set<ObjectID> = []
        func walk(_ object: ObjectID, _ prefix: String) {
            guard visiting.insert(object).inserted, case .folder(let entries)? = nodes[object] else { return }
            defer { visiting.remove(object) }
            for (name, child) in entries {
                switch nodes[child] {
                case .file(let bytes)?: result[prefix + name] = (child, bytes)
                case .folder?:
                    result[prefix + name + "/"] = (child, [])
                    walk(child, prefix + name + "/")
                case nil: result[prefix + name] = (child, [])  // a name whose file never persisted: empty
                }
            }
        }
        walk(root, "")
        return result
    }

    /// Writes the tree into the empty folder `url` (files 0600, folders 0700, as the store makes them).
    func materialise(at url: URL) throws {
        for (path, bytes) in listing().sorted(by: { $0.key < $1.key }) {
            let target = url.appendingPathComponent(path)
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } else {
                guard FileManager.default.createFile(atPath: target.path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
                else { throw ExplorerError("cannot write \(target.path)") }
            }
        }
    }
}
