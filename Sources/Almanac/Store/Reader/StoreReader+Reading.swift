import Foundation

extension StoreReader {
    /// Reads the document at `location`, or returns `nil` when the file does not exist.
    ///
    /// - Throws: `.malformedJSON` with the file's path, line and column; `.symbolicLink`.
    func read(_ location: DocumentLocation) throws -> StoredDocument? {
        guard let folder = try openFolders(location.folderPath) else { return nil }
        return try read(location, in: folder)
    }

    /// Reads the document at `location` from its already open `folder`.
    ///
    /// With `remembering`, the document read is kept in the store's ``DocumentCache`` (queries,
    /// which run again and again over the same files, ask ``remembered(_:in:)`` first).
    func read(_ location: DocumentLocation, in folder: Directory, remembering: Bool = false) throws -> StoredDocument? {
        // Taken before the file is read: a change after it makes the folder unclean.
        let epoch = remembering ? watchEpoch(of: folder) : nil
        guard let (bytes, identity) = try readVisibleFile(location, in: folder) else {
            try folder.refusePlaceholder(of: location.fileName)
            return nil
        }
        do {
            let parsed = try JSONParser.parse(bytes)
            var document = StoredDocument(location: location, value: parsed.value, hadByteOrderMark: parsed.hadByteOrderMark)
            if remembering {
                document.cached = documentCache.remember(
                    parsed.value, hadByteOrderMark: parsed.hadByteOrderMark, at: folder.childPath(location.fileName), identity: identity, epoch: epoch)
            }
            return document
        } catch let error as AlmanacError {
            // Both sides of a git merge: one document in two versions, not a damaged file.
            if error.code == .malformedJSON, let merged = mergeMarkerDocument(bytes, at: location) { return merged }
            throw error.at(path: location.relativePath)
        }
    }

    /// The epoch since which the folder's watch saw no change (``ChangeWatch``), or `nil`:
    /// not watched, changed, or on the polling path.
    func watchEpoch(of folder: Directory) -> UInt64? {
        warm.watch?.epoch(of: folder.path)
    }

    /// The document at `location` as the store's ``DocumentCache`` remembers it, when the file
    /// is still the version read then; `nil` when it is not remembered. Known without a look
    /// while the folder's watch has seen no change since (``ChangeWatch``); otherwise one `stat`.
    func remembered(_ location: DocumentLocation, in folder: Directory) throws -> StoredDocument? {
        try remembered(location, in: folder, epoch: watchEpoch(of: folder))
    }

    /// ``remembered(_:in:)`` with the folder's ``watchEpoch(of:)``, which a caller reading many
    /// documents of one folder asks once.
    func remembered(_ location: DocumentLocation, in folder: Directory, epoch: UInt64?) throws -> StoredDocument? {
        guard !isOverlaid(location) else { return nil }
        let path = folder.childPath(location.fileName)
        var known = epoch.flatMap { documentCache.document(at: path, epoch: $0) }
        if known == nil {
            guard let remembered = documentCache.identity(at: path), let identity = try folder.identity(of: location.fileName),
                  identity == remembered
            else { return nil }
            known = documentCache.document(at: path, identity: identity, epoch: epoch)
        }
        guard let known else { return nil }
        var document = StoredDocument(location: location, value: known.value, hadByteOrderMark: known.hadByteOrderMark)
        document.cached = known.entry
        return document
    }

    /// The untyped document `id` of `descriptor` (``Store/document(json:in:)``), in the running read attempt.
    func document(json id: String, in descriptor: CollectionDescriptor) throws -> StoredDocument? {
        let collection = descriptor.name
        if descriptor.isSingleton {
            return try documentFiles(in: descriptor, days: nil).first.flatMap { try read($0, in: nil) }
        }
        try DocumentID.validate(id, collection: collection)
        // Fast path for a store just opened: the hinted file, if it is really there.
        if !hasLocationIndex(of: descriptor),
           let hinted = hintedLocation(of: id, in: descriptor), let folder = try openFolders(hinted.folderPath),
           let document = try readWithCopies(hinted, in: folder) {
            return try holdingID(id, document)
        }
        for attempt in 0..<2 {
            guard let location = try location(of: id, in: descriptor) else {
                try refuseLink(named: id, in: descriptor)
                return nil
            }
            let versions = try versionFiles(of: id, in: descriptor)
            if let document = try versions.map({ try read($0, in: nil) }) ?? read(location) { return try holdingID(id, document) }
            // The file moved or vanished under a stale index: rebuild once.
            if attempt == 0 { forgetLocationIndex(of: descriptor) }
        }
        return nil
    }

    /// Throws `.symbolicLink` when the file of document `id` of an unpartitioned collection
    /// is a link: listings pass links by, but asked for by id, the document is refused, not absent.
    private func refuseLink(named id: String, in descriptor: CollectionDescriptor) throws {
        guard (descriptor.partition?.depth ?? 0) == 0, let folder = try openFolders(["data", descriptor.name]) else { return }
        let name = DocumentID.fileName(id)
        if try folder.entryKind(of: name) == .symbolicLink {
            throw SystemCall.failure("open", path: folder.childPath(name), errno: ELOOP)
        }
    }

