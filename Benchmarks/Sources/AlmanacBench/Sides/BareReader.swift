#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Almanac
import Foundation

/// The bare system calls reading a collection's files in Almanac's layout, in a tight loop on
/// one thread, decoding each with Foundation's `JSONDecoder`: the baseline of the read cases.
///
/// It reads the very files of the Almanac store (same folders, same bytes), so both sides
/// find them equally warm in the page cache.
final class BareReader<D: BenchDocument> {
    private let collection: Int32
    private let decoder: JSONDecoder

    /// Reads the folder `data/<collection>` at `path`.
    init(collectionFolder path: String) throws {
        collection = try POSIX.openFolder(path)
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
    }

    deinit { close(collection) }

    /// The documents filed on `days`: each day's folder listed, each file opened, read,
    /// closed and decoded; oldest first.
    func documents(on days: [CalendarDate]) throws -> [D] {
        var result: [D] = []
        for day in days {
            let path = PreparedDocument.folders(of: day, depth: D.partitionDepth).joined(separator: "/")
            guard let folder = try POSIX.openFolder(path, in: collection) else { continue }
            defer { close(folder) }
            try readFiles(in: folder, into: &result)
        }
        return result.sortedOldestFirst()
    }

    /// The `count` newest documents: the date folders walked newest first until `count` are
    /// read, then ordered as ``NewestQueryCase`` orders them.
    func newest(_ count: Int) throws -> [D] {
        var result: [D] = []
        try walkNewest(collection, depth: 0, count: count, into: &result)
        return Array(result.sortedOldestFirst().reversed().prefix(count))
    }

    private func walkNewest(_ folder: Int32, depth: Int, count: Int, into result: inout [D]) throws {
        guard depth < D.partitionDepth else { return try readFiles(in: folder, into: &result) }
        for entry in try POSIX.entries(of: folder).sorted(by: { $0.name > $1.name }) where entry.isFolder {
            guard result.count < count else { return }
            guard let child = try POSIX.openFolder(entry.name, in: folder) else { continue }
            defer { close(child) }
            try walkNewest(child, depth: depth + 1, count: count, into: &result)
        }
    }

    /// Every document of the collection: the date folders walked, every file read and decoded; oldest first.
    func scan() throws -> [D] {
        var result: [D] = []
        try walk(collection, depth: 0, into: &result)
        return result.sortedOldestFirst()
    }

    /// The document at `relativePath` below the collection folder (a caller that knows where it is).
    func document(at relativePath: String) throws -> D {
        let data = try POSIX.readFile(relativePath, in: collection)
        return try decoder.decode(D.self, from: data)
    }

    private func walk(_ folder: Int32, depth: Int, into result: inout [D]) throws {
        guard depth < D.partitionDepth else { return try readFiles(in: folder, into: &result) }
        for entry in try POSIX.entries(of: folder).sorted(by: { $0.name < $1.name }) where entry.isFolder {
            guard let child = try POSIX.openFolder(entry.name, in: folder) else { continue }
            defer { close(child) }
            try walk(child, depth: depth + 1, into: &result)
        }
    }

    private func readFiles(in folder: Int32, into result: inout [D]) throws {
        for entry in try POSIX.entries(of: folder) where !entry.isFolder && !entry.name.hasPrefix(".") && entry.name.hasSuffix(".json") {
            let data = try POSIX.readFile(entry.name, in: folder)
            result.append(try decoder.decode(D.self, from: data))
        }
    }
}
