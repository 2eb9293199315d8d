/// Counting documents from the folder index (a whole collection) or folder listings (a range),
/// with the ones this process may not read told apart (one `faccessat` each, no file opened,
/// for the files a listing met; the index keeps those it found, and looks at them again each
/// time): a count says what it counted and what it could not read.
extension StoreReader {
    /// How many documents `collection` holds (of `days`, all when `nil`), and those among them
    /// this process may not read.
    func documentCount(in collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?) throws -> (documents: Int, unreadable: [DocumentLocation]) {
        if collection.isSingleton {
            let files = try documentFiles(in: collection, days: nil)
            guard let first = files.first?.first, let data = try root.openFolder("data"), data.mayRead(first.fileName) == false else { return (files.count, []) }
            return (files.count, [first])
        }
        if days == nil {
            return try withFolderIndex(collection) { try $0.documentCount(reader: self) }
        }
        var listed: [DocumentFiles] = []
        var unreadable: Set<String> = []
        try forEachLeafFolder(of: collection, days: days) { folder, path, entries in
            let groups = DocumentFiles.group(entries, collection: collection.name, folders: path, in: folder)
            for files in groups where folder.mayRead(files.first.fileName) == false {
                unreadable.insert(files.first.relativePath)
            }
            listed += groups
        }
        let all = DocumentFiles.joined(listed)
        return (all.count, unreadable.isEmpty ? [] : all.map(\.first).filter { unreadable.contains($0.relativePath) })
    }

    /// The error reading the document at `location` meets (the file named, the cause and the
    /// user), for a count that found it unreadable.
    func readFailure(at location: DocumentLocation) -> AlmanacError {
        do {
            _ = try openFolders(location.folderPath)?.readFile(location.fileName)
        } catch let error as AlmanacError {
            return error.path == nil ? error.at(path: location.relativePath) : error
        } catch {}
        return AlmanacError(.io, "this user may not read the file; give the user read access to it (or run as the store's owner)",
                            path: location.relativePath)
    }
}
