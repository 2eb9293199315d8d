import Foundation

/// Finds documents filed in a folder their date does not name.
struct MisfiledScan {
    let store: Store

    func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        let descriptor = try store.collection(named: query.collection)
        guard let partition = descriptor.partition, partition.depth > 0,
              let run = try QueryRun(query, descriptor: descriptor, timeZone: store.timeZone, filing: store.filing),
              let days = run.folderDays
        else { return [] }
        return try store.readingOneVersion {
            let marks = FiledMarks(root: store.root)
            let mark = marks.mark(of: descriptor.name)
            let started = DocumentCache.now()
            // Files at or after this change time must be read again next time: one misfiled or
            // unreadable file holds the mark back.
            var holdBack = Int64.max
            var found: [AlmanacError] = []
            try store.reader.walkLeafFolders(of: descriptor, days: nil, newestFirst: false) { folder, folders, entries in
                for entry in entries where entry.kind == .file {
                    guard let id = DocumentID.id(fromFileName: entry.name), let identity = try folder.identity(of: entry.name) else { continue }
                    if let mark, identity.changed <= mark { continue }
                    let location = DocumentLocation(collection: descriptor.name, folders: folders, id: id)
                    let date: DocumentDate
                    do {
                        guard let stored = try store.reader.remembered(location, in: folder) ?? store.reader.read(location, in: folder, remembering: true),
                              let members = stored.value.objectValue,
                              let filed = try store.filing.filingDate(of: members, in: descriptor, id: id)
                        else { continue }
                        date = filed
                    } catch let error as AlmanacError where error.concernsOneFile {
                        // A file filed outside the range that does not parse, validate or open
                        // (another user's, not downloaded) cannot be shown to belong in it:
                        // `check` reports it, and the query goes on. Look again next time.
                        holdBack = min(holdBack, identity.changed)
                        continue
                    }
                    let expected = partition.folders(for: date.day(in: store.timeZone))
                    guard expected != DateFolder.dated(folders) else { continue }
                    holdBack = min(holdBack, identity.changed)
                    if days.contains(date.day(in: store.timeZone)), !DateFolder.contains(folders, within: days) {
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
