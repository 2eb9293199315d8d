/// Running a query: the walk that stops when the window is full, and the read-everything
/// path for other orders.
extension StoreReader {
    /// What reading one file gave a query.
    private enum Outcome: Sendable {
        case match(QueryRun.Match)
        case skipped
        case problem(AlmanacError)
    }

    /// Calls `deliver` with each document of the query's window, in its order (callers run
    /// it inside ``Store/readingOneVersion(_:)`` or ``readingStreamed(_:)``), and returns
    /// the files that could not be read when `keepGoing` (else the first such file throws).
    ///
    /// A query whose order starts with the date field walks the date folders in that order,
    /// reading one folder at a time, and stops when the window is full or `deliver` returns
    /// false; its memory is one folder's documents. Any other order reads every candidate first.
    /// - Throws: `.invalidQuery` for a condition or sort the schema rules out; without
    ///   `keepGoing`, `.malformedJSON` or `.invalidDocument` for a damaged file in range.
    func execute(_ query: Query, keepGoing: Bool, _ deliver: (StoredDocument) throws -> Bool) throws -> [AlmanacError] {
        // Inside a block that collects what could not be read, every query goes on past it.
        if !keepGoing, let sink = ReadProblemSink.current.value {
            sink.add(try execute(query, keepGoing: true, deliver))
            return []
        }
        let descriptor = try collection(named: query.collection)
        try check(query, in: descriptor)
        guard query.limit != 0, let run = try QueryRun(query, descriptor: descriptor, filing: filing) else { return [] }
        var window = QueryWindow(offset: query.offset, limit: query.limit)
        var problems: [AlmanacError] = []
        if run.walksByDate {
            // A document a sync put in several date folders is delivered once, from the folder
            // of the version every read chooses. A walk that reads the whole range lists it
            // first to know them; one stopped by a limit meets only the folders it opens, and
            // delivers the first version it meets (the same choice when both are in its folders).
            var spread: [String: DocumentFiles] = [:]
            if query.limit == nil, descriptor.partition != nil {
                // The folder index knows them, in the range or out of it, without a listing.
                try withFolderIndex(descriptor) { index in
                    for key in index.spreadKeys(inRange: run.folderDays) {
                        guard let files = try index.files(ofKey: key, reader: self), Set(files.locations.map(\.folders)).count > 1 else { continue }
                        spread[key] = files
                    }
                }
            }
            var chosenFolder: [String: [String]] = [:]
            // A walk stopped by a limit cannot know them: it delivers an id once, the first
            // version it meets (only the documents it passes on are noted, not every file).
            if query.limit != nil { window.delivered = IDSet() }
            // A limited walk run again while nothing changed in its folders is answered from memory.
            let watch = query.limit != nil ? warm.watch : nil
            if let watch, let view, view.overlay == nil, let documents = queryMemos.documents(of: query, clock: view.clock, watch: watch) {
                for document in documents { guard try deliver(document) else { break } }
                return []
            }
            var memo = watch == nil ? nil : view.flatMap { $0.overlay == nil ? QueryMemos.Memo(query: query, clock: $0.clock, folders: [], documents: []) : nil }
            func passing(_ document: StoredDocument) throws -> Bool {
                memo?.documents.append(document)
                guard try deliver(document) else {
                    memo = nil  // the caller stopped early: not the query's whole answer
                    return false
                }
                return true
            }
            try walkLeafFolders(of: descriptor, days: run.folderDays, newestFirst: run.newestFirst, armed: { path, epoch in
                guard memo != nil else { return }
                if let epoch { memo?.folders.append((path, epoch)) } else { memo = nil }
            }) { folder, folders, entries in
                let documents = try DocumentFiles.group(entries, collection: descriptor.name, folders: folders, in: folder).compactMap { files -> DocumentFiles? in
                    guard !spread.isEmpty, let all = spread[files.key] else { return files }
                    let key = all.key
                    if chosenFolder[key] == nil { chosenFolder[key] = try read(all, in: nil)?.location.folders ?? [] }
                    guard chosenFolder[key] == folders else { return nil }
                    // This folder's files first: the reader reads them from the folder it has open.
                    return DocumentFiles(id: all.id, locations: all.locations.filter { $0.folders == folders } + all.locations.filter { $0.folders != folders })
                }
                let outcomes = try self.outcomes(run, reading: documents, in: folder)
                let batch = try Self.matches(outcomes, keepGoing: keepGoing, problems: &problems)
                return try window.pass(run.sorted(batch), to: passing)
            }
            if let memo, problems.isEmpty { queryMemos.keep(memo) }
        } else {
            let outcomes = try documentFiles(in: descriptor, days: run.folderDays)
                .parallelMap(chunkState: { FolderCursor(reader: self) }) { cursor, files in
                    try self.outcome(run, reading: files.first) {
                        guard let folder = try cursor.folder(files.first.folderPath) else { return nil }
                        return try self.read(files, in: folder, remembering: true)
                    }
                }
            let all = try Self.matches(outcomes, keepGoing: keepGoing, problems: &problems)
            _ = try window.pass(run.sorted(all), to: deliver)
        }
        return problems
    }