    /// The document at `location` with the copies a sync tool left of it in the same folder,
    /// which the listing of `folder` shows; `nil` when neither the file nor a copy is there.
    private func readWithCopies(_ location: DocumentLocation, in folder: Directory) throws -> StoredDocument? {
        let id = location.id ?? ""
        let entries = DocumentFiles.candidates(for: id, among: try visibleEntries(of: folder, at: location.folderPath))
        guard let files = DocumentFiles.group(entries, collection: location.collection, folders: location.folders, in: folder)
            .first(where: { $0.key == DocumentID.key(id) })
        else { return nil }
        return try read(files, in: folder)
    }

    /// `document` when it holds `id`: a file named for one id that holds another (a copy made
    /// by hand, a renamed file) is not the document asked for, and is never returned as it.
    private func holdingID(_ id: String, _ document: StoredDocument) throws -> StoredDocument {
        guard case .string(let stored)? = document.value["id"], DocumentID.key(stored) != DocumentID.key(id) else { return document }
        throw AlmanacError(
            .invalidDocument,
            "is named for id \"\(id)\" but holds the document \"\(stored)\" (a copy or a renamed file), so it is not returned as \"\(id)\"; check reports it and says how to resolve it",
            path: document.location.relativePath, id: id, pointer: "/id")
    }

    /// Reads the documents of `collection` in range on all cores, applying `transform` to each
    /// as soon as it is read (so a typed scan never holds every parsed document at once), and
    /// returns the results oldest first; in the running read attempt (``Store/scan(_:days:instants:where:transform:)``).
    func scanFiles<T: Sendable>(
        _ descriptor: CollectionDescriptor, days: ClosedRange<CalendarDate>?, instants: Range<Date>?,
        where condition: Condition?, transform: @Sendable @escaping (StoredDocument) throws -> T
    ) throws -> [T] {
        var query = Query(descriptor.name)
        query.days = days
        query.instants = instants
        query.condition = condition
        if condition != nil { try check(query, in: descriptor) }
        guard let run = try QueryRun(query, descriptor: descriptor, filing: filing) else { return [] }
        let pruneDays = descriptor.partition == .some(.none) ? nil : run.folderDays
        // A ranged scan (a screen's days) of a store read before is kept, to come from memory
        // next time; a scan of the whole collection would only push out what was kept.
        let remembering = (days != nil || instants != nil) && warm.readBefore
        // Reading and parsing dominate a scan; spread them over the cores. Unlike a query's
        // matches, each document is transformed (decoded) as soon as it is read. What the
        // cache holds is taken first, on this thread: handing it to other threads would cost
        // more than it does.
        var files = try documentFiles(in: descriptor, days: pruneDays)
        // Sort keys apart from the values: a generic value moved by a sort costs a call per move.
        var keys: [(date: Double, id: String)?] = Array(repeating: nil, count: remembering ? files.count : 0)
        var values: [T?] = Array(repeating: nil, count: remembering ? files.count : 0)
        var unread: [Int] = []
        if remembering {
            var cursor = FolderCursor(reader: self)
            var epoch: (path: [String], epoch: UInt64?)?
            for (index, file) in files.enumerated() {
                let path = file.first.folderPath
                let folder = try cursor.folder(path)
                if epoch?.path != path { epoch = (path, folder.flatMap(watchEpoch)) }
                guard !file.hasVersions, let folder, let document = try remembered(file.first, in: folder, epoch: epoch?.epoch)
                else {
                    unread.append(index)
                    continue
                }
                guard let match = try run.match(document) else { continue }
                keys[index] = (match.dateKey, file.first.id ?? "")
                values[index] = try transform(document)
            }
        } else {
            unread = Array(files.indices)
        }
        let read: [(key: Double, value: T)?] = try unread
            .parallelMap(chunkState: { FolderCursor(reader: self) }) { [files] cursor, index in
                let files = files[index]
                guard let document = try self.read(files, in: cursor.folder(files.first.folderPath), remembering: remembering)
                else { return nil }  // removed meanwhile
                guard let match = try run.match(document) else { return nil }
                return (match.dateKey, try transform(document))
            }
        if !remembering {
            // Every document was read in the parallel pass: its results are the values, with
            // no second array of them (a whole-collection scan's memory). The order is worked
            // out from the dates, the listing's ids breaking ties, and the listing is let go
            // before the returned array is made.
            var dates = [Double](repeating: 0, count: read.count)
            var order: [Int] = []
            order.reserveCapacity(read.count)
            for index in read.indices {
                guard let date = read[index]?.key else { continue }
                dates[index] = date
                order.append(index)
            }
            order.sort { a, b in
                dates[a] != dates[b] ? dates[a] < dates[b] : (files[a].first.id ?? "") < (files[b].first.id ?? "")
            }
            files = DocumentListing(collection: descriptor.name)
            return order.map { read[$0].unsafelyUnwrapped.value }
        }
        for (index, found) in zip(unread, read) {
            guard let found else { continue }
            keys[index] = (found.key, files[index].first.id ?? "")
            values[index] = found.value
        }
        return Self.sortedByKey(keys) { values[$0].unsafelyUnwrapped }
    }

    /// The values at the positions `keys` names (`nil`: none), in the order of their keys.
    private static func sortedByKey<T>(_ keys: [(date: Double, id: String)?], _ value: (Int) -> T) -> [T] {
        let order = keys.indices.filter { keys[$0] != nil }.sorted { a, b in
            let (x, y) = (keys[a].unsafelyUnwrapped, keys[b].unsafelyUnwrapped)
            return (x.date, x.id) < (y.date, y.id)
        }
        return order.map(value)
    }
}
