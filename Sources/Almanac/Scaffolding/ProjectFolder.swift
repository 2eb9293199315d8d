#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A source folder of an app's project (`schema/<app>`, `migrations/<app>`), outside any
/// store, where the scaffolding writes: each file durably and atomically, a new file never over
/// one of the same name, and with the modes of source files (0644, folders 0755), since these
/// files are committed and shipped with the app rather than kept private on a device.
struct ProjectFolder {
    /// The folder's path as given (relative to the current folder, or absolute), for messages.
    let path: String
    private let directory: Directory

    private init(path: String, directory: Directory) {
        self.path = path
        self.directory = directory
    }

    /// Opens the folder at `path`, or returns `nil` when there is none.
    static func open(_ path: String) throws -> ProjectFolder? {
        guard exists(path) else { return nil }
        return ProjectFolder(path: path, directory: try located(path) { try Directory.openRoot(atPath: path) })
    }

    /// Opens the folder at `path`, first creating it and any missing parent, each made durable
    /// in its parent before the next is made inside it.
    static func openOrCreate(_ path: String) throws -> ProjectFolder {
        var missing: [String] = []
        var current = path
        while !exists(current) {
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            current = parent.isEmpty ? "." : parent
        }
        for folder in missing.reversed() {
            let parent = (folder as NSString).deletingLastPathComponent
            if mkdir(folder, 0o755) != 0, SystemCall.errno != EEXIST { throw SystemCall.failure("mkdir", path: folder) }
            try located(folder) { try Directory.openRoot(atPath: parent.isEmpty ? "." : parent).synchronize(.barrier) }
        }
        return ProjectFolder(path: path, directory: try located(path) { try Directory.openRoot(atPath: path) })
    }

    /// `name` inside the folder, as a path for messages and reports.
    func child(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// The names of the folder's entries.
    func names() throws -> [String] {
        try located(path) { try directory.entries().map(\.name) }
    }

    /// The bytes of the file `name`, or `nil` when it does not exist.
    func read(_ name: String) throws -> [UInt8]? {
        try located(path) { try directory.readFile(name) }
    }

    /// Writes the new file `name`. A file of that name holding exactly `bytes` is what an
    /// interrupted run of the same command left, and counts as written.
    ///
    /// - Parameter flush: `.full` for the command's last write (its commit point), else `.barrier`.
    /// - Returns: whether the file was written now (`false`: it was already there, identical).
    /// - Throws: `.invalidArgument` naming the file when another file has the name.
    @discardableResult
    func create(_ name: String, _ bytes: [UInt8], flush: Flush) throws -> Bool {
        if try located(path, { try directory.createFile(name, bytes, mode: 0o644, folderFlush: flush) }) { return true }
        guard try read(name) == bytes else {
            throw AlmanacError(.invalidArgument, "already exists; it was not changed. Remove or rename it if it is not needed", path: child(name))
        }
        // A run cut between its link and its flush left the name unflushed: flush it now.
        try located(path) { try directory.synchronize(flush) }
        return false
    }

    /// Replaces the file `name` with `bytes`, atomically.
    func replace(_ name: String, _ bytes: [UInt8], flush: Flush) throws {
        try located(path) { try directory.writeFile(name, bytes, folderFlush: flush, mode: 0o644) }
    }

    private static func exists(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Runs `body`, giving its errors this folder's path: a ``Directory`` opened as a root
    /// names its files relative to itself.
    private func located<T>(_ folder: String, _ body: () throws -> T) throws -> T {
        try Self.located(folder, body)
    }

    private static func located<T>(_ folder: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as AlmanacError {
            if let relative = error.path, !relative.hasPrefix("/"), relative != folder, relative != "." {
                error.path = (folder as NSString).appendingPathComponent(relative)
            } else if error.path == nil || error.path == "." {
                error.path = folder
            }
            throw error
        }
    }
}