    /// What reading each of `locations` in `folder` gives: the remembered documents first (a
    /// `stat` each, not worth a thread), then the others read and parsed, in parallel when many.
    private func outcomes(_ run: QueryRun, reading documents: [DocumentFiles], in folder: Directory) throws -> [Outcome] {
        var outcomes: [Outcome?] = []
        outcomes.reserveCapacity(documents.count)
        var unread: [Int] = []
        let epoch = watchEpoch(of: folder)
        for (index, files) in documents.enumerated() {
            if !files.hasVersions, let known = try remembered(files.first, in: folder, epoch: epoch) {
                outcomes.append(try outcome(run, reading: files.first) { known })
            } else {
                outcomes.append(nil)
                unread.append(index)
            }
        }
        let read = try unread.parallelMap(minimumCount: 128) { index in
            try self.outcome(run, reading: documents[index].first) { try self.read(documents[index], in: folder, remembering: true) }
        }
        for (index, outcome) in zip(unread, read) { outcomes[index] = outcome }
        return outcomes.map { $0 ?? .skipped }
    }

    private func outcome(_ run: QueryRun, reading location: DocumentLocation, _ read: () throws -> StoredDocument?) throws -> Outcome {
        do {
            guard let document = try read() else { return .skipped }  // removed meanwhile
            return try run.match(document).map(Outcome.match) ?? .skipped
        } catch let error as AlmanacError where error.concernsOneFile {
            // One file that does not parse, validate or open (another user's, not downloaded)
            // is a problem of its own: `--keep-going` lists it and goes on (issue 41, item 6).
            return .problem(error.path == nil ? error.at(path: location.relativePath) : error)
        }
    }

    private static func matches(_ outcomes: [Outcome], keepGoing: Bool, problems: inout [AlmanacError]) throws -> [QueryRun.Match] {
        var matches: [QueryRun.Match] = []
        for outcome in outcomes {
            switch outcome {
            case .match(let match): matches.append(match)
            case .skipped: break
            case .problem(let error):
                guard keepGoing else { throw error }
                problems.append(error)
            }
        }
        return matches
    }
}

/// The `offset` and `limit` of a query, applied to matches as they come in order.
struct QueryWindow {
    private var toSkip: Int
    private var remaining: Int?
    /// When set, the ids passed so far: a document met again (a sync put it in two folders)
    /// is passed over without counting.
    var delivered: IDSet?

    init(offset: Int, limit: Int?) {
        toSkip = max(0, offset)
        remaining = limit.map { max(0, $0) }
    }

    /// Passes the matches inside the window to `deliver`; returns false once nothing more is wanted.
    mutating func pass(_ matches: [QueryRun.Match], to deliver: (StoredDocument) throws -> Bool) throws -> Bool {
        for match in matches {
            if remaining == 0 { return false }
            if delivered != nil, let id = match.document.location.id, delivered?.insert(id) == false { continue }
            if toSkip > 0 {
                toSkip -= 1
                continue
            }
            remaining = remaining.map { $0 - 1 }
            guard try deliver(match.document) else { return false }
        }
        return remaining != 0
    }
}
