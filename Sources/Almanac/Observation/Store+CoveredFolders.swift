/// The folders an observation watches.
extension Store {
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
        folders.append(base + "/data/" + descriptor.name)
        let depth = descriptor.partition?.depth ?? 0
        guard depth > 0, let top = try openFolders(["data", descriptor.name]),
              let run = try QueryRun(query, descriptor: descriptor, timeZone: timeZone, filing: filing)
        else { return folders }
        func walk(_ folder: Directory, _ names: [String]) throws {
            guard names.count < depth else { return }
            let children = try folder.entries().filter { $0.kind == .folder }.map(\.name).sorted(by: >)
            for name in children {
                guard let number = DateFolder.number(name, level: names.count) else { continue }
                if let days = run.folderDays, !DateFolder.overlaps(folders: names, next: number, level: names.count, days: days) { continue }
                folders.append(folders[2] + "/" + (names + [name]).joined(separator: "/"))
                guard let child = try folder.openFolder(name) else { continue }
                try walk(child, names + [name])
            }
        }
        try walk(top, [])
        return folders
    }
}
