import Foundation

/// Runs queries on one committed state of the store.
struct StoreQueries {
    let store: Store

    /// How many documents `query` selects among those this process can read, and an error
    /// naming each file it could not read (a count without a condition opens no file).
    func countReadable(matching query: Query) throws -> (count: Int, problems: [AlmanacError]) {
        let descriptor = try store.collection(named: query.collection)
        if query.condition == nil, query.days == nil, query.instants == nil {
            try store.reader.check(query, in: descriptor)
            let (total, unreadable) = try store.readingOneVersion { try store.reader.documentCount(in: descriptor, days: nil) }
            let count = max(0, min(total - unreadable.count - max(0, query.offset), query.limit ?? .max))
            return (count, unreadable.map(store.reader.readFailure(at:)))
        }
        return try store.readingOneVersion {
            var count = 0
            let problems = try store.reader.execute(query, keepGoing: true) { _ in count += 1; return true }
            return (count, problems)
        }
    }
}
