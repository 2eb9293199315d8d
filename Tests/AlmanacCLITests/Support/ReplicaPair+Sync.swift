import Foundation
import Testing

@testable import Almanac

/// How each tool carries one device's changes to the other: git (pull and push, with or
/// without the driver), the simulated Syncthing, iCloud Drive and Dropbox, and the real
/// Syncthing instances, unison and rclone.
extension ReplicaPair {
    /// Carries each device's changes to the other, the way the tool does, until both hold the
    /// same shared files.
    func sync() throws {
        switch tool {
        case .gitWithDriver, .gitMarkers:
            try gitSync()
        case .syncthing, .iCloudDrive, .dropbox, .unknownTool:
            try simulatedSync()
        case .syncthingDaemons:
            try daemons?.sync { try self.sharedFiles($0) }
        case .unison, .rclone:
            try fileSync?.sync { try self.sharedFiles($0) }
        }
        for (path, bytes) in try sharedFiles(0).sorted(by: { $0.key < $1.key }) where path.contains("notes/") {
            trace("after sync: \(path): \(Self.tokens(in: bytes).sorted())")
        }
    }

    /// With `ALMANAC_SYNC_TRACE` set, prints what a history does and every shared file after each sync.
    func trace(_ line: @autoclosure () -> String) {
        guard ProcessInfo.processInfo.environment["ALMANAC_SYNC_TRACE"] != nil else { return }
        print("trace: " + line())
    }

    private func gitSync() throws {
        let (a, b) = (devices[0], devices[1])
        for device in devices {
            try GitRepository.run(["add", "-A"], in: device)
            _ = try GitRepository.status(["commit", "-q", "-m", "work"], in: device)
        }
        try GitRepository.run(["push", "-q", "origin", "main"], in: a)
        let before = try sharedFiles(1)
        if let keep = ProcessInfo.processInfo.environment["ALMANAC_SYNC_KEEP"] {
            try? FileManager.default.copyItem(at: folder.url, to: URL(fileURLWithPath: keep + "-\(clock)"))
        }
        for device in 0..<2 {
            for (path, bytes) in try sharedFiles(device).sorted(by: { $0.key < $1.key }) where path.contains("notes/") {
                trace("before pull, device \(device): \(path): \(Self.tokens(in: bytes).sorted())")
            }
        }
        if try GitRepository.status(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: b) != 0 {
            // Conflicts: the markers (or the modified side of a modify/delete) are committed as
            // they are, as a person in a hurry does; Almanac reads them.
            try GitRepository.run(["add", "-A"], in: b)
            try GitRepository.run(["commit", "-q", "--no-edit"], in: b)
        }
        // Without the driver git merges lines and keeps both sides between markers: nothing of
        // it counts as superseded, so a write git's merge dropped shows as lost.
        if tool == .gitWithDriver { try noteDriverMerges(before: before, after: try sharedFiles(1)) }
        for (path, bytes) in try sharedFiles(1).sorted(by: { $0.key < $1.key }) where path.contains("notes/") {
            trace("after pull: \(path): \(Self.tokens(in: bytes).sorted())")
        }
        try GitRepository.run(["push", "-q", "origin", "main"], in: b)
        try GitRepository.run(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: a)
    }

    /// Tokens git's merge (with the driver, field by field) replaced: superseded by that merge.
    /// Counted per id, not per path: git follows a date move or an archiving (a rename) and
    /// merges the edit made on the other side into the moved file.
    private func noteDriverMerges(before: [String: [UInt8]], after: [String: [UInt8]]) throws {
        func tokensByID(_ files: [String: [UInt8]]) -> [String: Set<String>] {
            files.reduce(into: [:]) { found, file in
                // Archived files too: git follows a rename to archive/ on one side and merges
                // the other side's edit into it (rename/rename), through the driver.
                guard let id = (Self.id(ofPath: file.key) ?? Self.archivedID(ofPath: file.key)).map(DocumentID.key) else { return }
                found[id, default: []].formUnion(Self.tokens(in: file.value))
            }
        }
        let had = tokensByID(before).merging(tokensByID(try sharedFiles(0))) { $0.union($1) }
        for (id, kept) in tokensByID(after) {
            superseded.formUnion((had[id] ?? []).subtracting(kept))
        }
    }

    private func simulatedSync() throws {
        let a = try sharedFiles(0), b = try sharedFiles(1)
        var result: [String: [UInt8]] = [:]
        let times = [try modificationTimes(0), try modificationTimes(1)]
        for path in Set(a.keys).union(b.keys).union(synced.keys).sorted() {
            let x = a[path], y = b[path], o = synced[path]
            if x == y { result[path] = x; continue }
            if x == o { result[path] = y; continue }
            if y == o { result[path] = x; continue }
            // Changed on both. Every tool keeps a modified file over a deletion.
            guard let x, let y else { result[path] = x ?? y; continue }
            let newerIsA = (times[0][path] ?? 0) >= (times[1][path] ?? 0)
            let (winner, loser, loserDevice) = newerIsA ? (x, y, 1) : (y, x, 0)
            result[path] = winner
            result[conflictCopyName(of: path, device: loserDevice, existing: Set(a.keys).union(b.keys))] = loser
        }
        for device in devices.indices { try write(result, to: device) }
        synced = result.compactMapValues { $0 }
    }

    /// The name the tool gives the losing version of `path`.
    private func conflictCopyName(of path: String, device: Int, existing: Set<String>) -> String {
        let stem = String(path.dropLast(5))
        switch tool {
        case .syncthing: return stem + ".sync-conflict-20261125-1010\(String(format: "%02d", clock % 60))-DEVICE\(device).json"
        case .dropbox: return stem + " (Device \(device)'s conflicted copy 2026-11-25).json"
        case .unknownTool:
            // Half the time a name that is an id of its own (OneDrive's), only a copy by content.
            return clock % 2 == 0 ? stem + " (Device \(device)'s copy).json" : stem + "-DEVICE\(device).json"
        default:
            var number = 2
            while existing.contains("\(stem) \(number).json") { number += 1 }
            return "\(stem) \(number).json"
        }
    }

    /// Makes `device`'s shared files exactly `files` (the tool writes whole files by rename).
    private func write(_ files: [String: [UInt8]?], to device: Int) throws {
        let current = try sharedFiles(device)
        let root = devices[device]
        for (path, bytes) in files {
            guard let bytes, current[path] != bytes else { continue }
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        }
        for path in current.keys where files[path] == nil || files[path] == .some(nil) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }
}
