import Foundation

/// Finds documents filed in a folder their date does not name.
struct MisfiledScan {
    let store: Store

    /// The folder index knows every misfiled document whose file it read: each file that came
    /// into a folder by a rename or copy (a sync tool, a safe-saving editor, a move by hand),
    /// checked when the folder was listed again. A file edited in place changes no folder:
    /// `check` reads every file and finds it.
    func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        let descriptor = try store.collection(named: query.collection)
        guard let partition = descriptor.partition, partition.depth > 0,
              let run = try QueryRun(query, descriptor: descriptor, filing: store.filing),
              let days = run.folderDays
        else { return [] }
        return try store.readingOneVersion {
            try store.reader.withFolderIndex(descriptor) { index in
                try index.checkDates(reader: store.reader, persisting: store.reader.view?.overlay == nil)
                return index.misfiledDocuments(dated: days).compactMap { location, _ in
                    // Read now for the message (its date, to the second): the index may be a moment old.
                    guard let stored = try? store.reader.read(location), let members = stored.value.objectValue,
                          let date = try? store.filing.filingDate(of: members, in: descriptor, id: location.id),
                          days.contains(date.day(in: run.filing.calendar))
                    else { return nil }
                    let expected = partition.folders(for: date.day(in: run.filing.calendar))
                    return Filing.misfiledError(location, dated: date, belongsIn: expected, field: descriptor.dateField ?? "")
                }
            }
        }
    }
}
