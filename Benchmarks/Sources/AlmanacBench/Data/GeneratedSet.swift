/// Generated documents of one type together with their prepared forms (same order).
struct GeneratedSet<D: BenchDocument>: Sendable {
    /// The typed documents, oldest first: what Almanac saves and what every side reads back.
    let documents: [D]
    /// The same documents as the SQLite and bare sides write them.
    let prepared: [PreparedDocument]

    /// Prepares `documents` (outside any timed section).
    init(_ documents: [D]) throws {
        self.documents = documents
        prepared = try PreparedDocument.prepare(documents)
    }

    private init(documents: [D], prepared: [PreparedDocument]) {
        self.documents = documents
        self.prepared = prepared
    }

    /// The documents filed before `day`.
    func filed(before day: Int) -> GeneratedSet<D> {
        let count = documents.firstIndex { $0.filingDay.daysSinceEpoch >= day } ?? documents.count
        return GeneratedSet(documents: Array(documents[..<count]), prepared: Array(prepared[..<count]))
    }

    /// The first `count` documents.
    func prefix(_ count: Int) -> GeneratedSet<D> {
        GeneratedSet(documents: Array(documents.prefix(count)), prepared: Array(prepared.prefix(count)))
    }
}
