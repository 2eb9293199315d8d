import Foundation

/// A test-only count of the work reads and the folder index do: files opened and read,
/// folders listed and their entries, folders looked at (`fstatat`), and index entries compared.
/// Tests compare the counts of one operation at two store sizes, so that a step whose cost
/// grows with the square of the store fails them (issue 59's "work counted, not timed").
///
/// Debug builds count always (a few relaxed additions per call); the tool prints the counts of
/// a command to standard error when `ALMANAC_WORK_COUNTS=1`. In release builds every call here
/// is empty and inlined away.
package enum WorkCounter {
    /// What is counted.
    package enum Kind: Int, CaseIterable, Sendable {
        /// Files opened to be read (`openat` and `read` of a whole file).
        case filesRead
        /// Folder listings (`getdents`), and the entries they gave.
        case listings, entriesListed
        /// Folders looked at by their signature (`fstatat`).
        case folderLooks
        /// Index entries compared or decoded: bucket lines scanned, ids looked up.
        case entriesCompared

        package var name: String {
            switch self {
            case .filesRead: "files-read"
            case .listings: "listings"
            case .entriesListed: "entries-listed"
            case .folderLooks: "folder-looks"
            case .entriesCompared: "entries-compared"
            }
        }
    }

    #if DEBUG
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts = [Int](repeating: 0, count: Kind.allCases.count)
    #endif

    /// Adds `amount` to the count of `kind`.
    @inline(__always)
    static func count(_ kind: Kind, _ amount: Int = 1) {
        #if DEBUG
        lock.withLock { counts[kind.rawValue] += amount }
        #endif
    }

    /// The counts so far, by kind (empty in release builds).
    package static var current: [Kind: Int] {
        #if DEBUG
        lock.withLock { Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, counts[$0.rawValue]) }) }
        #else
        [:]
        #endif
    }

    /// The counts as one line: `files-read=… listings=… …`.
    package static var summary: String {
        let counts = current
        return Kind.allCases.map { "\($0.name)=\(counts[$0] ?? 0)" }.joined(separator: " ")
    }
}
