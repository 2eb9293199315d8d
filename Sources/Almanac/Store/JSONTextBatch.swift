/// A batch save of JSON texts (``Store/save(_:in:progress:)``), each read one document at a
/// time: a file of 100,000 documents is checked and committed without holding them all as
/// parsed values.
struct JSONTextBatch {
    let texts: [JSONText]

    func save(into store: Store, collection descriptor: CollectionDescriptor, progress: ProgressHandler?) throws -> [DocumentLocation] {
        // A first pass checks the syntax, so that nothing is judged before every text parses;
        // another gathers the ids for the index to look up together, and lets go of them.
        var count = 0
        for text in texts { count += try text.forEachDocument { _, _ in } }
        return try store.savingBatch(of: count, progress: progress) { transaction in
            try transaction.save(batchOf: count, ids: { [(descriptor, try ids(count))] }, progress: progress) { save in
                var offset = 0
                for text in texts {
                    let first = offset
                    offset += try text.forEachDocument { index, document in try save(first + index, descriptor, document, nil) }
                }
            }
        }
    }

    private func ids(_ count: Int) throws -> [String] {
        var ids: [String] = []
        ids.reserveCapacity(count)
        for text in texts {
            try text.forEachDocument { _, document in
                if let id = document["id"]?.stringValue { ids.append(id) }
            }
        }
        return ids
    }
}
