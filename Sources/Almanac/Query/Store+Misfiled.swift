import Foundation

extension Store {
    /// The documents whose date puts them in `query`'s date range but whose file sits in a
    /// folder outside it, because their date was edited by hand: a date query cannot find
    /// them on its own, since it opens only the folders of its range.
    ///
    /// A query already reports a misfiled document it meets inside its range's folders; this
    /// looks at every other folder of the collection. It reads only the files that changed
    /// since the last such look found the collection rightly filed (their change time is later
    /// than the mark kept in `.almanac/filed.json`), so a command pays a `stat` per file, and a
    /// read only for what changed. The mark is a hint for later runs: a store on a read-only
    /// volume still gets the answer, at the cost of reading every file.
    ///
    /// - Returns: one `.misfiled` error per such document, naming its file and the folder its
    ///   date files it in; empty for a query without a date range.
    package func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        let descriptor = try collection(named: query.collection)
        guard let partition = descriptor.partition, partition.depth > 0,
              let run = try QueryRun(query, descriptor: descriptor, timeZone: timeZone, filing: filing),
              let days = run.folderDays
        else { return [] }
        return try readingOneVersion {
            let marks = FiledMarks(root: root)
            let mark = marks.mark(of: descriptor.name)
            let started = DocumentCache.now()
            // Files at or after this change time must be read again next time: one misfiled or
            // unreadable file holds the mark back.
            var holdBack = Int64.max
            var found: [AlmanacError] = []
            try reader.walkLeafFolders(of: descriptor, days: nil, newestFirst: false) { folder, folders, entries in
                for entry in entries where entry.kind == .file {
                    guard let id = DocumentID.id(fromFileName: entry.name), let identity = try folder.identity(of: entry.name) else { continue }
                    if let mark, identity.changed <= mark { continue }
                    let location = DocumentLocation(collection: descriptor.name, folders: folders, id: id)
                    let date: DocumentDate
                    do {
                        guard let stored = try reader.remembered(location, in: folder) ?? reader.read(location, in: folder, remembering: true),
                              let members = stored.value.objectValue,
                              let filed = try filing.filingDate(of: members, in: descriptor, id: id)
                        else { continue }
                        date = filed
                    } catch let error as AlmanacError where error.concernsOneFile {
                        // A file filed outside the range that does not parse, validate or open
                        // (another user's, not downloaded) cannot be shown to belong in it:
                        // `check` reports it, and the query goes on. Look again next time.
                        holdBack = min(holdBack, identity.changed)
                        continue
                    }
                    let expected = partition.folders(for: date.day(in: timeZone))
                    guard expected != folders else { continue }
                    holdBack = min(holdBack, identity.changed)
                    if days.contains(date.day(in: timeZone)), !DateFolder.contains(folders, within: days) {
                        found.append(Filing.misfiledError(location, dated: date, belongsIn: expected, field: descriptor.dateField ?? ""))
                    }
                }
                return true
            }
            // A file changed in the last moments could still change within the same clock tick.
            let newMark = min(started - DocumentCache.settleNanoseconds, holdBack - 1)
            if newMark > (mark ?? .min) { marks.record(newMark, for: descriptor.name) }
            return found
        }
    }
}

/// The per-collection change times through which every document was last seen in the
/// folder its date files it in: `.almanac/filed.json`, `{"<collection>": <nanoseconds>}`.
///
/// A hint, never a source of truth: a lost or stale mark only makes the next look read more.
struct FiledMarks {
    static let fileName = "filed.json"
    private let root: Directory

    init(root: Directory) {
        self.root = root
    }

    /// The mark of `collection`, or `nil` when none was recorded (or the file is unreadable).
    func mark(of collection: String) -> Int64? {
        guard case .number(let number)? = recorded()[collection] else { return nil }
        return Int64(number.text)
    }

    /// The marks on disk; none when the file is missing or unreadable, since a mark is only a hint.
    private func recorded() -> [String: JSONValue] {
        guard let bytes = try? root.openFolder(".almanac")?.readFile(Self.fileName) else { return [:] }
        return (try? JSONParser.parse(bytes).value.objectValue) ?? [:]
    }

    /// Records `mark` for `collection`, atomically. Failing to record it (a read-only volume, a
    /// full disk) costs the next look a read of more files, nothing else, so it is not an error.
    func record(_ mark: Int64, for collection: String) {
        do {
            guard let internalFolder = try root.openFolder(".almanac") else { return }
            var members = recorded()
            members[collection] = .number(JSONNumber(Int(mark)))
            try internalFolder.writeFile(Self.fileName, CanonicalJSON.prettyBytes(.object(members)), folderFlush: .barrier)
        } catch {
            return
        }
    }
}
