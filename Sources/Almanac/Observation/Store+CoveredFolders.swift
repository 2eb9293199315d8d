/// The folders an observation watches.
extension Store {
    /// The absolute paths of the folders whose changes can change what `subject` reads: for
    /// a query, ``coveredFolders(of:)-(Query)``; for a document found at `location`, the store
    /// root, `data`, the collection's folder and the folders down to its file; for one not
    /// found, every folder of its collection (it may be saved on any day).
    func coveredFolders(of subject: ObservedSubject, at location: DocumentLocation?) throws -> [String] {
        switch subject {
        case .query(let query):
            return try coveredFolders(of: query)
        case .document(let collection, _):
            guard let location, location.id != nil else { return try coveredFolders(of: Query(collection)) }
            var path = url.path
            return [path] + location.folderPath.map { name in
                path += "/" + name
                return path
            }
        }
    }

    /// The absolute paths of the folders whose changes can change `query`'s results: the
    /// store's root (a migration swaps `data` there), `data`, the collection's folder, and
    /// each date folder overlapping the query's range, newest first (an Apple-system watcher
    /// can afford only the first few descriptors).
    ///
    /// - Throws: `.unknownCollection`; `.io` when a folder cannot be listed.
    func coveredFolders(of query: Query) throws -> [String] {
        let descriptor = try collection(named: query.collection)
        let base = url.path
        var folders = [base, base + "/data"]
        guard !descriptor.isSingleton else { return folders }
        let collectionPath = base + "/data/" + descriptor.name
        folders.append(collectionPath)
        let depth = descriptor.partition?.depth ?? 0
        guard depth > 0, let top = try reader.openFolders(["data", descriptor.name]),
              let run = try QueryRun(query, descriptor: descriptor, timeZone: timeZone, filing: filing)
        else { return folders }
        func walk(_ folder: Directory, _ names: [String]) throws {
            guard names.count < depth else { return }
            let children = try folder.entries().filter { $0.kind == .folder }.map(\.name).sorted(by: >)
            for name in children {
                guard let number = DateFolder.number(name, level: names.count) else { continue }
                if let days = run.folderDays, !DateFolder.overlaps(folders: names, next: number, level: names.count, days: days) { continue }
                folders.append(collectionPath + "/" + (names + [name]).joined(separator: "/"))
                // A leaf (day) folder is watched, not listed: no need to open it.
                guard names.count + 1 < depth, let child = try folder.openFolder(name) else { continue }
                try walk(child, names + [name])
            }
        }
        try walk(top, [])
        return folders
    }
}
