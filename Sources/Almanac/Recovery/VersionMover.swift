/// Carries out the two phases of a ``VersionChange`` between a store and a staging folder:
/// renames only, each step idempotent, so that recovery can run a phase again from wherever
/// a `kill -9` or a power cut stopped it.
///
/// No step depends on an atomic exchange, a hard link or an inode number, and no step leaves
/// a store file under a temporary name a sweep could take for litter: at every instant each
/// file is at its old place, at its new one, or in the staging folder the journal names. That
/// holds on exFAT, FAT and network shares as on APFS and ext4.
struct VersionMover {
    let root: Directory
    let staging: Directory
    let change: VersionChange

    /// One end of a move: the store itself, or a folder of the staging folder.
    private enum Side: Hashable {
        case store
        case staging(String)
    }

    /// Folders whose entries a move changed, flushed at the end of a phase.
    private var touched: Set<[String]> = []
    /// Folders opened lately, by side and path: moves go folder by folder.
    private var open: [Side: FolderCache] = [:]

    init(root: Directory, staging: Directory, change: VersionChange) {
        self.root = root
        self.staging = staging
        self.change = change
    }

    /// Phase one: every path of ``VersionChange/movedOut`` into the outgoing folder, a copy
    /// of `store.json` beside them, and the date folders left empty removed; then flushed.
    mutating func moveOut(crashPoint: (String) -> Void) throws {
        let outgoing = try staging.openOrCreateFolder(change.outgoing, synchronize: false).folder
        touched.insert([""])
        if try outgoing.entryKind(of: Manifest.fileName) == nil, let manifest = try root.readFile(Manifest.fileName) {
            // Written whole under a temporary name first, so a phase run again never keeps half
            // a copy; with the original's permissions, which a rollback puts back.
            try outgoing.writeFile(Manifest.fileName, manifest, folderFlush: nil, mode: try root.permissions(of: Manifest.fileName) ?? 0o600)
            touched.insert(key(.staging(change.outgoing), []))
        }
        for (index, path) in change.movedOut.enumerated() {
            guard let parts = VersionChange.components(path) else { continue }
            try move(parts, from: .store, to: .staging(change.outgoing))
            if index == 0 { crashPoint("moved-out-first") }
        }
        for path in change.movedOut {
            guard let parts = VersionChange.components(path), parts.first == "data" else { continue }
            try removeEmptiedFolders(above: parts)
        }
        try flush()
    }

    /// Phase two: every path of ``VersionChange/movedIn`` from the incoming folder into the
    /// store, the collection folders made, and the incoming `store.json` renamed over the
    /// store's last (the version it names is the one readers then see); then flushed.
    mutating func moveIn(crashPoint: (String) -> Void) throws {
        for (index, path) in change.movedIn.enumerated() {
            guard let parts = VersionChange.components(path) else { continue }
            try move(parts, from: .staging(change.incoming), to: .store)
            if index == 0 { crashPoint("moved-in-first") }
        }
        for path in change.folders {
            guard let parts = VersionChange.components(path) else { continue }
            _ = try folder(.store, parts, creating: true)
        }
        let incoming = try folder(.staging(change.incoming), [], creating: false)
        if let incoming, try incoming.entryKind(of: Manifest.fileName) == .file {
            try incoming.rename(Manifest.fileName, into: root, as: Manifest.fileName)
            touched.insert([])
            touched.insert(key(.staging(change.incoming), []))
        }
        try flush()
    }

