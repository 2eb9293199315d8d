#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bare side of the migration case: the read-transform-write loop an app developer would
/// write without Almanac to rename a field in every file of a collection, on one thread.
///
/// For each date folder (walked in name order, each listed before any file in it changes):
/// for each `.json` file, open/read/close it, parse it with Foundation's `JSONSerialization`,
/// move the value of `from` to `to`, serialize it again (sorted keys, pretty printed, trailing
/// newline, like the store's files), write it to a temporary file in the same folder (`O_EXCL`,
/// 0600, no fsync) and rename that over the original. At the end one `syncfs` of the file
/// system (`sync` where there is none) makes every file and folder durable: the durability
/// Almanac's migration has, with one flush instead of one per file.
///
/// It does not validate the results against any schema, keeps no backup and is not atomic: a
/// crash halfway leaves some files renamed and some not.
struct BareMigrator {
    /// Files rewritten by the last ``renameField(in:from:to:depth:)``.
    private(set) var rewritten = 0

    /// Renames the member `from` to `to` in every document below the collection folder at
    /// `path`, whose files sit `depth` date folders down (`YYYY/MM/DD`: 3). Returns the files rewritten.
    mutating func renameField(in path: String, from: String, to: String, depth: Int) throws -> Int {
        rewritten = 0
        let collection = try POSIX.openFolder(path)
        defer { close(collection) }
        try walk(collection, depth: depth, from: from, to: to)
        try POSIX.synchronizeFileSystem(of: collection)
        return rewritten
    }

    private mutating func walk(_ folder: Int32, depth: Int, from: String, to: String) throws {
        let entries = try POSIX.entries(of: folder)
        guard depth == 0 else {
            for entry in entries.sorted(by: { $0.name < $1.name }) where entry.isFolder {
                guard let child = try POSIX.openFolder(entry.name, in: folder) else { continue }
                defer { close(child) }
                try walk(child, depth: depth - 1, from: from, to: to)
            }
            return
        }
        for entry in entries where !entry.isFolder && !entry.name.hasPrefix(".") && entry.name.hasSuffix(".json") {
            let data = try POSIX.readFile(entry.name, in: folder)
            guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw BenchError("bare migration: \(entry.name) is not a JSON object")
            }
            guard let value = object.removeValue(forKey: from) else { continue }
            object[to] = value
            var bytes = [UInt8](try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            bytes.append(0x0A)
            let temporary = "." + entry.name + ".tmp"
            try POSIX.writeNewFile(temporary, in: folder, bytes, synchronize: false)
            try POSIX.rename(temporary, to: entry.name, in: folder)
            rewritten += 1
        }
    }
}