    /// Moves the entry at `path` from one side to the other. A folder meeting a folder is
    /// merged entry by entry (what an earlier run of the phase moved already is not there any
    /// more); an entry meeting anything else never replaces it: in the store, what is in the
    /// way goes to the outgoing folder first; in the staging folder it is kept under another name.
    private mutating func move(_ path: [String], from source: Side, to target: Side) throws {
        guard let name = path.last, let sourceParent = try folder(source, Array(path.dropLast()), creating: false),
              let kind = try sourceParent.entryKind(of: name)
        else { return }
        let targetParent = try folder(target, Array(path.dropLast()), creating: true)!
        if let existing = try targetParent.entryKind(of: name) {
            if kind == .folder, existing == .folder, let child = try sourceParent.openFolder(name) {
                for entry in try child.entries() { try move(path + [entry.name], from: source, to: target) }
                if sourceParent.removeFolder(name) { touched.insert(key(source, Array(path.dropLast()))) }
                return
            }
            if target == .store {
                try move(path, from: .store, to: .staging(change.outgoing))
            } else {
                try targetParent.rename(name, into: targetParent, as: try freeName(for: name, in: targetParent))
            }
        }
        try sourceParent.rename(name, into: targetParent, as: name)
        touched.insert(key(source, Array(path.dropLast())))
        touched.insert(key(target, Array(path.dropLast())))
    }

    /// Removes the folders above a moved-out path that the move left empty, up to the
    /// collection folder (``VersionChange/folders`` makes again those the new version keeps).
    private mutating func removeEmptiedFolders(above path: [String]) throws {
        var parent = Array(path.dropLast())
        while parent.count >= 2 {
            guard let name = parent.last, let above = try folder(.store, Array(parent.dropLast()), creating: false) else { return }
            open[.store]?.forget(under: parent)
            guard try above.entryKind(of: name) == .folder, above.removeFolderIfEmpty(name) else { return }
            touched.insert(key(.store, Array(parent.dropLast())))
            parent.removeLast()
        }
    }

    private func freeName(for name: String, in folder: Directory) throws -> String {
        var number = 1
        while try folder.entryKind(of: "\(name).kept-\(number)") != nil { number += 1 }
        return "\(name).kept-\(number)"
    }

    /// The flush key of a folder: store paths as they are, staging paths behind `""`.
    private func key(_ side: Side, _ path: [String]) -> [String] {
        switch side {
        case .store: return path
        case .staging(let name): return name.isEmpty ? [""] + path : ["", name] + path
        }
    }

    /// The folder at `path` on `side`, made (unflushed, and remembered for the phase's
    /// flush) when `creating`; `nil` when it does not exist and is not to be made.
    private mutating func folder(_ side: Side, _ path: [String], creating: Bool) throws -> Directory? {
        if let cached = open[side]?.folder(at: path), cached.isStillLinked { return cached }
        var current: Directory
        var walked: [String] = []
        switch side {
        case .store:
            current = root
        case .staging(let name):
            if name.isEmpty {
                current = staging
            } else if let existing = try staging.openFolder(name) {
                current = existing
            } else if creating {
                current = try staging.openOrCreateFolder(name, synchronize: false).folder
                touched.insert([""])
            } else {
                return nil
            }
        }
        for component in path {
            if let next = try current.openFolder(component) {
                current = next
            } else if creating {
                current = try current.openOrCreateFolder(component, synchronize: false).folder
                touched.insert(key(side, walked))
            } else {
                return nil
            }
            walked.append(component)
        }
        open[side, default: FolderCache()].insert(current, at: path)
        return current
    }

    /// Makes the phase's renames durable: one volume sync where the system has one, else a
    /// barrier on every folder they touched.
    private mutating func flush() throws {
        open.removeAll()
        defer { touched.removeAll() }
        if try root.synchronizeFileSystem() { return }
        for path in touched.sorted(by: { $0.count > $1.count }) {
            let folder: Directory?
            if path.first == "" {
                var current: Directory? = staging
                for component in path.dropFirst() where !component.isEmpty { current = try current?.openFolder(component) }
                folder = current
            } else {
                var current: Directory? = root
                for component in path { current = try current?.openFolder(component) }
                folder = current
            }
            try folder?.synchronize(.barrier)
        }
        try staging.synchronize(.barrier)
        try root.synchronize(.barrier)
    }
}
